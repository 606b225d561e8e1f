import { describe, expect, it } from 'vitest';
import {
  bookingExpiresAt,
  cartItemCount,
  cartModels,
  checkCart,
  isBookingExpired,
  parseStoredRentalCart,
  RENTAL_CART_STORAGE_KEY,
  RentalBookingRequestSchema,
  RentalCartSchema,
} from './cart.ts';

const WHEELCHAIR = '9b1c3f7e-2a4d-4c5e-8f6a-1b2c3d4e5f60';
const LIFT = '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b';
const RAMP = '2a3b4c5d-6e7f-4081-9a2b-3c4d5e6f7a8b';
const unlimited = { rentalMaxItems: null, rentalMaxModels: null };

describe('rental cart (seed 000 §3)', () => {
  it("is kept under the 'rental-cart' key", () => {
    expect(RENTAL_CART_STORAGE_KEY).toBe('rental-cart');
  });

  it('maps model ids to whole quantities of at least 1, plus the strategy', () => {
    expect(RentalCartSchema.parse({ models: { [WHEELCHAIR]: 2 } })).toEqual({
      models: { [WHEELCHAIR]: 2 },
      strategy: null,
    });
    expect(RentalCartSchema.safeParse({ models: { [WHEELCHAIR]: 0 } }).success).toBe(false);
    expect(RentalCartSchema.safeParse({ models: { [WHEELCHAIR]: 1.5 } }).success).toBe(false);
    expect(RentalCartSchema.safeParse({ models: { 'not-a-model': 1 } }).success).toBe(false);
    expect(RentalCartSchema.safeParse({ models: {}, strategy: 'by_drone' }).success).toBe(false);
  });

  it('reads a stored cart, and an empty one from missing or broken data', () => {
    const stored = JSON.stringify({ models: { [LIFT]: 1 }, strategy: 'pick_up' });
    expect(parseStoredRentalCart(stored)).toEqual({ models: { [LIFT]: 1 }, strategy: 'pick_up' });
    expect(parseStoredRentalCart(null)).toEqual({ models: {}, strategy: null });
    expect(parseStoredRentalCart('{not json')).toEqual({ models: {}, strategy: null });
    expect(parseStoredRentalCart('{"models":{"x":-1}}')).toEqual({ models: {}, strategy: null });
  });

  it('counts items across models and lists them as booking models', () => {
    const cart = { models: { [WHEELCHAIR]: 2, [LIFT]: 3 } };
    expect(cartItemCount(cart)).toBe(5);
    expect(cartModels(cart)).toEqual([
      { modelId: WHEELCHAIR, quantity: 2 },
      { modelId: LIFT, quantity: 3 },
    ]);
  });
});

describe('checkCart', () => {
  const cart = { models: { [WHEELCHAIR]: 2, [LIFT]: 3 } };

  it('sets no limit when the environment sets none', () => {
    expect(checkCart(cart, unlimited)).toEqual([]);
  });

  it('allows rentalMaxItems items in all, not one more', () => {
    expect(checkCart(cart, { ...unlimited, rentalMaxItems: 5 })).toEqual([]);
    expect(checkCart(cart, { ...unlimited, rentalMaxItems: 4 })).toEqual([
      { field: 'models', code: 'too_many_items', detail: 'at most 4 items in all', limit: 4 },
    ]);
  });

  it('allows rentalMaxModels models, not one more', () => {
    expect(checkCart(cart, { ...unlimited, rentalMaxModels: 2 })).toEqual([]);
    expect(
      checkCart({ models: { ...cart.models, [RAMP]: 1 } }, { ...unlimited, rentalMaxModels: 2 }),
    ).toEqual([{ field: 'models', code: 'too_many_models', detail: 'at most 2 models', limit: 2 }]);
  });

  it('reports both limits at once', () => {
    expect(checkCart(cart, { rentalMaxItems: 1, rentalMaxModels: 1 }).map((issue) => issue.code)).toEqual([
      'too_many_items',
      'too_many_models',
    ]);
  });
});

describe('rental booking request (seed 000 §3)', () => {
  const request = {
    strategy: 'pick_up',
    models: [{ modelId: WHEELCHAIR, quantity: 1 }],
    phone: '+33 1 23 45 67 89',
    billingAddress: '1 rue de la Paix, 75002 Paris',
    startAt: '2026-06-10',
    endAt: '2026-06-14',
  };
  const paths = (input: unknown) =>
    RentalBookingRequestSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('accepts a pick-up booking without a shipping address', () => {
    expect(RentalBookingRequestSchema.parse(request)).toEqual({ ...request, shippingAddress: null });
  });

  it('wants a shipping address for the strategies that ship, on that field', () => {
    expect(paths({ ...request, strategy: 'ship_to_address' })).toEqual(['shippingAddress']);
    expect(paths({ ...request, strategy: 'internal_shipping', shippingAddress: '   ' })).toEqual([
      'shippingAddress',
    ]);
    expect(
      paths({ ...request, strategy: 'ship_to_address', shippingAddress: '3 quai Voltaire, Lyon' }),
    ).toEqual([]);
  });

  it('puts every other error on its field', () => {
    expect(paths({ ...request, models: [] })).toEqual(['models']);
    expect(paths({ ...request, models: [{ modelId: WHEELCHAIR, quantity: 0 }] })).toEqual([
      'models.0.quantity',
    ]);
    expect(
      paths({
        ...request,
        models: [
          { modelId: WHEELCHAIR, quantity: 1 },
          { modelId: WHEELCHAIR, quantity: 2 },
        ],
      }),
    ).toEqual(['models.1.modelId']);
    expect(paths({ ...request, phone: ' ', billingAddress: '', endAt: '2026-06-31' })).toEqual([
      'phone',
      'billingAddress',
      'endAt',
    ]);
  });
});

describe('booking expiry', () => {
  const now = new Date('2026-06-01T10:00:00.000Z');

  it('holds for rentalBookingExpirationDelay minutes, 15 when unset', () => {
    expect(bookingExpiresAt(now, { rentalBookingExpirationDelay: 30 }).toISOString()).toBe(
      '2026-06-01T10:30:00.000Z',
    );
    expect(bookingExpiresAt(now, { rentalBookingExpirationDelay: null }).toISOString()).toBe(
      '2026-06-01T10:15:00.000Z',
    );
  });

  it('stops holding at expiresAt', () => {
    const booking = { expiresAt: '2026-06-01T10:15:00.000Z' };
    expect(isBookingExpired(booking, new Date('2026-06-01T10:14:59.999Z'))).toBe(false);
    expect(isBookingExpired(booking, new Date('2026-06-01T10:15:00.000Z'))).toBe(true);
  });
});
