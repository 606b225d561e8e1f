import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const ContactFormScreen = lazyScreen(() =>
  import('./form-screen.tsx').then((m) => ({ default: m.ContactFormScreen })),
);

/**
 * The public light-user form (seed 001 §2: /services/forms/{id}?t={token}, the token in the query), only when the
 * contacts feature is built in. Its page is bare: no navigation, no footer (kit/routing/route-meta.ts).
 */
export const contactFormRoutes = FEATURES.contacts ? (
  <>
    <Route path="/services/forms/:id">
      <ContactFormScreen />
    </Route>
  </>
) : null;
