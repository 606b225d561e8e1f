import {
  Label,
  Radio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { FieldError } from './field.tsx';

export interface RadioGroupProps extends AriaRadioGroupProps {
  label: string;
  options: ReadonlyArray<{ id: string; label: string; style?: React.CSSProperties }>;
  /** a rule's or the server's message for this choice */
  errorMessage?: string;
}

const Root = styled(AriaRadioGroup)`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin-bottom: 1.25rem;
  .group-label {
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
`;

const Option = styled(Radio)`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 2.5rem;
  cursor: pointer;
  &::before {
    content: '';
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    border-radius: 50%;
    border: 2px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  &[data-selected]::before {
    border: 0.4rem solid ${({ theme }) => theme.colors.primary};
  }
  &[data-focus-visible]::before {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export function RadioGroup({ label, options, errorMessage, ...props }: RadioGroupProps) {
  return (
    <Root {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label className="group-label">{label}</Label>
      {options.map((o) => (
        <Option key={o.id} value={o.id} style={o.style}>
          {o.label}
        </Option>
      ))}
      <FieldError>{errorMessage}</FieldError>
    </Root>
  );
}
