import {
  Button as AriaButton,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from './field.tsx';

export interface NumberFieldProps extends AriaNumberFieldProps {
  label: string;
  description?: string;
  /** a rule's or the server's message for this field */
  errorMessage?: string;
  /** the names of the − and + buttons */
  decrementLabel: string;
  incrementLabel: string;
}

const Root = styled(AriaNumberField)`
  display: flex;
  flex-direction: column;
  margin-bottom: 1rem;
  .group {
    display: inline-flex;
    align-items: stretch;
    max-width: 100%;
    width: fit-content;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.375rem;
    background: ${({ theme }) => theme.colors.surface};
    &[data-invalid] {
      border-color: ${({ theme }) => theme.colors.error};
    }
  }
  input {
    font: inherit;
    letter-spacing: inherit;
    width: 4.5rem;
    min-width: 0;
    padding: 0.5rem;
    text-align: center;
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    &[data-focus-visible] {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
  }
  button {
    font: inherit;
    min-width: 2.75rem;
    min-height: 2.75rem;
    border: 0;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
    &[data-focus-visible] {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
    &[data-disabled] {
      opacity: 0.5;
      cursor: default;
    }
  }
`;

/** A whole number typed or stepped with − and + (arrow keys too). */
export function NumberField({
  label,
  description,
  errorMessage,
  decrementLabel,
  incrementLabel,
  ...props
}: NumberFieldProps) {
  return (
    <Root {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      <Group className="group">
        <AriaButton slot="decrement" aria-label={decrementLabel}>
          −
        </AriaButton>
        <Input />
        <AriaButton slot="increment" aria-label={incrementLabel}>
          +
        </AriaButton>
      </Group>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
    </Root>
  );
}
