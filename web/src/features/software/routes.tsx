import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { ACCOUNT_SOFTWARE_PATH } from './paths.ts';

const AssociationsScreen = lazyScreen(() =>
  import('./associations-screen.tsx').then((m) => ({ default: m.AssociationsScreen })),
);

/**
 * The member's software page (seed 000 §2: /account/software/associations with the software feature), among the
 * account's screens: signed in, verified and validated, like /account/documents.
 */
export const softwareRoutes = (
  <>
    {FEATURES.software ? (
      <Route path={ACCOUNT_SOFTWARE_PATH}>
        <Guarded requirement="validated">
          <AssociationsScreen />
        </Guarded>
      </Route>
    ) : null}
  </>
);
