import {
  RentalHoldKept,
  RentalHoldReleased,
  RentalUnitsHeld,
  type RentalHoldKeptData,
  type RentalHoldReleasedData,
  type RentalUnitsHeldData,
} from '@platform/contracts/rental/calendar';
import type { Projection } from '../projection.ts';

/**
 * The units each rental model's calendar holds, one row per hold that has not been released, for the availability
 * of a period (query-api/src/rental) and the independent overbooking check of the tests and the bench. A lapsed
 * hold keeps its row: readers compare `expires_at` with the time they read at, as the calendar's decider does.
 */
export const rentalCalendarProjection: Projection = {
  name: 'rental_holds',
  version: 1,
  eventTypes: [RentalUnitsHeld.type, RentalHoldReleased.type, RentalHoldKept.type],
  tables: ['rental_holds'],
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
    } else if (event.type === RentalHoldKept.type) {
      const kept = event.data as RentalHoldKeptData;
      await tx`update rental_holds set expires_at = null, command_id = ${kept.commandId} where hold_id = ${kept.holdId}`;
    } else {
      const released = event.data as RentalHoldReleasedData;
      await tx`delete from rental_holds where hold_id = ${released.holdId}`;
    }
  },
};
