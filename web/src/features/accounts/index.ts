/*
 * What the accounts feature (sign-in and registration, the member's profile, two-factor) offers the frame and
 * the other features. Screens load lazily behind their routes; what is named here is light, or already part of
 * every page (the top bar's account actions).
 */
import { deferred } from '../../kit/lazy/deferred.tsx';

export { authRoutes, preloadAuthScreen } from './auth/routes.tsx';
export { accountPaintedScreens, accountRoutes } from './profile/routes.tsx';
export { twoFactorRoutes } from './two-factor/routes.tsx';
export { AccountActions, signInHref } from './account-menu/account-actions.tsx';

/** An administrator impersonating someone sees it; it loads after the page has painted (issue 10). */
export const ImpersonationBanner = deferred(() =>
  import('./profile/impersonation-banner.tsx').then((m) => m.ImpersonationBanner),
);
