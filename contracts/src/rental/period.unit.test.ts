import { describe, expect, it } from 'vitest';
import type { RentalEnvironment } from './environment.ts';
import {
  addDays,
  calendarDateIn,
  checkPeriod,
  minimumDuration,
  periodDays,
  periodsOverlap,
} from './period.ts';

type PeriodEnv = Pick<
  RentalEnvironment,
  'rentalMinDuration' | 'rentalDurationMultiple' | 'rentalMaxDuration' | 'rentalBeforeStartDuration'
>;
const unset: PeriodEnv = {
  rentalMinDuration: null,
  rentalDurationMultiple: null,
  rentalMaxDuration: null,
  rentalBeforeStartDuration: null,
};
/** Monday 4 May 2026, noon in Paris */
const now = new Date('2026-05-04T10:00:00Z');
const codes = (issues: { field: string; code: string }[]) =>
  issues.map((issue) => `${issue.field}:${issue.code}`);

describe('minimum rental duration (seed 000 §5)', () => {
  it('is the largest of 2, the configured minimum and the duration multiple', () => {
    expect(minimumDuration(unset)).toBe(2);
    expect(minimumDuration({ rentalMinDuration: 1, rentalDurationMultiple: 1 })).toBe(2);
    expect(minimumDuration({ rentalMinDuration: 5, rentalDurationMultiple: 3 })).toBe(5);
    expect(minimumDuration({ rentalMinDuration: 3, rentalDurationMultiple: 7 })).toBe(7);
  });
});

describe('period days', () => {
  it('counts the days between start and end, across months and a leap day', () => {
    expect(periodDays({ startAt: '2026-05-01', endAt: '2026-05-03' })).toBe(2);
    expect(periodDays({ startAt: '2028-02-27', endAt: '2028-03-01' })).toBe(3);
    expect(periodDays({ startAt: '2026-03-28', endAt: '2026-03-30' })).toBe(2);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("reads today in the platform's time zone, not the machine's", () => {
    const lateEvening = new Date('2026-05-03T22:30:00Z');
    expect(calendarDateIn(lateEvening)).toBe('2026-05-04');
    expect(calendarDateIn(lateEvening, 'UTC')).toBe('2026-05-03');
  });
});

describe('checkPeriod', () => {
  it('accepts a period of exactly the minimum, and refuses one day short', () => {
    const env = { ...unset, rentalMinDuration: 4 };
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-14' }, env, now)).toEqual([]);
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-13' }, env, now)).toEqual([
      { field: 'endAt', code: 'too_short', detail: 'must be at least 4 days', limit: 4 },
    ]);
  });

  it('never accepts fewer than 2 days', () => {
    expect(codes(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-11' }, unset, now))).toEqual([
      'endAt:too_short',
    ]);
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-12' }, unset, now)).toEqual([]);
  });

  it('wants a multiple of rentalDurationMultiple', () => {
    const env = { ...unset, rentalDurationMultiple: 7 };
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-24' }, env, now)).toEqual([]);
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-25' }, env, now)).toEqual([
      { field: 'endAt', code: 'not_a_multiple', detail: 'must last a multiple of 7 days', limit: 7 },
    ]);
    // shorter than the multiple is too short as well as not a multiple
    expect(codes(checkPeriod({ startAt: '2026-05-10', endAt: '2026-05-15' }, env, now))).toEqual([
      'endAt:too_short',
      'endAt:not_a_multiple',
    ]);
  });

  it('accepts rentalMaxDuration days and refuses one more', () => {
    const env = { ...unset, rentalMaxDuration: 30 };
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-06-09' }, env, now)).toEqual([]);
    expect(checkPeriod({ startAt: '2026-05-10', endAt: '2026-06-10' }, env, now)).toEqual([
      { field: 'endAt', code: 'too_long', detail: 'must be at most 30 days', limit: 30 },
    ]);
  });

  it('wants the start rentalBeforeStartDuration days ahead of today', () => {
    const env = { ...unset, rentalBeforeStartDuration: 3 };
    expect(checkPeriod({ startAt: '2026-05-07', endAt: '2026-05-10' }, env, now)).toEqual([]);
    expect(checkPeriod({ startAt: '2026-05-06', endAt: '2026-05-10' }, env, now)).toEqual([
      { field: 'startAt', code: 'too_soon', detail: 'must be at least 3 days from today', limit: 3 },
    ]);
  });

  it('refuses a start in the past even when no delay is set, and accepts today', () => {
    expect(checkPeriod({ startAt: '2026-05-04', endAt: '2026-05-06' }, unset, now)).toEqual([]);
    expect(checkPeriod({ startAt: '2026-05-03', endAt: '2026-05-06' }, unset, now)).toEqual([
      { field: 'startAt', code: 'too_soon', detail: 'must not be in the past', limit: 0 },
    ]);
  });

  it('refuses an end before or on the start, and nothing else then', () => {
    const env = { ...unset, rentalMinDuration: 4, rentalBeforeStartDuration: 10 };
    for (const endAt of ['2026-05-10', '2026-05-09'])
      expect(checkPeriod({ startAt: '2026-05-10', endAt }, env, now)).toEqual([
        { field: 'endAt', code: 'end_not_after_start', detail: 'must be after the start date' },
      ]);
  });

  it('refuses dates that are not calendar dates, on their field', () => {
    expect(codes(checkPeriod({ startAt: '2026-02-30', endAt: '2026-03-05' }, unset, now))).toEqual([
      'startAt:invalid_date',
    ]);
    expect(codes(checkPeriod({ startAt: '10/05/2026', endAt: 'soon' }, unset, now))).toEqual([
      'startAt:invalid_date',
      'endAt:invalid_date',
    ]);
    expect(codes(checkPeriod({ startAt: '2026-05-10T00:00:00Z', endAt: '2026-05-20' }, unset, now))).toEqual([
      'startAt:invalid_date',
    ]);
  });

  it('reports every rule a period breaks', () => {
    const env = {
      rentalMinDuration: null,
      rentalDurationMultiple: 2,
      rentalMaxDuration: 4,
      rentalBeforeStartDuration: 2,
    };
    expect(codes(checkPeriod({ startAt: '2026-05-05', endAt: '2026-05-10' }, env, now))).toEqual([
      'endAt:not_a_multiple',
      'endAt:too_long',
      'startAt:too_soon',
    ]);
  });
});

describe('periodsOverlap', () => {
  const may = { startAt: '2026-05-10', endAt: '2026-05-20' };

  it('finds periods sharing a day', () => {
    expect(periodsOverlap(may, { startAt: '2026-05-19', endAt: '2026-05-25' })).toBe(true);
    expect(periodsOverlap(may, { startAt: '2026-05-01', endAt: '2026-05-11' })).toBe(true);
    expect(periodsOverlap(may, { startAt: '2026-05-12', endAt: '2026-05-14' })).toBe(true);
    expect(periodsOverlap({ startAt: '2026-05-12', endAt: '2026-05-14' }, may)).toBe(true);
    expect(periodsOverlap(may, may)).toBe(true);
  });

  it('lets a period start on the day another ends', () => {
    expect(periodsOverlap(may, { startAt: '2026-05-20', endAt: '2026-05-22' })).toBe(false);
    expect(periodsOverlap({ startAt: '2026-05-01', endAt: '2026-05-10' }, may)).toBe(false);
    expect(periodsOverlap(may, { startAt: '2026-06-01', endAt: '2026-06-03' })).toBe(false);
  });
});
