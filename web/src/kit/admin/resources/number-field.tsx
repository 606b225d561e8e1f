import { Input, NumberField as AriaNumberField, type NumberFieldProps } from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from '../../ui/field.tsx';

const Root = styled(AriaNumberField)`
  display: flex;
  flex-direction: column;
  margin-bottom: 1.25rem;
  input {
    font: inherit;
    letter-spacing: inherit;
    max-width: 100%;
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

/**
 * A number in the reader's language (react-aria's NumberField: typed digits, arrow keys step, the bounds of the
 * schema). web/src/ui has no number field yet; this one is styled like its TextField and could move there.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  ...props
}: NumberFieldProps & { label: string; description?: string; errorMessage?: string }) {
  return (
    <Root {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      <Input />
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </Root>
  );
}
