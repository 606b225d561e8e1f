import { z } from 'zod/v4';
import { DEFAULT_TIMEZONE } from '../accounts/reference.ts';
import type { RentalEnvironment } from './environment.ts';

/*
 * A rental period is two ISO calendar dates (YYYY-MM-DD): the items leave on startAt and come back on
 * endAt. Its duration is the number of days between them (endAt minus startAt, so 2026-05-01 → 2026-05-03
 * is 2 days), and as an interval it is half-open, [startAt, endAt): a period ending on a day and another
 * starting that same day do not overlap. Every rule here counts days this one way.
 */

const DAY_MS = 86_400_000;

/** An ISO calendar date that exists (zod checks the month's length and leap years). */
export const RentalDateSchema = z.string().date();

export const RentalPeriodSchema = z.object({ startAt: RentalDateSchema, endAt: RentalDateSchema });
export type RentalPeriod = z.infer<typeof RentalPeriodSchema>;

export function isCalendarDate(value: string): boolean {
  return RentalDateSchema.safeParse(value).success;
}

/** Days since 1970-01-01 of a valid calendar date. */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** endAt minus startAt, in days (negative when reversed). */
export function periodDays(period: RentalPeriod): number {
  return dayNumber(period.endAt) - dayNumber(period.startAt);
}

/** The calendar date `days` after `date` (before when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an instant in a time zone: "today" for the rules, with the clock read by the caller. */
export function calendarDateIn(instant: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Seed 000 §5: the largest of 2, the configured minimum and the configured duration multiple, in days. */
export function minimumDuration(
  env: Pick<RentalEnvironment, 'rentalMinDuration' | 'rentalDurationMultiple'>,
): number {
  return Math.max(2, env.rentalMinDuration ?? 0, env.rentalDurationMultiple ?? 0);
}

export type RentalPeriodIssueCode =
  'invalid_date' | 'end_not_after_start' | 'too_short' | 'not_a_multiple' | 'too_long' | 'too_soon';

export interface RentalPeriodIssue {
  field: 'startAt' | 'endAt';
  code: RentalPeriodIssueCode;
  detail: string;
  /** the number of days the rule compared with, for a translated message */
  limit?: number;
}

/**
 * Every reason a period cannot be booked (none: it can). A period must be at least minimumDuration days,
 * a multiple of rentalDurationMultiple, at most rentalMaxDuration days, and start at least
 * rentalBeforeStartDuration days after today (never in the past, even when unset). A null value sets no
 * rule; 0 and 1 as a multiple set none either. Today is `now`'s date in `timeZone` (the platform's default
 * time zone unless given), so the server and the web agree on it whatever their own zone.
 */
export function checkPeriod(
  period: { startAt: string; endAt: string },
  env: Pick<
    RentalEnvironment,
    'rentalMinDuration' | 'rentalDurationMultiple' | 'rentalMaxDuration' | 'rentalBeforeStartDuration'
  >,
  now: Date,
  timeZone: string = DEFAULT_TIMEZONE,
): RentalPeriodIssue[] {
  const invalid = (['startAt', 'endAt'] as const)
    .filter((field) => !isCalendarDate(period[field]))
    .map((field): RentalPeriodIssue => ({
      field,
      code: 'invalid_date',
      detail: 'must be a date (YYYY-MM-DD)',
    }));
  if (invalid.length) return invalid;

  const days = periodDays(period);
  if (days <= 0)
    return [{ field: 'endAt', code: 'end_not_after_start', detail: 'must be after the start date' }];

  const issues: RentalPeriodIssue[] = [];
  const minimum = minimumDuration(env);
  if (days < minimum)
    issues.push({
      field: 'endAt',
      code: 'too_short',
      detail: `must be at least ${minimum} days`,
      limit: minimum,
    });
  const multiple = env.rentalDurationMultiple ?? 0;
  if (multiple > 1 && days % multiple !== 0)
    issues.push({
      field: 'endAt',
      code: 'not_a_multiple',
      detail: `must last a multiple of ${multiple} days`,
      limit: multiple,
    });
  const maximum = env.rentalMaxDuration;
  if (maximum !== null && days > maximum)
    issues.push({
      field: 'endAt',
      code: 'too_long',
      detail: `must be at most ${maximum} days`,
      limit: maximum,
    });

  const ahead = env.rentalBeforeStartDuration ?? 0;
  if (dayNumber(period.startAt) - dayNumber(calendarDateIn(now, timeZone)) < ahead)
    issues.push({
      field: 'startAt',
      code: 'too_soon',
      detail: ahead === 0 ? 'must not be in the past' : `must be at least ${ahead} days from today`,
      limit: ahead,
    });
  return issues;
}

/** Whether two periods share a day, [startAt, endAt) each: the rule that keeps an item from two rentals. */
export function periodsOverlap(a: RentalPeriod, b: RentalPeriod): boolean {
  return dayNumber(a.startAt) < dayNumber(b.endAt) && dayNumber(b.startAt) < dayNumber(a.endAt);
}
