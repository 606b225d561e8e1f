import {
  RentalHoldKept,
  RentalHoldReleased,
  RentalUnitsHeld,
  type RentalHoldKeptData,
  type RentalHoldReleasedData,
  type RentalUnitsHeldData,
} from '@platform/contracts/rental/calendar';
import type { TransactionSql } from 'postgres';
import type { Projection } from '../projection.ts';

interface Held {
  modelId: string;
  startAt: string;
  endAt: string;
  quantity: number;
}

/** Adds (or takes back) a kept hold's units on each of its days. */
async function keep(tx: TransactionSql, hold: Held, units: number): Promise<void> {
  await tx`insert into rental_kept_days (model_id, day, held)
    select ${hold.modelId}::uuid, d::date, ${units} from generate_series(${hold.startAt}::date, ${hold.endAt}::date - 1,
      interval '1 day') d
    on conflict (model_id, day) do update set held = rental_kept_days.held + excluded.held`;
  // only a release takes units back: then the days left with none are dropped
  if (units < 0)
    await tx`delete from rental_kept_days where model_id = ${hold.modelId} and day >= ${hold.startAt}::date
      and day < ${hold.endAt}::date and held = 0`;
}

/**
 * The units each rental model's calendar holds, one row per hold that has not been released, for the availability
 * of a period (query-api/src/rental) and the independent overbooking check of the tests and the bench. A lapsed
 * hold keeps its row: readers compare `expires_at` with the time they read at, as the calendar's decider does.
 */
export const rentalCalendarProjection: Projection = {
  name: 'rental_holds',
  version: 2,
  eventTypes: [RentalUnitsHeld.type, RentalHoldReleased.type, RentalHoldKept.type],
  tables: ['rental_holds', 'rental_kept_days'],
  async setup(tx) {
    await tx.unsafe(`create table rental_holds (
      hold_id uuid primary key,
      model_id uuid not null,
      booking_id uuid not null,
      user_id text not null,
      quantity integer not null,
      start_at date not null,
      end_at date not null,
      expires_at timestamptz null,
      command_id uuid null,
      held_at timestamptz not null)`);
    // the holds of a model that reach past a day: the availability of a period reads these
    await tx.unsafe('create index rental_holds_model_end on rental_holds (model_id, end_at, start_at)');
    await tx.unsafe('create index rental_holds_booking on rental_holds (booking_id)');
    // the units kept for good (commands), summed per model and day: the availability of a year reads at most 366
    // rows per model however many commands it has; the holds still lapsing are few and read from rental_holds
    await tx.unsafe(`create table rental_kept_days (
      model_id uuid not null,
      day date not null,
      held integer not null,
      primary key (model_id, day))`);
  },
  async apply(tx, event) {
    if (event.type === RentalUnitsHeld.type) {
      const hold = event.data as RentalUnitsHeldData;
      await tx`insert into rental_holds ${tx({
        hold_id: hold.holdId,
        model_id: hold.modelId,
        booking_id: hold.bookingId,
        user_id: hold.userId,
        quantity: hold.quantity,
        start_at: hold.startAt,
        end_at: hold.endAt,
        expires_at: hold.expiresAt,
        held_at: event.recordedAt,
      })} on conflict (hold_id) do nothing`;
      if (hold.expiresAt === null) await keep(tx, hold, hold.quantity);
    } else if (event.type === RentalHoldKept.type) {
      const kept = event.data as RentalHoldKeptData;
      const [row] = await tx<
        Held[]
      >`update rental_holds h set expires_at = null, command_id = ${kept.commandId}
        from rental_holds before where h.hold_id = ${kept.holdId} and before.hold_id = h.hold_id
          and before.expires_at is not null
        returning h.model_id::text as "modelId", to_char(h.start_at, 'YYYY-MM-DD') as "startAt",
          to_char(h.end_at, 'YYYY-MM-DD') as "endAt", h.quantity`;
      if (row) await keep(tx, row, row.quantity);
    } else {
      const released = event.data as RentalHoldReleasedData;
      const [row] = await tx<
        Array<Held & { kept: boolean }>
      >`delete from rental_holds where hold_id = ${released.holdId}
        returning model_id::text as "modelId", to_char(start_at, 'YYYY-MM-DD') as "startAt",
          to_char(end_at, 'YYYY-MM-DD') as "endAt", quantity, expires_at is null as kept`;
      if (row?.kept) await keep(tx, row, -row.quantity);
    }
  },
};
