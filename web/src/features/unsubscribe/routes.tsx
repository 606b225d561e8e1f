import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const ContactUnsubscribeScreen = lazyScreen(() =>
  import('./unsubscribe-screen.tsx').then((m) => ({ default: m.ContactUnsubscribeScreen })),
);
const EmailUnsubscribeScreen = lazyScreen(() =>
  import('./unsubscribe-screen.tsx').then((m) => ({ default: m.EmailUnsubscribeScreen })),
);

/**
 * The pages a newsletter's link opens to leave the newsletters (seed 000 §2: /services/light-users/unsubscribe/{id}
 * and /services/unsubscribe/{email}, the signature in `?s=`), with the contacts feature whose contacts receive
 * them. Their pages are bare: no navigation, no footer (kit/routing/route-meta.ts).
 */
export const unsubscribeRoutes = FEATURES.contacts ? (
  <>
    <Route path="/services/light-users/unsubscribe/:id">
      <ContactUnsubscribeScreen />
    </Route>
    <Route path="/services/unsubscribe/:email">
      <EmailUnsubscribeScreen />
    </Route>
  </>
) : null;
