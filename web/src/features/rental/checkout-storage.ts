import {
  parseStoredRentalCart,
  RENTAL_BOOKING_STORAGE_KEY,
  RENTAL_CART_STORAGE_KEY,
  type RentalCart,
} from '@platform/contracts/rental/cart';
import { z } from 'zod/v4';
import { CHECKOUT_STEPS } from './checkout-steps.ts';
import type { StoredCheckout } from './checkout.machine.ts';

const StoredCheckoutSchema = z.object({
  step: z.enum([...CHECKOUT_STEPS, 'confirmed']),
  period: z.object({ startAt: z.string().max(10), endAt: z.string().max(10) }),
  addresses: z.object({
    billingAddress: z.string().max(2000),
    shippingAddress: z.string().max(2000),
    phone: z.string().max(100),
  }),
  bookingId: z.string().uuid().nullable(),
  booking: z.object({ id: z.string().uuid(), expiresAt: z.string().datetime({ offset: true }) }).nullable(),
  commandId: z.string().max(100).nullable(),
});

/** The stored checkout (seed 000 §3 "rental booking" key); absent, hand-edited or of an older shape: none. */
export function parseStoredCheckout(raw: string | null): StoredCheckout | null {
  if (raw === null) return null;
  try {
    const parsed = StoredCheckoutSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A place to keep the checkout: the browser's local storage, or a test's map. */
export interface CheckoutStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function browserStorage(): CheckoutStorage {
  return {
    getItem: (key) => {
      try {
        return localStorage.getItem(key);
      } catch {
        return null; // storage disabled: the checkout lives for this page only
      }
    },
    setItem: (key, value) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        /* quota or disabled storage */
      }
    },
  };
}

/** The cart (its own key, which the catalogue and the top bar read too) and where the checkout stood. */
export function readCheckout(storage: CheckoutStorage): { cart: RentalCart; stored: StoredCheckout | null } {
  return {
    cart: parseStoredRentalCart(storage.getItem(RENTAL_CART_STORAGE_KEY)),
    stored: parseStoredCheckout(storage.getItem(RENTAL_BOOKING_STORAGE_KEY)),
  };
}

/** Writes what changed; returns whether anything did (the other tabs are then told). */
export function writeCheckout(
  storage: CheckoutStorage,
  cart: RentalCart,
  stored: StoredCheckout | null,
): boolean {
  let changed = false;
  const entries: Array<[string, string]> = [
    [RENTAL_CART_STORAGE_KEY, JSON.stringify(cart)],
    [RENTAL_BOOKING_STORAGE_KEY, JSON.stringify(stored)],
  ];
  for (const [key, value] of entries) {
    if (storage.getItem(key) === value) continue;
    storage.setItem(key, value);
    changed = true;
  }
  return changed;
}
