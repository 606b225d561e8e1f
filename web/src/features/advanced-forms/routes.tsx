import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const AdvancedFormScreen = lazyScreen(() =>
  import('./form-screen.tsx').then((m) => ({ default: m.AdvancedFormScreen })),
);

/**
 * The public page of an advanced form (seed 000 §2 services.advanced-forms.show: /services/aforms/{form}, then
 * /{token}/{page} once a response is started, the page numbered from 1), only when the forms feature is built in.
 * Its page is bare: no navigation, no footer (kit/routing/route-meta.ts).
 */
export const advancedFormRoutes = FEATURES.forms ? (
  <>
    <Route path="/services/aforms/:form/:token?/:section?">
      <AdvancedFormScreen />
    </Route>
  </>
) : null;
