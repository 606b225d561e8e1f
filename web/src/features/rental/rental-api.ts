import type { RentalBookingRequest } from '@platform/contracts/rental/cart';
import type { RentalEnvironment } from '@platform/contracts/rental/environment';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { shellEndpoints } from '@platform/contracts/shell-endpoints';
import { fromPromise } from 'xstate';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import type { Availability, CheckoutPeriod, HeldBooking } from './checkout.machine.ts';

/** A rental model as GET /rental-models reads it: prices in cents (renting: per item and per day). */
const RentalModelSchema = z.object({
  type: z.literal('rental-models'),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    slug: z.string().nullable().optional(),
    shortDescription: z.string().nullable().optional(),
    rentingPrice: z.number(),
    shippingPrice: z.number().nullable().default(0),
  }),
});
export interface RentalModel {
  id: string;
  name: string;
  shortDescription: string | null;
  rentingPrice: number;
  shippingPrice: number;
}

const ModelDocumentSchema = z.object({ data: RentalModelSchema });

const AvailabilityDocumentSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('rental-availabilities'),
      id: z.string(),
      attributes: z.object({ free: z.number(), items: z.number() }),
    }),
  ),
});

const BookingDocumentSchema = z.object({
  data: z.object({
    type: z.literal('rental-bookings'),
    id: z.string(),
    attributes: z.object({ expiresAt: z.string() }).passthrough(),
  }),
});

const CommandDocumentSchema = z.object({
  data: z.object({ type: z.literal('rental-commands'), id: z.string() }),
  meta: z.object({ position: z.string() }).partial().passthrough().optional(),
});

const None = z.unknown();

/** The models of a cart, each read on its own (a deleted one is left out: the cart screen offers to remove it). */
export async function readModels(api: ApiClient, ids: readonly string[], signal?: AbortSignal) {
  const read = await Promise.allSettled(
    ids.map((id) =>
      api.call(recordEndpoints('rental-models').find, {
        params: { id },
        schema: ModelDocumentSchema,
        signal,
      }),
    ),
  );
  const models: Record<string, RentalModel> = {};
  for (const answer of read) {
    if (answer.status !== 'fulfilled') continue;
    const { id, attributes } = answer.value.data;
    models[id] = {
      id,
      name: attributes.name,
      shortDescription: attributes.shortDescription ?? null,
      rentingPrice: attributes.rentingPrice,
      shippingPrice: attributes.shippingPrice ?? 0,
    };
  }
  return models;
}

/** The environment's rental values (GET /app-environment, the document the shell boots with); unset: null. */
const count = z.number().nullable().optional().default(null);
const RentalEnvironmentSchema = z.object({
  data: z.object({
    attributes: z.object({
      rentalDurationMultiple: count,
      rentalMinDuration: count,
      rentalMaxDuration: count,
      rentalBeforeStartDuration: count,
      rentalMaxItems: count,
      rentalMaxModels: count,
      rentalMaxPendingCommands: count,
      rentalBookingExpirationDelay: count,
      rentalOrganizationTax: count,
    }),
  }),
});

export async function readRentalEnvironment(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<RentalEnvironment> {
  const doc = await api.call(shellEndpoints.environment, { schema: RentalEnvironmentSchema, signal });
  return doc.data.attributes;
}

export const UNSET_RENTAL_ENVIRONMENT: RentalEnvironment = {
  rentalDurationMultiple: null,
  rentalMinDuration: null,
  rentalMaxDuration: null,
  rentalBeforeStartDuration: null,
  rentalMaxItems: null,
  rentalMaxModels: null,
  rentalMaxPendingCommands: null,
  rentalBookingExpirationDelay: null,
  rentalOrganizationTax: null,
};

/** How many items of each model are free over a period (and how many there are). */
export async function readAvailability(
  api: ApiClient,
  period: CheckoutPeriod,
  modelIds: readonly string[],
  signal?: AbortSignal,
): Promise<Availability> {
  const doc = await api.call(rentalEndpoints.availability, {
    schema: AvailabilityDocumentSchema,
    query: { startAt: period.startAt, endAt: period.endAt, models: modelIds.join(',') },
    signal,
  });
  return Object.fromEntries(doc.data.map((d) => [d.id, d.attributes]));
}

/** The checkout machine's calls over the app's API client. */
export function checkoutActors(api: ApiClient) {
  return {
    checkAvailability: fromPromise<Availability, { period: CheckoutPeriod; modelIds: string[] }>(
      ({ input, signal }) => readAvailability(api, input.period, input.modelIds, signal),
    ),
    book: fromPromise<HeldBooking, RentalBookingRequest>(async ({ input, signal }) => {
      const { id, ...attributes } = input;
      const doc = await api.call(rentalEndpoints.book, {
        schema: BookingDocumentSchema,
        body: { data: { type: 'rental-bookings', ...(id ? { id } : {}), attributes } },
        signal,
      });
      return { id: doc.data.id, expiresAt: doc.data.attributes.expiresAt };
    }),
    command: fromPromise<{ id: string; position?: string }, { bookingId: string }>(
      async ({ input, signal }) => {
        const doc = await api.call(rentalEndpoints.placeCommand, {
          schema: CommandDocumentSchema,
          body: { data: { type: 'rental-commands', attributes: { bookingId: input.bookingId } } },
          signal,
        });
        // the command's page reads at this position: right after the placing, the read side may not have it yet
        const position = doc.meta?.position;
        return { id: doc.data.id, ...(position ? { position } : {}) };
      },
    ),
  };
}

/** DELETE the booking: its hold is given back. A failure lets it lapse at expiresAt. */
export function releaseBooking(api: ApiClient, bookingId: string): Promise<unknown> {
  return api
    .call(rentalEndpoints.releaseBooking, { params: { id: bookingId }, schema: None, quiet: true })
    .catch(() => undefined);
}
