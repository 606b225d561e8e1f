import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentsOn,
  askedWeek,
  betweenFilter,
  dayParam,
  managedBy,
  managersOf,
  mondayOf,
  parseDay,
} from './calendar-week.ts';

// local dates throughout: the calendar's days are the reader's, whatever the machine's time zone
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const at = (date: Date) => date.toISOString();

describe('the calendar’s week', () => {
  it('reads n as a day of the calendar, and nothing else', () => {
    expect(parseDay('2031-03-03')).toEqual(local(2031, 3, 3));
    expect(parseDay('2031-02-29')).toBeNull();
    expect(parseDay('2031-3-3')).toBeNull();
    expect(parseDay('0099-01-01')).toBeNull();
    expect(parseDay('next week')).toBeNull();
    expect(parseDay(null)).toBeNull();
    expect(dayParam(local(2031, 3, 3))).toBe('2031-03-03');
  });

  it('starts on Monday by default, on the day n names otherwise, and lasts seven days', () => {
    const thursday = local(2031, 3, 6, 15, 30);
    expect(mondayOf(thursday)).toEqual(local(2031, 3, 3));
    expect(mondayOf(local(2031, 3, 9, 23))).toEqual(local(2031, 3, 3));
    expect(mondayOf(local(2031, 3, 3))).toEqual(local(2031, 3, 3));
    const byDefault = askedWeek(null, thursday);
    expect(byDefault.start).toEqual(local(2031, 3, 3));
    expect(byDefault.days.map(dayParam)).toEqual([
      '2031-03-03',
      '2031-03-04',
      '2031-03-05',
      '2031-03-06',
      '2031-03-07',
      '2031-03-08',
      '2031-03-09',
    ]);
    expect(byDefault.end).toEqual(local(2031, 3, 10));
    expect(askedWeek('2031-03-05', thursday).start).toEqual(local(2031, 3, 5));
    expect(askedWeek('2031-13-01', thursday).start).toEqual(local(2031, 3, 3));
    expect(betweenFilter(byDefault)).toBe(`${at(local(2031, 3, 3))},${at(local(2031, 3, 10))}`);
  });

  it('steps whole days across a change of the clocks', () => {
    // the last Sunday of March: a day of 23 hours in Europe
    expect(addDays(local(2031, 3, 24), 7)).toEqual(local(2031, 3, 31));
    expect(addDays(local(2031, 3, 31), -7)).toEqual(local(2031, 3, 24));
  });
});

describe('a day’s appointments', () => {
  const appointment = (title: string, start: Date, end: Date, managers: string[] = []) => ({
    title,
    startAt: at(start),
    endAt: at(end),
    managers: managers.map((id) => ({ id, name: id === 'u1' ? 'Zoe Ward' : 'Ann Lee' })),
  });
  const late = appointment('Late visit', local(2031, 3, 4, 22), local(2031, 3, 5, 1), ['u1']);
  const morning = appointment('Fitting', local(2031, 3, 4, 9), local(2031, 3, 4, 10), ['u2', 'u1']);
  const same = appointment('Assessment', local(2031, 3, 4, 9), local(2031, 3, 4, 11), ['u2']);

  it('are in time order, then by title, each on every day it takes place', () => {
    const all = [late, morning, same];
    expect(appointmentsOn(local(2031, 3, 4), all).map((a) => a.title)).toEqual([
      'Assessment',
      'Fitting',
      'Late visit',
    ]);
    expect(appointmentsOn(local(2031, 3, 5), all).map((a) => a.title)).toEqual(['Late visit']);
    expect(appointmentsOn(local(2031, 3, 3), all)).toEqual([]);
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
