import { Route } from 'wouter';
import type { PaintedScreen } from '../../../kit/routing/painted-screen.ts';
import { ROUTES } from '../../../kit/session/guard.ts';
import { Guarded } from '../../../kit/session/guarded.tsx';
import { accountingRoutes } from '../../accounting/index.ts';
import { CouponsScreen } from '../../coupons/index.ts';
import { LikesScreen } from '../../likes/index.ts';
import { NotificationsScreen } from '../../notifications/index.ts';
import { softwareRoutes } from '../../software/index.ts';
import { lazyScreen } from '../../../kit/lazy/lazy-screen.ts';

const ProfileScreen = lazyScreen(() =>
  import('./profile-screen.tsx').then((m) => ({ default: m.ProfileScreen })),
);

/** The account screens the server paints for a member who may open them (frame/first-paint). */
const profile: PaintedScreen = {
  path: ROUTES.profile,
  // account.profile: signed in, verified and validated (seed 000 §2.10 rules 3 and 4)
  requirement: 'validated',
  titleId: 'account.profile.title',
  Screen: ProfileScreen,
};
export const accountPaintedScreens: readonly PaintedScreen[] = [profile];

/**
 * The account screens of seed 000 §2.1 (profile, coupons), the notifications list, the member's likes, and their
 * transactions and documents (each with its feature), each a <Route> wrapped in <Guarded>.
 */
export const accountRoutes = (
  <>
    <Route path={profile.path}>
      <Guarded requirement={profile.requirement}>
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
    {/* the member's movements and balance, and their documents (seed 000 §2; transactions and documents features) */}
    {accountingRoutes}
    {/* the member's software services and their installations (seed 000 §2; software feature) */}
    {softwareRoutes}
  </>
);
