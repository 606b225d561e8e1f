import { CountLink } from '../../kit/ui/count-link.tsx';
import { STEP_PATHS } from './checkout-steps.ts';
import { useRentalT } from './checkout-ui.tsx';
import { useRentalCart } from './rental-cart.ts';

const CartIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM7.2 14h9.45a2 2 0 0 0 1.75-1.03L22 6H5.21l-.94-2H1v2h2l3.6 7.59-1.35 2.44A2 2 0 0 0 7 19h12v-2H7l1.1-2Z"
    />
  </svg>
);

/**
 * The top bar's rental action (seed 000 §2.9, the rental feature only): a link to the rental cart whose
 * accessible name says how many items it holds ("Rental cart, 2 items"); the badge shows the same number.
 */
export function RentalCartButton() {
  const t = useRentalT();
  const { count } = useRentalCart();
  return (
    <CountLink href={STEP_PATHS.cart} label={t('rental.topBar.cart', { count })} count={count} tone="primary">
      <CartIcon />
    </CountLink>
  );
}
