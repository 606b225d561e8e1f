import { lazy } from 'react';
import { Route } from 'wouter';
import { ROUTES } from '../session/guard.ts';
import { Guarded } from '../session/guarded.tsx';

const ProfileScreen = lazy(() => import('./profile-screen.tsx').then((m) => ({ default: m.ProfileScreen })));

/** The account screens of seed 000 §2.1 (profile), each a <Route> wrapped in <Guarded>. */
export const accountRoutes = (
  <>
    {/* account.profile: signed in, verified and validated (seed 000 §2.10 rules 3 and 4) */}
    <Route path={ROUTES.profile}>
      <Guarded requirement="validated">
        <ProfileScreen />
      </Guarded>
    </Route>
  </>
);
