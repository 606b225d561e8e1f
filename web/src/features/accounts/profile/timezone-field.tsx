import { DEFAULT_TIMEZONE } from '@platform/contracts/accounts/reference';
import { useMemo } from 'react';
import { Button as AriaButton, ComboBox, Input, ListBox, useFilter, type Key } from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from '../../../kit/ui/field.tsx';
import { ChevronDownIcon } from '../../../kit/ui/icons.tsx';
import { OptionItem, PopoverSurface } from '../../../kit/ui/select.tsx';

/** Every IANA time zone this browser knows, Europe/Paris first when the list lacks it (seed 000 §9 default). */
export function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  for (const z of [DEFAULT_TIMEZONE, current]) if (z) all.add(z);
  return [...all].sort((a, b) => a.localeCompare(b));
}

const Root = styled(ComboBox)`
  display: flex;
  flex-direction: column;
  margin-bottom: 1.25rem;
  .combo {
    display: flex;
    align-items: stretch;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.375rem;
    background: ${({ theme }) => theme.colors.surface};
    &:focus-within {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
  }
  &[data-invalid] .combo {
    border-color: ${({ theme }) => theme.colors.error};
  }
  input {
    flex: 1;
    min-width: 0;
    font: inherit;
    letter-spacing: inherit;
    padding: 0.5rem 0.75rem;
    border: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    outline: none;
  }
` as typeof ComboBox;

const Toggle = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.75rem;
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const ScrollingPopover = styled(PopoverSurface)`
  max-height: 20rem;
`;

/**
 * A searchable list of time zones (react-aria ComboBox: type to filter, arrows to move, Enter to choose).
 * Typing "paris" or "new york" finds the zone; a zone is stored by its IANA id.
 */
export function TimezoneField({
  label,
  description,
  value,
  onChange,
  errorMessage,
  showAllLabel,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (zone: string) => void;
  errorMessage?: string;
  /** the accessible name of the button that opens the whole list */
  showAllLabel: string;
}) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = useMemo(() => timeZones(value).map((id) => ({ id, name: id.replace(/_/g, ' ') })), [value]);
  return (
    <Root
      defaultItems={items}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      defaultFilter={(text, input) => contains(text, input) || contains(text, input.replace(/ /g, '_'))}
      isInvalid={Boolean(errorMessage)}
    >
      <Label>{label}</Label>
      <div className="combo">
        <Input />
        <Toggle aria-label={showAllLabel}>
          <ChevronDownIcon />
        </Toggle>
      </div>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
      <ScrollingPopover>
        <ListBox<{ id: string; name: string }>>
          {(item) => (
            <OptionItem id={item.id} textValue={item.name}>
              {item.name}
            </OptionItem>
          )}
        </ListBox>
      </ScrollingPopover>
    </Root>
  );
}
