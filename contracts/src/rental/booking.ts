import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { RentalStrategySchema } from './strategies.ts';

/**
 * A member's booking (seed 000 §3): the models and quantities held for a period while the member reads the summary,
 * until `expiresAt`. The units themselves are held on each model's calendar (calendar.ts); the booking's own stream
 * (`rentalBooking-{id}`) says what was booked, by whom, and what became of it.
 */
export const BOOKING_CATEGORY = 'rentalBooking';
export const bookingStreamId = (bookingId: string) => `${BOOKING_CATEGORY}-${bookingId}`;

const day = z.string().date();
const address = z.string().nullable();

export const RentalBookingPlaced = defineEvent(
  'RentalBookingPlaced',
  z.object({
    bookingId: z.string().uuid(),
    userId: z.string(),
    /** each booked model with the hold that keeps its units on the model's calendar */
    models: z.array(
      z.object({ modelId: z.string().uuid(), quantity: z.number().int().min(1), holdId: z.string().uuid() }),
    ),
    startAt: day,
    endAt: day,
    expiresAt: z.string().datetime({ offset: true }),
    strategy: RentalStrategySchema,
    phone: z.string().nullable(),
    billingAddress: address,
    shippingAddress: address,
  }),
);
export type RentalBookingPlacedData = z.infer<typeof RentalBookingPlaced.schema>;

/** The member went back from the summary, or cancelled: the holds were given back. */
export const RentalBookingCancelled = defineEvent(
  'RentalBookingCancelled',
  z.object({ bookingId: z.string().uuid() }),
);

/** The member confirmed: the booking became a rental command, which keeps its units. */
export const RentalBookingConfirmed = defineEvent(
  'RentalBookingConfirmed',
  z.object({ bookingId: z.string().uuid(), commandId: z.string().uuid() }),
);

export const bookingEventContracts: EventContract[] = [
  RentalBookingPlaced,
  RentalBookingCancelled,
  RentalBookingConfirmed,
];
