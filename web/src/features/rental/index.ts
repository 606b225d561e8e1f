/*
 * What the rental feature offers the frame and the other features: the checkout's routes (each step loads
 * with its screen), and the cart the catalogue adds to and the top bar counts.
 */
export { rentalRoutes } from './routes.tsx';
export { addToCart, rentalCartAtom, useRentalCart } from './rental-cart.ts';
export { STEP_PATHS as RENTAL_CHECKOUT_PATHS } from './checkout-problems.ts';
