/**
 * The week the eqlaat calendar shows (seed 000 §2.4: `n`, its first day as YYYY-MM-DD, by default the Monday of
 * the current week), in the reader's own time zone as every date of the back office: seven days from local
 * midnight, and the appointments of each day in time order.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as YYYY-MM-DD (the `n` of the calendar's address). */
export function dayParam(day: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(day.getFullYear()).padStart(4, '0')}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

/** The local midnight of a YYYY-MM-DD day, or null when the text names no day of the calendar. */
export function parseDay(value: string | null): Date | null {
  const match = value ? DAY_PATTERN.exec(value) : null;
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(year, month - 1, date);
  // years below 100 are taken as 19xx by Date, and 31 February rolls over: neither is the day asked for
  return day.getFullYear() === year && day.getMonth() === month - 1 && day.getDate() === date ? day : null;
}

/** The local midnight `n` days after `day` (a day of 23 or 25 hours included). */
export function addDays(day: Date, n: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + n);
}

/** The Monday that starts the week of `date`, at local midnight. */
export function mondayOf(date: Date): Date {
  return addDays(date, -((date.getDay() + 6) % 7));
}

export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export interface Week {
  /** the first day's local midnight */
  start: Date;
  /** the seven days, from the first */
  days: Date[];
  /** the midnight after the last day: the week is [start, end) */
  end: Date;
}

export function weekFrom(start: Date): Week {
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return { start, days, end: addDays(start, 7) };
}

/** The week an address asks for: from its `n` when that names a day, else the current week from its Monday. */
export function askedWeek(n: string | null, now: Date): Week {
  return weekFrom(parseDay(n) ?? mondayOf(now));
}

/** The calendar list's `filter[between]`: the week's two ends as instants. */
export const betweenFilter = (week: Week) => `${week.start.toISOString()},${week.end.toISOString()}`;

export interface Timed {
  startAt: string;
  endAt: string;
  title: string;
}

/**
 * The appointments that take place on a day (those that run past midnight on each of their days), by start,
 * then by title.
 */
export function appointmentsOn<T extends Timed>(day: Date, appointments: readonly T[]): T[] {
  const from = day.getTime();
  const to = addDays(day, 1).getTime();
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
