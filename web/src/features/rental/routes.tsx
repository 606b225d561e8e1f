import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { isCheckoutStep } from './checkout-steps.ts';
import { rentalCommandRoutes } from './commands/routes.tsx';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const CheckoutScreen = lazyScreen(() =>
  import('./checkout-screen.tsx').then((m) => ({ default: m.CheckoutScreen })),
);

/** One route for the four steps, so the running checkout stays mounted from one step to the next. */
const CHECKOUT_PATH = /^\/services\/rentals\/(?<step>cart|period|addresses|summary)\/?$/;

/** The checkout's and the commands' routes, only when the rental feature is built in (seed 000 §2.3). */
export const rentalRoutes = FEATURES.rental ? (
  <>
    <Route path={CHECKOUT_PATH}>
      {(params: { step?: string }) =>
        isCheckoutStep(params.step) ? <CheckoutScreen step={params.step} /> : null
      }
    </Route>
    {rentalCommandRoutes}
  </>
) : null;
