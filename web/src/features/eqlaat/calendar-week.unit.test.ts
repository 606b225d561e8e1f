import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import {
  appointmentsOn,
  askedWeek,
  betweenFilter,
  dayParam,
  managedBy,
  managersOf,
  mondayOf,
  parseDay,
  sameDay,
  weekFrom,
} from './calendar-week.ts';

// the viewer's zone is an argument: the machine's own (UTC in the tests) never decides a day
const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const day = (y: number, m: number, d: number) => new CalendarDate(y, m, d);
const utc = (iso: string) => new Date(`${iso}Z`);
/** A wall-clock time in Paris: UTC+1 until the clocks go forward at 2:00 on 30 March 2031, UTC+2 from then. */
const paris = (m: number, d: number, h = 0, min = 0) =>
  new Date(
    Date.UTC(2031, m - 1, d, h, min) -
      (m < 3 || (m === 3 && (d < 30 || (d === 30 && h < 2))) ? 1 : 2) * 3_600_000,
  );
const at = (date: Date) => date.toISOString();

describe('the calendar’s week', () => {
  it('reads n as a day of the calendar, and nothing else', () => {
    expect(parseDay('2031-03-03')).toEqual(day(2031, 3, 3));
    expect(parseDay('2032-02-29')).toEqual(day(2032, 2, 29));
    expect(parseDay('2031-02-29')).toBeNull();
    expect(parseDay('2031-02-31')).toBeNull();
    expect(parseDay('2031-13-01')).toBeNull();
    expect(parseDay('2031-3-3')).toBeNull();
    expect(parseDay('0099-01-01')).toBeNull();
    expect(parseDay('0000-01-01')).toBeNull();
    expect(parseDay('next week')).toBeNull();
    expect(parseDay('abc')).toBeNull();
    expect(parseDay('')).toBeNull();
    expect(parseDay(null)).toBeNull();
    expect(dayParam(day(2031, 3, 3))).toBe('2031-03-03');
    expect(dayParam(day(2031, 12, 31))).toBe('2031-12-31');
  });

  it('starts on Monday by default, on the day n names otherwise, and lasts seven days', () => {
    const thursday = paris(3, 6, 15, 30);
    expect(mondayOf(thursday, PARIS)).toEqual(day(2031, 3, 3));
    expect(mondayOf(paris(3, 9, 23), PARIS)).toEqual(day(2031, 3, 3));
    expect(mondayOf(paris(3, 3), PARIS)).toEqual(day(2031, 3, 3));
    const byDefault = askedWeek(null, thursday, PARIS);
    expect(byDefault.zone).toBe(PARIS);
    expect(byDefault.start).toEqual(paris(3, 3));
    expect(byDefault.days.map(dayParam)).toEqual([
      '2031-03-03',
      '2031-03-04',
      '2031-03-05',
      '2031-03-06',
      '2031-03-07',
      '2031-03-08',
      '2031-03-09',
    ]);
    expect(byDefault.end).toEqual(paris(3, 10));
    expect(askedWeek('2031-03-05', thursday, PARIS).start).toEqual(paris(3, 5));
    expect(askedWeek('2031-03-05', thursday, PARIS).days[0]).toEqual(day(2031, 3, 5));
    expect(askedWeek('2031-13-01', thursday, PARIS).start).toEqual(paris(3, 3));
    expect(betweenFilter(byDefault)).toBe('2031-03-02T23:00:00.000Z,2031-03-09T23:00:00.000Z');
    expect(betweenFilter(byDefault)).toBe(`${at(paris(3, 3))},${at(paris(3, 10))}`);
  });

  it('falls back to the current week when n names no day', () => {
    const thursday = paris(3, 6, 15, 30);
    for (const n of ['2031-02-31', 'abc', '0099-01-01', '2031-3-3', ''])
      expect(askedWeek(n, thursday, PARIS).days[0], n).toEqual(day(2031, 3, 3));
  });

  it('counts its days, and today, in the zone it is given, not in the machine’s', () => {
    // 02:00 UTC on Monday 3 March is 03:00 that Monday in Paris, and still 21:00 on Sunday 2 March in New York
    const instant = utc('2031-03-03T02:00');
    expect(mondayOf(instant, PARIS)).toEqual(day(2031, 3, 3));
    expect(mondayOf(instant, NEW_YORK)).toEqual(day(2031, 2, 24));
    expect(askedWeek(null, instant, NEW_YORK).days.map(dayParam)).toEqual([
      '2031-02-24',
      '2031-02-25',
      '2031-02-26',
      '2031-02-27',
      '2031-02-28',
      '2031-03-01',
      '2031-03-02',
    ]);
    // the same n is a different stretch of time in each zone: New York's days start 6 hours after Paris's
    const inNewYork = askedWeek('2031-03-03', instant, NEW_YORK);
    expect(betweenFilter(inNewYork)).toBe('2031-03-03T05:00:00.000Z,2031-03-10T04:00:00.000Z');
    expect(betweenFilter(askedWeek('2031-03-03', instant, 'UTC'))).toBe(
      '2031-03-03T00:00:00.000Z,2031-03-10T00:00:00.000Z',
    );
    expect(sameDay(day(2031, 3, 3), day(2031, 3, 3))).toBe(true);
    expect(sameDay(day(2031, 3, 3), day(2031, 3, 2))).toBe(false);
  });

  it('keeps seven whole days across a change of the clocks', () => {
    // the last Sunday of March: a day of 23 hours in Paris, the clocks going forward at 2:00
    const spring = askedWeek('2031-03-30', paris(3, 30, 12), PARIS);
    expect(spring.days.map(dayParam)).toEqual([
      '2031-03-30',
      '2031-03-31',
      '2031-04-01',
      '2031-04-02',
      '2031-04-03',
      '2031-04-04',
      '2031-04-05',
    ]);
    expect(spring.start.toISOString()).toBe('2031-03-29T23:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2031-04-05T22:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(7 * 24 - 1);

    // its own week, from Monday 24 March, ends at the start of Monday 31 March, summer time
    const week = askedWeek(null, paris(3, 30, 12), PARIS);
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toEqual(day(2031, 3, 24));
    expect(week.days[6]).toEqual(day(2031, 3, 30));
    expect(week.end).toEqual(weekFrom(day(2031, 3, 31), PARIS).start);
    expect(week.end.toISOString()).toBe('2031-03-30T22:00:00.000Z');
    // and a week back from it is the week before, whole
    expect(weekFrom(day(2031, 3, 31).subtract({ days: 7 }), PARIS).start).toEqual(week.start);
  });
});

describe('a day’s appointments', () => {
  const appointment = (title: string, start: Date, end: Date, managers: string[] = []) => ({
    title,
    startAt: at(start),
    endAt: at(end),
    managers: managers.map((id) => ({ id, name: id === 'u1' ? 'Zoe Ward' : 'Ann Lee' })),
  });
  const late = appointment('Late visit', paris(3, 4, 22), paris(3, 5, 1), ['u1']);
  const morning = appointment('Fitting', paris(3, 4, 9), paris(3, 4, 10), ['u2', 'u1']);
  const same = appointment('Assessment', paris(3, 4, 9), paris(3, 4, 11), ['u2']);

  it('are in time order, then by title, each on every day it takes place', () => {
    const all = [late, morning, same];
    expect(appointmentsOn(day(2031, 3, 4), PARIS, all).map((a) => a.title)).toEqual([
      'Assessment',
      'Fitting',
      'Late visit',
    ]);
    expect(appointmentsOn(day(2031, 3, 5), PARIS, all).map((a) => a.title)).toEqual(['Late visit']);
    expect(appointmentsOn(day(2031, 3, 3), PARIS, all)).toEqual([]);
  });

  it('are those of the day in the zone: an early hour in Paris is the evening before in New York', () => {
    const early = appointment('Early call', utc('2031-03-03T02:00'), utc('2031-03-03T03:00'));
    // Monday 3 March, 3:00 in Paris; Sunday 2 March, 21:00 in New York, the last day of the week before
    expect(appointmentsOn(day(2031, 3, 3), PARIS, [early])).toEqual([early]);
    expect(appointmentsOn(day(2031, 3, 2), PARIS, [early])).toEqual([]);
    expect(appointmentsOn(day(2031, 3, 2), NEW_YORK, [early])).toEqual([early]);
    expect(appointmentsOn(day(2031, 3, 3), NEW_YORK, [early])).toEqual([]);
    const inNewYork = askedWeek(null, utc('2031-03-03T02:00'), NEW_YORK);
    expect(
      inNewYork.days.filter((d) => appointmentsOn(d, NEW_YORK, [early]).length > 0).map(dayParam),
    ).toEqual(['2031-03-02']);
    const inParis = askedWeek(null, utc('2031-03-03T02:00'), PARIS);
    expect(inParis.days.filter((d) => appointmentsOn(d, PARIS, [early]).length > 0).map(dayParam)).toEqual([
      '2031-03-03',
    ]);
  });

  it('end a day of 23 hours at its own end, the next day’s start', () => {
    // Sunday 30 March 2031 in Paris runs from 23:00 UTC the day before to 22:00 UTC
    const lastHour = appointment('Last hour', utc('2031-03-30T21:00'), utc('2031-03-30T22:00'));
    const firstHour = appointment('First hour', utc('2031-03-30T22:00'), utc('2031-03-30T23:00'));
    expect(appointmentsOn(day(2031, 3, 30), PARIS, [lastHour, firstHour])).toEqual([lastHour]);
    expect(appointmentsOn(day(2031, 3, 31), PARIS, [lastHour, firstHour])).toEqual([firstHour]);
  });

  it('name their managers once each, by name, and keep a manager’s own', () => {
    expect(managersOf([late, morning, same])).toEqual([
      { id: 'u2', name: 'Ann Lee' },
      { id: 'u1', name: 'Zoe Ward' },
    ]);
    expect(managedBy([late, morning, same], 'u2').map((a) => a.title)).toEqual(['Fitting', 'Assessment']);
    expect(managedBy([late, morning, same], null)).toHaveLength(3);
  });
});
