import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  type DatePickerProps as AriaDatePickerProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from './field.tsx';

export interface DatePickerProps extends Omit<
  AriaDatePickerProps<CalendarDate>,
  'value' | 'onChange' | 'minValue' | 'maxValue' | 'validate' | 'defaultValue' | 'placeholderValue'
> {
  label: string;
  /** an ISO calendar date (YYYY-MM-DD), '' for none */
  value: string;
  onChange: (value: string) => void;
  /** the first date the calendar offers (YYYY-MM-DD) */
  min?: string;
  description?: string;
  errorMessage?: string;
  /** the name of the button that opens the calendar, and of the calendar's previous and next month buttons */
  calendarLabel: string;
  previousLabel: string;
  nextLabel: string;
}

const toDate = (value: string | undefined): CalendarDate | null => {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
};

const focusRing = `
  &[data-focus-visible] {
    outline: 3px solid var(--focus-colour);
    outline-offset: 1px;
  }
`;

const Root = styled(AriaDatePicker)`
  --focus-colour: ${({ theme }) => theme.colors.focus};
  display: flex;
  flex-direction: column;
  margin-bottom: 1rem;
  .group {
    display: inline-flex;
    align-items: center;
    flex-wrap: wrap;
    max-width: 100%;
    width: fit-content;
    gap: 0.25rem;
    padding-left: 0.5rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.375rem;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    &[data-invalid] {
      border-color: ${({ theme }) => theme.colors.error};
    }
  }
  .input {
    display: flex;
    padding: 0.5rem 0;
  }
  .segment {
    padding: 0 0.1rem;
    border-radius: 0.2rem;
    &[data-placeholder] {
      color: ${({ theme }) => theme.colors.textMuted};
    }
    &[data-focused] {
      background: ${({ theme }) => theme.colors.primary};
      color: ${({ theme }) => theme.colors.surface};
      outline: none;
    }
  }
  .open {
    font: inherit;
    min-width: 2.75rem;
    min-height: 2.75rem;
    border: 0;
    border-left: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
    ${focusRing}
  }
`;

const CalendarPopover = styled(Popover)`
  --focus-colour: ${({ theme }) => theme.colors.focus};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  padding: 0.75rem;
  max-width: calc(100vw - 1rem);
  overflow: auto;
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
    margin-bottom: 0.5rem;
  }
  h2 {
    font-size: 1rem;
    margin: 0;
  }
  button {
    font: inherit;
    min-width: 2.75rem;
    min-height: 2.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.375rem;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    ${focusRing}
  }
  td [role='button'] {
    display: flex;
    align-items: center;
    justify-content: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    cursor: pointer;
    &[data-outside-month] {
      display: none;
    }
    &[data-disabled] {
      color: ${({ theme }) => theme.colors.textMuted};
      text-decoration: line-through;
      cursor: default;
    }
    &[data-selected] {
      background: ${({ theme }) => theme.colors.primary};
      color: ${({ theme }) => theme.colors.surface};
    }
    ${focusRing}
  }
`;

/** A date typed by its segments (day, month, year) or chosen in a calendar; the value is an ISO date. */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  description,
  errorMessage,
  calendarLabel,
  previousLabel,
  nextLabel,
  ...props
}: DatePickerProps) {
  return (
    <Root
      {...props}
      value={toDate(value)}
      minValue={toDate(min) ?? undefined}
      onChange={(date) => onChange(date ? date.toString() : '')}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
      // the rules of the flow say why a date does not fit: the field does not refuse it on its own
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <Group className="group">
        <DateInput className="input">
          {(segment) => <DateSegment className="segment" segment={segment} />}
        </DateInput>
        <AriaButton className="open" aria-label={calendarLabel}>
          ▾
        </AriaButton>
      </Group>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
      <CalendarPopover>
        <Dialog aria-label={label}>
          <Calendar>
            <header>
              <AriaButton slot="previous" aria-label={previousLabel}>
                ‹
              </AriaButton>
              <Heading />
              <AriaButton slot="next" aria-label={nextLabel}>
                ›
              </AriaButton>
            </header>
            <CalendarGrid>{(date) => <CalendarCell date={date} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </CalendarPopover>
    </Root>
  );
}
