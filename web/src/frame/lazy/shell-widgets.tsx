import { useAtomValue } from 'jotai';
import { useConsentStarted } from '../../kit/consent/consent-context.tsx';
import { useNavigation } from '../../kit/routing/router.tsx';
import { globalDialogAtom } from '../../kit/state/app-status.ts';
import { deferred } from '../../kit/lazy/deferred.tsx';

/**
 * The shell's widgets that a page does not show when it opens (issue 10), loaded by deferred.tsx: after the
 * page has painted, or at once when the reader needs one (a drawer opened, an error dialog raised). Same props
 * as the components they stand for.
 */

type NavDrawerProps = Parameters<typeof import('../shell/nav-drawer.tsx').NavDrawer>[0];
type AccessibilityDrawerProps = Parameters<
  typeof import('../settings/accessibility-drawer.tsx').AccessibilityDrawer
>[0];

export const NavDrawer = deferred<NavDrawerProps>(
  () => import('../shell/nav-drawer.tsx').then((m) => m.NavDrawer),
  (props) => props.isOpen,
);

export const AccessibilityDrawer = deferred<AccessibilityDrawerProps>(
  () => import('../settings/accessibility-drawer.tsx').then((m) => m.AccessibilityDrawer),
  (props) => props.isOpen,
);

export const GlobalDialogs = deferred<object>(
  () => import('../shell/global-dialogs.tsx').then((m) => m.GlobalDialogs),
  function useRaised() {
    const dialog = useAtomValue(globalDialogAtom);
    const { pending } = useNavigation();
    return dialog !== null || pending !== null;
  },
);

export const EnvironmentBanner = deferred<object>(() =>
  import('../shell/environment-banner.tsx').then((m) => m.EnvironmentBanner),
);

const DeferredCookieConsentDialog = deferred<object>(
  () => import('../settings/cookie-consent-dialog.tsx').then((m) => m.CookieConsentDialog),
  () => true, // rendered once the machine runs, which is when it is wanted
);

/** The cookie dialog, once the consent machine runs (app/consent-context.tsx starts it after the first paint). */
export function CookieConsentDialog() {
  return useConsentStarted() ? <DeferredCookieConsentDialog /> : null;
}
