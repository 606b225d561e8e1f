import { z } from 'zod';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { addDays, calendarDateIn, periodsOverlap } from './period.ts';

/**
 * A rental model's calendar: the units of the model that bookings hold and commands keep, period by period. It is
 * one stream per model (`rentalCalendar-{modelId}`), appended with its expected version, so that two bookings racing
 * for the model's last unit cannot both be stored (ARCHITECTURE.md §4; ADR 0028).
 *
 * Periods are calendar days, half-open: `startAt` is the first day, `endAt` the day the equipment is back (not
 * counted). Two periods overlap when each starts before the other ends.
 */
export const CALENDAR_CATEGORY = 'rentalCalendar';
export const calendarStreamId = (modelId: string) => `${CALENDAR_CATEGORY}-${modelId}`;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export interface DayPeriod {
  startAt: string;
  endAt: string;
}

/** Units of a model held for a booking: until `expiresAt`, or for good once a command keeps them. */
export const RentalUnitsHeld = defineEvent(
  'RentalUnitsHeld',
  z.object({
    modelId: z.string().uuid(),
    holdId: z.string().uuid(),
    bookingId: z.string().uuid(),
    userId: z.string(),
    quantity: z.number().int().min(1),
    startAt: day,
    endAt: day,
    /** when the hold lapses by itself if no command keeps it (ISO date-time); null once kept */
    expiresAt: z.string().datetime({ offset: true }).nullable(),
  }),
);
export type RentalUnitsHeldData = z.infer<typeof RentalUnitsHeld.schema>;

/** A hold given back: the booking was refused for another model, cancelled, or its command ended. */
export const RentalHoldReleased = defineEvent(
  'RentalHoldReleased',
  z.object({
    modelId: z.string().uuid(),
    holdId: z.string().uuid(),
    reason: z.enum(['refused', 'cancelled', 'ended']),
  }),
);
export type RentalHoldReleasedData = z.infer<typeof RentalHoldReleased.schema>;

/** A rental command keeps the held units for its period: the hold no longer lapses. */
export const RentalHoldKept = defineEvent(
  'RentalHoldKept',
  z.object({ modelId: z.string().uuid(), holdId: z.string().uuid(), commandId: z.string().uuid() }),
);
export type RentalHoldKeptData = z.infer<typeof RentalHoldKept.schema>;

export const calendarEventContracts: EventContract[] = [RentalUnitsHeld, RentalHoldReleased, RentalHoldKept];

/** The holds of a calendar that still count: neither released nor lapsed. */
export interface CalendarHold extends DayPeriod {
  holdId: string;
  bookingId: string;
  userId: string;
  quantity: number;
  expiresAt: string | null;
}

/** A unit of the model (a rental item) and the periods it cannot be rented (repairs, loans elsewhere). */
export interface CalendarItem {
  itemId: string;
  unavailabilities: readonly DayPeriod[];
}

/** Whether a hold still counts at `now`: a lapsed one frees its units without anyone asking. */
export const holdCounts = (hold: Pick<CalendarHold, 'expiresAt'>, now: Date): boolean =>
  hold.expiresAt === null || new Date(hold.expiresAt).getTime() > now.getTime();

/**
 * How many units of the model are free over the whole period: the fewest, over the period's days, of the items
 * that are not unavailable that day minus the units held that day. Changes happen only where a hold or an
 * unavailability starts or ends, so the period is cut at those days and each piece is counted once.
 */
export function freeUnits(
  items: readonly CalendarItem[],
  holds: readonly CalendarHold[],
  period: DayPeriod,
  now: Date,
): number {
  const counting = holds.filter((hold) => holdCounts(hold, now) && periodsOverlap(hold, period));
  const cuts = new Set<string>([period.startAt]);
  const within = (d: string) => d > period.startAt && d < period.endAt;
  for (const hold of counting) for (const d of [hold.startAt, hold.endAt]) if (within(d)) cuts.add(d);
  for (const item of items)
    for (const off of item.unavailabilities)
      for (const d of [off.startAt, off.endAt]) if (within(d)) cuts.add(d);
  const starts = [...cuts].sort();
  let fewest = Number.POSITIVE_INFINITY;
  starts.forEach((startAt, index) => {
    const piece = { startAt, endAt: starts[index + 1] ?? period.endAt };
    const usable = items.filter(
      (item) => !item.unavailabilities.some((off) => periodsOverlap(off, piece)),
    ).length;
    const held = counting
      .filter((hold) => periodsOverlap(hold, piece))
      .reduce((sum, h) => sum + h.quantity, 0);
    fewest = Math.min(fewest, usable - held);
  });
  return Math.max(0, fewest === Number.POSITIVE_INFINITY ? items.length : fewest);
}

/**
 * An item's unavailabilities are instants (it leaves for repair at 14:00); the calendar counts whole days in the
 * platform's time zone: every day an unavailability touches is a day the item is not rented.
 */
export function unavailableDays(off: { startAt: string; endAt: string }): DayPeriod {
  const last = calendarDateIn(new Date(Date.parse(off.endAt) - 1));
  return { startAt: calendarDateIn(new Date(off.startAt)), endAt: addDays(last, 1) };
}
