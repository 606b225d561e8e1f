import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  description?: string;
  errorMessage?: string;
}

const Trigger = styled(AriaButton)`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  font: inherit;
  letter-spacing: inherit;
  border-radius: 0.375rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

export const PopoverSurface = styled(Popover)`
  min-width: var(--trigger-width);
  max-width: calc(100vw - 1rem);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.25);
  padding: 0.25rem;
  overflow: auto;
`;

export const OptionItem = styled(ListBoxItem)`
  padding: 0.5rem 0.75rem;
  border-radius: 0.375rem;
  cursor: pointer;
  outline: none;
  &[data-focused],
  &[data-hovered] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
  &[data-selected] {
    font-weight: 700;
  }
`;

export function Select({ label, options, description, errorMessage, ...props }: SelectProps) {
  return (
    <AriaSelect {...props} isInvalid={props.isInvalid ?? Boolean(errorMessage)}>
      <Label>{label}</Label>
      <Trigger>
        <SelectValue />
        <ChevronDownIcon />
      </Trigger>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
      <PopoverSurface>
        <ListBox items={options}>{(o) => <OptionItem id={o.id}>{o.label}</OptionItem>}</ListBox>
      </PopoverSurface>
    </AriaSelect>
  );
}

export type { Key };
