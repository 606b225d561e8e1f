import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { addDays, calendarDateIn, dayNumber } from './period.ts';

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

/**
 * A rental admin assigned one of the model's items to a command for its period: the item is the command's over those
 * days, and no other command's whose period overlaps. Reserved on the model's calendar, where the command's units
 * are kept, so two desks assigning the same item at once cannot both succeed.
 */
export const RentalItemReserved = defineEvent(
  'RentalItemReserved',
  z.object({
    modelId: z.string().uuid(),
    itemId: z.string().uuid(),
    commandId: z.string().uuid(),
    startAt: day,
    endAt: day,
  }),
);
export type RentalItemReservedData = z.infer<typeof RentalItemReserved.schema>;

/** The item is no longer the command's: replaced by another, or its assignment was not kept. */
export const RentalItemFreed = defineEvent(
  'RentalItemFreed',
  z.object({ modelId: z.string().uuid(), itemId: z.string().uuid(), commandId: z.string().uuid() }),
);
export type RentalItemFreedData = z.infer<typeof RentalItemFreed.schema>;

export const calendarEventContracts: EventContract[] = [
  RentalUnitsHeld,
  RentalHoldReleased,
  RentalHoldKept,
  RentalItemReserved,
  RentalItemFreed,
];

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
 * that are not unavailable that day minus the units held that day. One sweep over the period's days: each hold
 * and each unavailability adds at its first day and takes back after its last (a difference array), so a year
 * with ten thousand holds costs ten thousand additions and 366 steps, not their product.
 */
export function freeUnits(
  items: readonly CalendarItem[],
  holds: readonly CalendarHold[],
  period: DayPeriod,
  now: Date,
): number {
  const first = dayNumber(period.startAt);
  const days = dayNumber(period.endAt) - first;
  if (days <= 0) return items.length;
  // taken[d]: the change, on day d of the period, of the units not available (held, or their item unavailable)
  const taken = new Int32Array(days + 1);
  const add = (start: number, end: number, units: number) => {
    const from = Math.max(start - first, 0);
    const to = Math.min(end - first, days);
    if (from >= to) return;
    taken[from]! += units;
    taken[to]! -= units;
  };
  for (const hold of holds)
    if (holdCounts(hold, now)) add(dayNumber(hold.startAt), dayNumber(hold.endAt), hold.quantity);
  for (const item of items) {
    // an item off on overlapping unavailabilities is still one unit off: count each of its days once
    const off = new Uint8Array(days);
    for (const period of item.unavailabilities) {
      const from = Math.max(dayNumber(period.startAt) - first, 0);
      const to = Math.min(dayNumber(period.endAt) - first, days);
      for (let d = from; d < to; d++) off[d] = 1;
    }
    for (let d = 0; d < days; d++) if (off[d]) add(first + d, first + d + 1, 1);
  }
  let fewest = items.length;
  let running = 0;
  for (let d = 0; d < days; d++) {
    running += taken[d]!;
    fewest = Math.min(fewest, items.length - running);
  }
  return Math.max(0, fewest);
}

/**
 * An item's unavailabilities are instants (it leaves for repair at 14:00); the calendar counts whole days in the
 * platform's time zone: every day an unavailability touches is a day the item is not rented.
 */
export function unavailableDays(off: { startAt: string; endAt: string }): DayPeriod {
  const last = calendarDateIn(new Date(Date.parse(off.endAt) - 1));
  return { startAt: calendarDateIn(new Date(off.startAt)), endAt: addDays(last, 1) };
}
