import {
  cartItemCount,
  emptyRentalCart,
  parseStoredRentalCart,
  type RentalCart,
} from '@platform/contracts/rental/cart';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { persistedAtom } from '../../kit/state/persisted.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';

/**
 * The rental cart (seed 000 §3: model id → quantity, and the strategy), kept under rental-cart and shared by
 * every tab: the catalogue adds to it, the top bar counts it, the checkout edits it.
 */
export const rentalCartAtom = persistedAtom<RentalCart>(
  STORAGE_KEYS.rentalCart,
  { parse: parseStoredRentalCart, serialize: (cart) => JSON.stringify(cart) },
  'rental-cart',
);

/** A quantity added to what the cart holds of a model (a whole number, at least 1). */
export function addToCart(cart: RentalCart, modelId: string, quantity: number): RentalCart {
  if (!Number.isInteger(quantity) || quantity < 1) return cart;
  return { ...cart, models: { ...cart.models, [modelId]: (cart.models[modelId] ?? 0) + quantity } };
}

/**
 * The cart for the catalogue and the top bar: `add(modelId, quantity)` and `count` (all items). The checkout's
 * rules (limits, period) are its machine's; a cart over a limit says so on the cart step.
 */
export function useRentalCart() {
  const [cart, setCart] = useAtom(rentalCartAtom);
  return useMemo(
    () => ({
      cart,
      count: cartItemCount(cart),
      add: (modelId: string, quantity = 1) => setCart((current) => addToCart(current, modelId, quantity)),
      clear: () => setCart(emptyRentalCart()),
    }),
    [cart, setCart],
  );
}
