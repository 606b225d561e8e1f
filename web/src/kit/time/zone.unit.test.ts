import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { dayIn, instantOfLocalInput, isoWeekday, localInputOf, mondayOfDay, startOfDay } from './zone.ts';

describe('days and times in a time zone', () => {
  it('says the day an instant falls on in the zone, not in the browser’s', () => {
    // 02:30 UTC on 1 March is still 28 February in New York, and already 1 March in Paris and Tokyo
    const instant = '2031-03-01T02:30:00.000Z';
    expect(dayIn(instant, 'America/New_York').toString()).toBe('2031-02-28');
    expect(dayIn(instant, 'Europe/Paris').toString()).toBe('2031-03-01');
    expect(dayIn(new Date(instant), 'Asia/Tokyo').toString()).toBe('2031-03-01');
  });

  it('starts a day at its midnight in the zone, a day of 23 hours included', () => {
    expect(startOfDay(new CalendarDate(2031, 3, 1), 'Europe/Paris').toISOString()).toBe(
      '2031-02-28T23:00:00.000Z',
    );
    // the clocks go forward on 30 March 2031 in Paris: that day lasts 23 hours
    const spring = startOfDay(new CalendarDate(2031, 3, 30), 'Europe/Paris');
    const next = startOfDay(new CalendarDate(2031, 3, 31), 'Europe/Paris');
    expect((next.getTime() - spring.getTime()) / 3_600_000).toBe(23);
  });

  it('numbers the days of the week from Monday, and finds a week’s Monday', () => {
    expect(isoWeekday(new CalendarDate(2031, 3, 3))).toBe(0); // a Monday
    expect(isoWeekday(new CalendarDate(2031, 3, 9))).toBe(6); // a Sunday
    expect(isoWeekday(new CalendarDate(1999, 12, 31))).toBe(4); // a Friday, before the reference day
    expect(mondayOfDay(new CalendarDate(2031, 3, 9)).toString()).toBe('2031-03-03');
    expect(mondayOfDay(new CalendarDate(2031, 3, 1)).toString()).toBe('2031-02-24');
  });

  it('shows an instant in a date and time field as the zone’s wall clock, and reads it back', () => {
    const instant = '2031-06-15T07:30:00.000Z';
    expect(localInputOf(instant, 'Europe/Paris')).toBe('2031-06-15T09:30');
    expect(localInputOf(instant, 'America/New_York')).toBe('2031-06-15T03:30');
    expect(instantOfLocalInput('2031-06-15T09:30', 'Europe/Paris')).toBe(instant);
    expect(instantOfLocalInput('2031-06-15T03:30', 'America/New_York')).toBe(instant);
    expect(localInputOf(null, 'Europe/Paris')).toBe('');
    expect(localInputOf('not a date', 'Europe/Paris')).toBe('');
  });

  it('moves a time the clocks skip forward, and takes the earlier of a time they repeat', () => {
    // 02:30 does not exist in Paris on 30 March 2031; 02:30 happens twice on 26 October 2031
    expect(instantOfLocalInput('2031-03-30T02:30', 'Europe/Paris')).toBe('2031-03-30T01:30:00.000Z');
    expect(instantOfLocalInput('2031-10-26T02:30', 'Europe/Paris')).toBe('2031-10-26T00:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(instantOfLocalInput('', 'Europe/Paris')).toBeNull();
    expect(instantOfLocalInput('2031-06-15', 'Europe/Paris')).toBeNull();
    expect(instantOfLocalInput('tomorrow at nine', 'Europe/Paris')).toBeNull();
    expect(instantOfLocalInput('2031-13-45T10:00', 'Europe/Paris')).toBeNull();
  });
});
