import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from './field.tsx';

export interface TextFieldProps extends AriaTextFieldProps {
  label: string;
  description?: string;
  /** a server message for this field (api/field-errors.ts) */
  errorMessage?: string;
  multiline?: boolean;
}

const Root = styled(AriaTextField)`
  display: flex;
  flex-direction: column;
  margin-bottom: 1.25rem;
  input,
  textarea {
    font: inherit;
    letter-spacing: inherit;
    padding: 0.5rem 0.75rem;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    &[data-focus-visible] {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
    &[data-invalid] {
      border-color: ${({ theme }) => theme.colors.error};
    }
  }
`;

export function TextField({ label, description, errorMessage, multiline, ...props }: TextFieldProps) {
  return (
    <Root {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      {multiline ? <TextArea rows={4} /> : <Input />}
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </Root>
  );
}
