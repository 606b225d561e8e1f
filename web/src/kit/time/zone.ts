import {
  fromDate,
  parseDateTime,
  toCalendarDate,
  toCalendarDateTime,
  toZoned,
} from '@internationalized/date';
import type { CalendarDate } from '@internationalized/date';

export { browserTimeZone } from './browser-zone.ts';

/**
 * Days and wall-clock times in a named time zone (an IANA name: the viewer's, session/time-zone.ts), rather than in
 * the browser's. A member's profile keeps the zone they read times in (seed 000 §3 user.timezone, by default
 * Europe/Paris); their device may be elsewhere. Every screen formats instants through react-intl, whose provider
 * carries that zone; what a screen computes from days (a calendar's grid, a week's bounds, a form's date and time
 * field) goes through these, so that its days are the same days its labels say. Pure: the zone is an argument.
 */

/** The calendar day an instant falls on in the zone. */
export function dayIn(instant: Date | string, zone: string): CalendarDate {
  return toCalendarDate(fromDate(new Date(instant), zone));
}

/** The instant a day begins in the zone (its midnight, or the first hour it has when a change of time skips it). */
export function startOfDay(day: CalendarDate, zone: string): Date {
  return day.toDate(zone);
}

/** The day's number in the week, Monday 0 to Sunday 6 (ISO order, whatever the locale's first day). */
export function isoWeekday(day: CalendarDate): number {
  // 2024-01-01 was a Monday
  const days = Math.round((Date.UTC(day.year, day.month - 1, day.day) - Date.UTC(2024, 0, 1)) / 86_400_000);
  return ((days % 7) + 7) % 7;
}

/** The Monday of the day's week. */
export const mondayOfDay = (day: CalendarDate): CalendarDate => day.subtract({ days: isoWeekday(day) });

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it in the zone (`2031-03-04T09:30`), '' when it is none. */
export function localInputOf(iso: unknown, zone: string): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const t = toCalendarDateTime(fromDate(date, zone));
  return `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}`;
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A datetime-local input's value, read as a wall-clock time in the zone, as an instant (ISO 8601, UTC); null when
 * it is not a date and time. A time a change of clocks skips is moved forward by the gap, one it repeats is the
 * earlier of the two (`compatible`, as a browser's own Date reads local times).
 */
export function instantOfLocalInput(local: string, zone: string): string | null {
  if (!LOCAL_INPUT.test(local)) return null;
  try {
    const t = parseDateTime(local);
    return toZoned(t, zone, 'compatible').toDate().toISOString();
  } catch {
    return null;
  }
}
