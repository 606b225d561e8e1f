import { z } from 'zod/v4';
import type { RentalEnvironment } from './environment.ts';
import { RentalDateSchema } from './period.ts';
import { needsShippingAddress, RentalStrategySchema } from './strategies.ts';

/** Seed 000 §3 local storage keys: the rental cart and the rental booking. */
export const RENTAL_CART_STORAGE_KEY = 'rental-cart';
export const RENTAL_BOOKING_STORAGE_KEY = 'rental-booking';

const modelId = z.string().uuid();
const quantity = z.number().int().min(1).max(10_000);

/**
 * Seed 000 §3: a map of model id to quantity, plus the rental strategy. The strategy is chosen on the
 * addresses step, after the cart, so a new cart has none yet.
 */
export const RentalCartSchema = z.object({
  models: z.record(modelId, quantity),
  strategy: RentalStrategySchema.nullable().default(null),
});
export type RentalCart = z.infer<typeof RentalCartSchema>;

export function emptyRentalCart(): RentalCart {
  return { models: {}, strategy: null };
}

/** The cart kept in local storage; missing or invalid data is an empty cart, as for the other stored choices. */
export function parseStoredRentalCart(stored: string | null): RentalCart {
  if (stored === null) return emptyRentalCart();
  try {
    const parsed = RentalCartSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : emptyRentalCart();
  } catch {
    return emptyRentalCart();
  }
}

/** The items in the cart, all models together: the count the top bar's rental action shows. */
export function cartItemCount(cart: Pick<RentalCart, 'models'>): number {
  return Object.values(cart.models).reduce((sum, count) => sum + count, 0);
}

export interface RentalCartIssue {
  field: 'models';
  code: 'too_many_items' | 'too_many_models';
  detail: string;
  limit: number;
}

/** At most rentalMaxItems items in all and rentalMaxModels models; a null limit sets none. */
export function checkCart(
  cart: Pick<RentalCart, 'models'>,
  env: Pick<RentalEnvironment, 'rentalMaxItems' | 'rentalMaxModels'>,
): RentalCartIssue[] {
  const issues: RentalCartIssue[] = [];
  const items = cartItemCount(cart);
  if (env.rentalMaxItems !== null && items > env.rentalMaxItems)
    issues.push({
      field: 'models',
      code: 'too_many_items',
      detail: `at most ${env.rentalMaxItems} items in all`,
      limit: env.rentalMaxItems,
    });
  const models = Object.keys(cart.models).length;
  if (env.rentalMaxModels !== null && models > env.rentalMaxModels)
    issues.push({
      field: 'models',
      code: 'too_many_models',
      detail: `at most ${env.rentalMaxModels} models`,
      limit: env.rentalMaxModels,
    });
  return issues;
}

/** The same cart as a booking's models. */
export function cartModels(cart: Pick<RentalCart, 'models'>): { modelId: string; quantity: number }[] {
  return Object.entries(cart.models).map(([id, count]) => ({ modelId: id, quantity: count }));
}

const text = (max: number) => z.string().trim().min(1).max(max);

const bookingFields = {
  strategy: RentalStrategySchema,
  models: z
    .array(z.object({ modelId, quantity }))
    .min(1)
    .max(1_000)
    .superRefine((models, ctx) => {
      const seen = new Set<string>();
      models.forEach((model, index) => {
        if (seen.has(model.modelId))
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [index, 'modelId'],
            message: 'is already booked above',
          });
        seen.add(model.modelId);
      });
    }),
  phone: text(40),
  billingAddress: text(1000),
  /** required for a strategy that ships (strategies.ts needsShippingAddress) */
  shippingAddress: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      text(1000).nullable(),
    )
    .default(null),
  startAt: RentalDateSchema,
  endAt: RentalDateSchema,
};

function requireShippingAddress(
  booking: { strategy: z.infer<typeof RentalStrategySchema>; shippingAddress: string | null },
  ctx: z.RefinementCtx,
): void {
  if (needsShippingAddress(booking.strategy) && booking.shippingAddress === null)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['shippingAddress'],
      message: `is required for the ${booking.strategy} strategy`,
    });
}

/**
 * What a member sends to hold the items of a cart for a period (seed 000 §3 rental booking, without the
 * expiry the server sets). The id may be chosen by the client, so a retried request books once. The period
 * rules that depend on the environment are checkPeriod's and checkCart's, not the schema's.
 */
export const RentalBookingRequestSchema = z
  .object({ id: z.string().uuid().optional(), ...bookingFields })
  .superRefine(requireShippingAddress);
export type RentalBookingRequest = z.infer<typeof RentalBookingRequestSchema>;

/** A booking holding items until expiresAt (seed 000 §3, §4). */
export const RentalBookingSchema = z
  .object({ id: z.string().uuid(), ...bookingFields, expiresAt: z.string().datetime({ offset: true }) })
  .superRefine(requireShippingAddress);
export type RentalBooking = z.infer<typeof RentalBookingSchema>;

/** Minutes a booking holds its items when rentalBookingExpirationDelay is unset. */
export const DEFAULT_BOOKING_EXPIRATION_MINUTES = 15;

/** When a booking made at `now` stops holding its items: rentalBookingExpirationDelay minutes later. */
export function bookingExpiresAt(
  now: Date,
  env: Pick<RentalEnvironment, 'rentalBookingExpirationDelay'>,
): Date {
  const minutes = env.rentalBookingExpirationDelay ?? DEFAULT_BOOKING_EXPIRATION_MINUTES;
  return new Date(now.getTime() + minutes * 60_000);
}

/** A booking holds its items until expiresAt, that instant excluded. */
export function isBookingExpired(booking: Pick<RentalBooking, 'expiresAt'>, now: Date): boolean {
  return Date.parse(booking.expiresAt) <= now.getTime();
}
