import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../kit/ui/media-query.ts';
import styled, { useTheme } from 'styled-components';
import { useLocation } from 'wouter';
import { routeMeta } from '../../kit/routing/route-meta.ts';
import { accessibilityDrawerOpenAtom } from '../../kit/state/app-status.ts';
import { RequestLoadingBar, RouteAnnouncer, SkipLink } from '../../kit/loading/chrome.tsx';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';
// widgets a page does not show when it opens load after it has painted (issue 10)
import {
  AccessibilityDrawer,
  CookieConsentDialog,
  EnvironmentBanner,
  GlobalDialogs,
  NavDrawer,
} from '../lazy/shell-widgets.tsx';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

/** The main content, and beside it (before it, in reading order) a module's side menu when it shows one. */
const Body = styled.div`
  flex: 1;
  display: flex;
  width: 100%;
`;

const Main = styled.main`
  flex: 1;
  /* a wide table or code block scrolls in its own region, never the page sideways */
  min-width: 0;
`;

/**
 * After a client-side navigation the clicked link may be gone: keyboard and screen-reader users continue
 * from the top of the new content (the announcer says which page it is), and the view starts at the top
 * unless the URL names a section (#hash, scrolled to by the page itself).
 */
function useFocusMainOnNavigation(path: string) {
  // the previous path, not a "first run" flag: StrictMode runs effects twice on mount
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    if (!window.location.hash) window.scrollTo(0, 0);
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [path]);
}

/**
 * The application shell (seed 000 §2.9): skip link, update banner, top bar (menu inline on desktop, in the
 * side drawer on mobile and in the admin area), main content (in the admin area with its menu beside it on a
 * wide window), footer, and the app-wide dialogs, drawers,
 * announcer and loading bar. Route meta can hide the bar, the footer and the accessibility drawer.
 */
export function Shell({
  children,
  accountActions,
  banner,
  drawerExtra,
  aside,
}: {
  children: React.ReactNode;
  /** guest sign-in actions or the signed-in user's menu (seed 000 §2.9) */
  accountActions?: React.ReactNode;
  /** a banner above the top bar, e.g. the impersonation banner (seed 000 §2.9) */
  banner?: React.ReactNode;
  /** entries added below the menu in the side drawer (the admin area's screens) */
  drawerExtra?: (close: () => void) => React.ReactNode;
  /** a side menu beside the main content (the back office's, on a wide window); it renders nothing elsewhere */
  aside?: React.ReactNode;
}) {
  const theme = useTheme();
  const [path] = useLocation();
  const meta = routeMeta(path);
  const mobile = useMediaQuery(theme.media.mobile);
  const [navOpen, setNavOpen] = useState(false);
  const [a11yOpen, setA11yOpen] = useAtom(accessibilityDrawerOpenAtom);
  const openA11y = meta.hideAccessibility ? undefined : () => setA11yOpen(true);
  useFocusMainOnNavigation(path);

  return (
    <Page>
      <SkipLink />
      <RequestLoadingBar />
      <EnvironmentBanner />
      {banner}
      {meta.hideNavigation ? null : (
        <TopBar
          compact={mobile || meta.admin}
          onOpenDrawer={() => setNavOpen(true)}
          onOpenAccessibility={openA11y}
          accountActions={accountActions}
        />
      )}
      <Body>
        {aside}
        <Main id="main-content" tabIndex={-1}>
          {children}
        </Main>
      </Body>
      {meta.hideFooter ? null : <Footer onOpenAccessibility={openA11y} />}
      <NavDrawer isOpen={navOpen} onOpenChange={setNavOpen} extra={drawerExtra} />
      {meta.hideAccessibility ? null : <AccessibilityDrawer isOpen={a11yOpen} onOpenChange={setA11yOpen} />}
      <CookieConsentDialog />
      <GlobalDialogs />
      <RouteAnnouncer />
    </Page>
  );
}
