/**
 * The checkout's steps (seed 000 §2.3), apart from its problems: the app's routes read them on every page, and the
 * first screen does without the rest of the checkout (issue 16).
 */

/** The checkout's steps, in order; `confirmed` is where it ends (the command was made). */
export const CHECKOUT_STEPS = ['cart', 'period', 'addresses', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** A step's route (seed 000 §2.3); cart and period are public, addresses and summary need sign-in. */
export const STEP_PATHS: Record<CheckoutStep, string> = {
  cart: '/services/rentals/cart',
  period: '/services/rentals/period',
  addresses: '/services/rentals/addresses',
  summary: '/services/rentals/summary',
};

export function isCheckoutStep(value: unknown): value is CheckoutStep {
  return (CHECKOUT_STEPS as readonly unknown[]).includes(value);
}
