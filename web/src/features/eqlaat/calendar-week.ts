import { parseDate, type CalendarDate } from '@internationalized/date';
import { dayIn, mondayOfDay, startOfDay } from '../../kit/time/zone.ts';

/**
 * The week the eqlaat calendar shows (seed 000 §2.4: `n`, its first day as YYYY-MM-DD, by default the Monday of
 * the current week), in the viewer's time zone as every date of the back office (session/time-zone.ts): seven
 * days of that zone, each from its start there, and the appointments of each day in time order. Pure: the zone is
 * an argument, so that the days a screen computes are the days its labels (react-intl, in the same zone) say.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The calendar counts from year 100 on: `n` of an earlier year names no week (nor did it when Date read it). */
const FIRST_YEAR = 100;

/** A day as YYYY-MM-DD (the `n` of the calendar's address). */
export const dayParam = (day: CalendarDate): string => day.toString();

/** The day a YYYY-MM-DD text names, or null when it names no day of the calendar (31 February, year 99, 'abc'). */
export function parseDay(value: string | null): CalendarDate | null {
  if (!value || !DAY_PATTERN.test(value)) return null;
  try {
    const day = parseDate(value);
    return day.year >= FIRST_YEAR && day.toString() === value ? day : null;
  } catch {
    // a month or a day out of range
    return null;
  }
}

/** The Monday that starts the week `instant` falls in, in the zone. */
export const mondayOf = (instant: Date, zone: string): CalendarDate => mondayOfDay(dayIn(instant, zone));

export const sameDay = (a: CalendarDate, b: CalendarDate) => a.compare(b) === 0;

export interface Week {
  /** the zone its days are days of */
  zone: string;
  /** the seven days, from the first */
  days: CalendarDate[];
  /** the instant the first day starts in the zone */
  start: Date;
  /** the instant the day after the last starts: the week is [start, end), 168 hours but for a change of clocks */
  end: Date;
}

/** The week of seven days from `first`, in the zone. */
export function weekFrom(first: CalendarDate, zone: string): Week {
  const days = Array.from({ length: 7 }, (_, i) => first.add({ days: i }));
  return { zone, days, start: startOfDay(first, zone), end: startOfDay(first.add({ days: 7 }), zone) };
}

/** The week an address asks for: from its `n` when that names a day, else the zone's current week from its Monday. */
export function askedWeek(n: string | null, now: Date, zone: string): Week {
  return weekFrom(parseDay(n) ?? mondayOf(now, zone), zone);
}

/** The calendar list's `filter[between]`: the week's two ends as instants. */
export const betweenFilter = (week: Week) => `${week.start.toISOString()},${week.end.toISOString()}`;

export interface Timed {
  startAt: string;
  endAt: string;
  title: string;
}

/**
 * The appointments that take place on a day of the zone, from its start to the next day's (those that run past
 * midnight on each of their days), by start, then by title.
 */
export function appointmentsOn<T extends Timed>(
  day: CalendarDate,
  zone: string,
  appointments: readonly T[],
): T[] {
  const from = startOfDay(day, zone).getTime();
  const to = startOfDay(day.add({ days: 1 }), zone).getTime();
  return appointments
    .filter((a) => Date.parse(a.startAt) < to && Date.parse(a.endAt) > from)
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt) || a.title.localeCompare(b.title));
}

export interface Person {
  id: string;
  name: string;
}

/** The people who manage any of the appointments, each once, by name. */
export function managersOf(appointments: ReadonlyArray<{ managers: readonly Person[] }>): Person[] {
  const byId = new Map<string, Person>();
  for (const appointment of appointments)
    for (const manager of appointment.managers) if (!byId.has(manager.id)) byId.set(manager.id, manager);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The appointments a manager leads; all of them when no manager is chosen. */
export function managedBy<T extends { managers: readonly Person[] }>(
  appointments: readonly T[],
  managerId: string | null,
): T[] {
  return managerId
    ? appointments.filter((a) => a.managers.some((m) => m.id === managerId))
    : [...appointments];
}
