import { describe, expect, it } from 'vitest';
import { freeUnits, holdCounts, unavailableDays, type CalendarHold, type CalendarItem } from './calendar.ts';
import { addDays } from './period.ts';

const NOW = new Date('2027-01-01T12:00:00Z');
const item = (id: string, ...off: Array<[string, string]>): CalendarItem => ({
  itemId: id,
  unavailabilities: off.map(([startAt, endAt]) => ({ startAt, endAt })),
});
let serial = 0;
const hold = (
  startAt: string,
  endAt: string,
  quantity = 1,
  expiresAt: string | null = null,
): CalendarHold => ({
  holdId: `hold-${++serial}`,
  bookingId: `booking-${serial}`,
  userId: 'member',
  quantity,
  startAt,
  endAt,
  expiresAt,
});

/** The rule as the seed says it, day by day, with nothing clever: the reference the sweep is checked against. */
function naiveFree(items: CalendarItem[], holds: CalendarHold[], period: { startAt: string; endAt: string }) {
  let fewest = items.length;
  for (let day = period.startAt; day < period.endAt; day = addDays(day, 1)) {
    const usable = items.filter(
      (i) => !i.unavailabilities.some((o) => o.startAt <= day && day < o.endAt),
    ).length;
    const held = holds
      .filter((h) => holdCounts(h, NOW) && h.startAt <= day && day < h.endAt)
      .reduce((sum, h) => sum + h.quantity, 0);
    fewest = Math.min(fewest, usable - held);
  }
  return Math.max(0, fewest);
}

describe('the free units of a model over a period', () => {
  const items = [item('a'), item('b'), item('c', ['2027-02-05', '2027-02-07'])];

  it('counts every item when nothing is held', () => {
    expect(freeUnits(items, [], { startAt: '2027-02-10', endAt: '2027-02-15' }, NOW)).toBe(3);
  });

  it('takes the fewest over the days: a hold on any day of the period counts', () => {
    const holds = [hold('2027-02-12', '2027-02-13', 2)];
    expect(freeUnits(items, holds, { startAt: '2027-02-10', endAt: '2027-02-15' }, NOW)).toBe(1);
  });

  it('treats periods as half-open: a rental may start the day another ends', () => {
    const holds = [hold('2027-02-01', '2027-02-10', 3)];
    expect(freeUnits(items, holds, { startAt: '2027-02-10', endAt: '2027-02-12' }, NOW)).toBe(3);
    expect(freeUnits(items, holds, { startAt: '2027-02-09', endAt: '2027-02-12' }, NOW)).toBe(0);
  });

  it('counts an unavailable item as one unit off, however many of its unavailabilities overlap', () => {
    const twice = [item('a', ['2027-03-01', '2027-03-05'], ['2027-03-02', '2027-03-04']), item('b')];
    expect(freeUnits(twice, [], { startAt: '2027-03-01', endAt: '2027-03-10' }, NOW)).toBe(1);
    expect(freeUnits(items, [], { startAt: '2027-02-06', endAt: '2027-02-08' }, NOW)).toBe(2);
  });

  it('lets a lapsed hold count for nothing, and a kept one (no expiry) for good', () => {
    const holds = [
      hold('2027-02-10', '2027-02-12', 2, '2027-01-01T11:59:59Z'),
      hold('2027-02-10', '2027-02-12', 1),
    ];
    expect(freeUnits(items, holds, { startAt: '2027-02-10', endAt: '2027-02-12' }, NOW)).toBe(2);
  });

  it('never answers fewer than none', () => {
    const holds = [hold('2027-02-10', '2027-02-12', 5)];
    expect(freeUnits(items, holds, { startAt: '2027-02-10', endAt: '2027-02-12' }, NOW)).toBe(0);
  });

  it('agrees with the day-by-day rule on a thousand random calendars', () => {
    let x = 42;
    const random = (n: number) => (x = (x * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 1000; round++) {
      const day = (n: number) => addDays('2027-04-01', n);
      const many = Array.from({ length: 1 + random(4) }, (_, i) => {
        const start = random(30);
        return random(2) ? item(`i${i}`, [day(start), day(start + 1 + random(5))]) : item(`i${i}`);
      });
      const holds = Array.from({ length: random(8) }, () => {
        const start = random(30);
        const expires = random(3) === 0 ? '2027-01-01T00:00:00Z' : null;
        return hold(day(start), day(start + 1 + random(9)), 1 + random(2), expires);
      });
      const start = random(30);
      const period = { startAt: day(start), endAt: day(start + 1 + random(12)) };
      expect(freeUnits(many, holds, period, NOW), JSON.stringify({ many, holds, period })).toBe(
        naiveFree(many, holds, period),
      );
    }
  });
});

describe('the days an unavailability touches', () => {
  it('are every day from the one it starts on to the one it ends on, in the platform’s time zone', () => {
    expect(
      unavailableDays({ startAt: '2027-02-05T14:00:00+01:00', endAt: '2027-02-07T09:00:00+01:00' }),
    ).toEqual({
      startAt: '2027-02-05',
      endAt: '2027-02-08',
    });
    // ending at midnight: the day after is free
    expect(
      unavailableDays({ startAt: '2027-02-05T00:00:00+01:00', endAt: '2027-02-07T00:00:00+01:00' }),
    ).toEqual({
      startAt: '2027-02-05',
      endAt: '2027-02-07',
    });
  });
});
