import { lazy } from 'react';
import { Route } from 'wouter';
import { ROUTES } from '../../../kit/session/guard.ts';
import { Guarded } from '../../../kit/session/guarded.tsx';
import { CouponsScreen } from '../../coupons/index.ts';
import { LikesScreen } from '../../likes/index.ts';
import { NotificationsScreen } from '../../notifications/index.ts';

const ProfileScreen = lazy(() => import('./profile-screen.tsx').then((m) => ({ default: m.ProfileScreen })));

/** The account screens of seed 000 §2.1 (profile, coupons), the notifications list and the member's likes, each a <Route> wrapped in <Guarded>. */
export const accountRoutes = (
  <>
    {/* account.profile: signed in, verified and validated (seed 000 §2.10 rules 3 and 4) */}
    <Route path={ROUTES.profile}>
      <Guarded requirement="validated">
        <ProfileScreen />
      </Guarded>
    </Route>
    {/* coupons feature (seed 000 §2.1; the API has no flag for it yet) */}
    <Route path="/account/coupons">
      <Guarded requirement="validated">
        <CouponsScreen />
      </Guarded>
    </Route>
    {/* the top bar's notifications button opens this list (seed 001 §3, §6); any signed-in account state */}
    <Route path="/account/notifications">
      <Guarded requirement="auth">
        <NotificationsScreen />
      </Guarded>
    </Route>
    {/* the member's likes (seed 001 §2); any signed-in member may like what they can read, as the API allows */}
    <Route path={ROUTES.likes}>
      <Guarded requirement="auth">
        <LikesScreen />
      </Guarded>
    </Route>
  </>
);
