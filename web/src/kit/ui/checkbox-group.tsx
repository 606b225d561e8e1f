import {
  Checkbox,
  CheckboxGroup as AriaCheckboxGroup,
  Label,
  Text,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { FieldError } from './field.tsx';

export interface CheckboxGroupProps extends AriaCheckboxGroupProps {
  label: string;
  description?: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  /** a rule's or the server's message for this choice */
  errorMessage?: string;
}

const Root = styled(AriaCheckboxGroup)`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin-bottom: 1.25rem;
  .group-label {
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
`;

const Option = styled(Checkbox)`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 2.5rem;
  cursor: pointer;
  overflow-wrap: anywhere;
  &::before {
    content: '';
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    border-radius: 0.25rem;
    border: 2px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  &[data-selected]::before {
    border: 0.625rem solid ${({ theme }) => theme.colors.primary};
  }
  &[data-disabled] {
    cursor: default;
    opacity: 0.6;
  }
  &[data-focus-visible]::before {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Several choices of a list (react-aria CheckboxGroup), styled as the radio groups are. */
export function CheckboxGroup({ label, description, options, errorMessage, ...props }: CheckboxGroupProps) {
  return (
    <Root {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label className="group-label">{label}</Label>
      {description ? <Text slot="description">{description}</Text> : null}
      {options.map((o) => (
        <Option key={o.id} value={o.id}>
          {o.label}
        </Option>
      ))}
      <FieldError>{errorMessage}</FieldError>
    </Root>
  );
}
