import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { RentalBookingRequestSchema } from './cart.ts';
import { RentalCommandActionSchema } from './command.ts';

const COMMANDS = '/services/rentals/commands';

/**
 * The member's rentals and the rental desk (seed 000 §3, §4): the availability of models over a period, the
 * booking that holds their items and the command that confirms it (command-api/src/rental/booking-routes.ts), the
 * command's lifecycle steps (lifecycle-routes.ts), and the commands' reads and documents (query-api/src/rental).
 */
export const rentalEndpoints = {
  /** `startAt`, `endAt`, `models` (ids, comma-separated): how many items of each model are free */
  availability: defineEndpoint({ method: 'GET', path: '/services/rentals/availability' }),
  /** 201 with the booking and its `expiresAt` */
  book: defineEndpoint({
    method: 'POST',
    path: '/services/rentals/bookings',
    body: resourceDocument({
      type: 'rental-bookings',
      attributes: RentalBookingRequestSchema,
      id: z.string().uuid().optional(),
    }),
  }),
  /** the booking's hold is given back */
  releaseBooking: defineEndpoint({ method: 'DELETE', path: '/services/rentals/bookings/:id' }),
  /** the member confirms a booking: 201 with the command */
  placeCommand: defineEndpoint({
    method: 'POST',
    path: COMMANDS,
    body: resourceDocument({
      type: 'rental-commands',
      attributes: z.object({ bookingId: z.string().uuid() }),
    }),
  }),

  /** `filter[status]`, `filter[flag]`, `filter[user]`: the member's own, newest first; every one for the desk */
  commands: defineEndpoint({ method: 'GET', path: COMMANDS }),
  command: defineEndpoint({ method: 'GET', path: `${COMMANDS}/:id` }),
  commandHistory: defineEndpoint({ method: 'GET', path: `${COMMANDS}/:id/history` }),
  /** a step of the command's lifecycle, by its member or by the rental desk */
  commandAction: defineEndpoint({
    method: 'POST',
    path: `${COMMANDS}/:id/actions`,
    body: resourceDocument({ type: 'rental-command-actions', attributes: RentalCommandActionSchema }),
  }),
  /** `model`: the model's items free over the command's period, for the desk to assign */
  freeItems: defineEndpoint({ method: 'GET', path: `${COMMANDS}/:id/free-items` }),
  /** the command's documents, made on demand as PDF */
  contract: defineEndpoint({ method: 'GET', path: `${COMMANDS}/:id/contract` }),
  invoice: defineEndpoint({ method: 'GET', path: `${COMMANDS}/:id/invoice` }),
  /** the contract as its member signed and uploaded it */
  signedContract: defineEndpoint({ method: 'GET', path: `${COMMANDS}/:id/signed-contract` }),
} satisfies Record<string, AnyEndpoint>;
