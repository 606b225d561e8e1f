import {
  Checkbox,
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from '../../kit/ui/field.tsx';

/**
 * A labelled group of checkboxes (react-aria), styled like the platform's radio group. The menu item form is
 * its only user so far; it belongs in ui/ once a second screen needs one.
 */
export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children'> {
  label: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  description?: string;
  errorMessage?: string;
}

const Root = styled(AriaCheckboxGroup)`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin-bottom: 1.25rem;
`;

const Option = styled(Checkbox)`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 2.5rem;
  cursor: pointer;
  .box {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 1.25rem;
    height: 1.25rem;
    border-radius: 0.25rem;
    border: 2px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  .box svg {
    width: 0.875rem;
    height: 0.875rem;
    visibility: hidden;
  }
  &[data-selected] .box {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
  }
  &[data-selected] .box svg {
    visibility: visible;
  }
  &[data-focus-visible] .box {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export function CheckboxGroup({ label, options, description, errorMessage, ...props }: CheckboxGroupProps) {
  return (
    <Root {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      {options.map((o) => (
        <Option key={o.id} value={o.id}>
          <span className="box" aria-hidden="true">
            <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M3 8.5l3.2 3L13 4.5" />
            </svg>
          </span>
          {o.label}
        </Option>
      ))}
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </Root>
  );
}
