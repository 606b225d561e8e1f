import type { Locale } from '@platform/contracts/enums';
import { createStore, Provider as JotaiProvider, useAtomValue, useSetAtom } from 'jotai';
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { Route, Router, Switch } from 'wouter';
import {
  AccountActions,
  accountRoutes,
  authRoutes,
  ImpersonationBanner,
  twoFactorRoutes,
} from '../features/accounts/index.ts';
import { AdminNavEntries, adminRoutes, AdminSideNav } from '../features/admin/index.ts';
import { advancedFormRoutes } from '../features/advanced-forms/index.ts';
import { authorRoutes } from '../features/authors/index.ts';
import { contactFormRoutes } from '../features/contacts/index.ts';
import { eqlaatRoutes } from '../features/eqlaat/index.ts';
import { openBadgeRoutes } from '../features/open-badges/index.ts';
import { organizationRoutes } from '../features/organizations/index.ts';
import { CmsRoute } from '../features/pages/index.ts';
import { rentalRoutes } from '../features/rental/index.ts';
import { searchRoutes } from '../features/search/index.ts';
import { surveyRoutes } from '../features/surveys/index.ts';
import { unsubscribeRoutes } from '../features/unsubscribe/index.ts';
import { endpoints } from '../kit/api/endpoints.ts';
import { APP_VERSION } from '../kit/build-info.ts';
import { ApiProvider, useApi } from '../kit/api/api-context.tsx';
import { ConsentProvider } from '../kit/consent/consent-context.tsx';
import { menuAtom } from '../kit/routing/menu.ts';
import { NavigationProvider } from '../kit/routing/router.tsx';
import { ToastProvider } from '../kit/toast/toast-context.tsx';
import { SessionProvider, sessionAtom } from '../kit/session/session.tsx';
import { viewerTimeZone } from '../kit/session/time-zone.ts';
import { loadAllMessages, loadMessages, type Messages } from '../kit/i18n/load-messages.ts';
import {
  AllMessages,
  AllMessagesContext,
  lazyMessages,
  readyMessages,
  type MessagesThenable,
} from '../kit/i18n/later-messages.tsx';
import { useT } from '../kit/i18n/use-t.ts';
import { DeferredGateOpener, useDeferredGate } from '../kit/lazy/deferred.tsx';
import { revealApp } from '../kit/loading/reveal.ts';
import { routeAnnouncementAtom } from '../kit/routing/page-title.ts';
import { RouteFallback } from './lazy/route-fallback.tsx';
import { FullPageLoader } from '../kit/loading/chrome.tsx';
import { Shell } from './shell/shell.tsx';
import { environmentLevelsAtom, environmentRevisionAtom, levelSettingsOf } from '../kit/state/app-status.ts';
import { onBroadcast } from '../kit/state/broadcast.ts';
import {
  accessibilityAtom,
  bootLocale,
  darkThemeAtom,
  localeAtom,
  syncStoredVersion,
} from '../kit/state/settings.ts';
import { normaliseLocale } from '../kit/state/locale-choice.ts';
import { readStorage } from '../kit/state/persisted.ts';
import { mirrorReadingSettings } from '../kit/state/reading-cookie.ts';
import { STORAGE_KEYS } from '../kit/state/storage-keys.ts';
import { applyThemeToDocument } from '../kit/theme/apply-to-document.ts';
import { GlobalStyle } from '../kit/theme/global-style.ts';
import { buildTheme } from '../kit/theme/theme.ts';
import { lazyScreen, preloadScreensIn } from '../kit/lazy/lazy-screen.ts';

// screens other than CMS pages are loaded when first visited (seed 000 §7: application code in lazy chunks)
const NotFoundScreen = lazyScreen(() =>
  import('./screens/not-found.tsx').then((m) => ({ default: m.NotFoundScreen })),
);
const UnauthorizedScreen = lazyScreen(() =>
  import('./screens/unauthorized.tsx').then((m) => ({ default: m.UnauthorizedScreen })),
);
const SiteMapScreen = lazyScreen(() =>
  import('./screens/site-map.tsx').then((m) => ({ default: m.SiteMapScreen })),
);
const AccessibilityScreen = lazyScreen(() =>
  import('./screens/accessibility-page.tsx').then((m) => ({ default: m.AccessibilityScreen })),
);
const AccessibilityGuidelinesScreen = lazyScreen(() =>
  import('./screens/accessibility-guidelines-page.tsx').then((m) => ({
    default: m.AccessibilityGuidelinesScreen,
  })),
);

/**
 * A route's screen rendered in AllMessages: every screen but a CMS page's reads the words of its module, which
 * the first screen does not load (kit/i18n/load-messages.ts). Its lazy screens' code is asked for at the same
 * time. Fragments (a feature's routes) are walked.
 */
function withAllMessages(routes: ReactNode): ReactNode {
  const wrap = (node: ReactNode): ReactNode => {
    if (!isValidElement<{ children?: unknown; component?: ComponentType<{ params: unknown }> }>(node))
      return node;
    if (node.type === Fragment) return wrapAll(node.props.children as ReactNode);
    const { children, component } = node.props;
    return cloneElement(node, {
      component: undefined,
      children: (params: unknown) => {
        const screen = component
          ? createElement(component, { params })
          : typeof children === 'function'
            ? (children as (p: unknown) => ReactNode)(params)
            : (children as ReactNode);
        // the screen's code loads beside the messages, not after them (kit/lazy/lazy-screen.ts)
        preloadScreensIn(screen);
        return <AllMessages>{screen}</AllMessages>;
      },
    });
  };
  const wrapAll = (nodes: ReactNode): ReactNode[] => (Array.isArray(nodes) ? nodes : [nodes]).flatMap(wrap);
  return wrapAll(routes);
}

const APP_SCREENS = withAllMessages(
  <>
    <Route path="/errors/not-found" component={NotFoundScreen} />
    <Route path="/errors/unauthorized" component={UnauthorizedScreen} />
    <Route path="/site-map" component={SiteMapScreen} />
    <Route path="/accessibility" component={AccessibilityScreen} />
    <Route path="/services/accessibility-guidelines" component={AccessibilityGuidelinesScreen} />
    {authRoutes}
    {twoFactorRoutes}
    {accountRoutes}
    {adminRoutes}
    {organizationRoutes}
    {authorRoutes}
    {rentalRoutes}
    {openBadgeRoutes}
    {searchRoutes}
    {surveyRoutes}
    {contactFormRoutes}
    {unsubscribeRoutes}
    {advancedFormRoutes}
    {eqlaatRoutes}
  </>,
);

/**
 * The server's paint of an application screen (a member's profile) gives way when the app's own screen has named
 * itself (usePageTitle): then it shows what the picture showed, and more. A CMS page gives way on its own
 * (pages/site/cms-page.tsx); main.tsx's limit covers a screen that never gets there.
 */
function RevealWhenScreenShown() {
  const announcement = useAtomValue(routeAnnouncementAtom);
  useEffect(() => {
    if (announcement) revealApp();
  }, [announcement]);
  return null;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Switch>
        {APP_SCREENS}
        {/* every other path is a CMS page, a redirection, or not found: the read model decides */}
        <Route>
          <CmsRoute />
        </Route>
      </Switch>
    </Suspense>
  );
}

/**
 * Every message of the language in the app's provider once the first page has painted (the gate of
 * kit/lazy/deferred.tsx), so that what opens next has its words at once.
 */
function useAllMessagesAfterPaint(all: MessagesThenable, onFailure: () => void): Messages | null {
  const gate = useDeferredGate();
  const [messages, setMessages] = useState<Messages | null>(all.status === 'fulfilled' ? all.value! : null);
  useEffect(() => {
    if (gate) all.then(setMessages, onFailure);
    // onFailure is the same action each render
  }, [gate, all]);
  return messages;
}

function Themed({ children }: { children: React.ReactNode }) {
  const dark = useAtomValue(darkThemeAtom);
  const a11y = useAtomValue(accessibilityAtom);
  const theme = useMemo(() => buildTheme(dark, a11y), [dark, a11y]);
  useLayoutEffect(() => applyThemeToDocument(theme), [theme]);
  // the server paints the next page with them (kit/state/reading-cookie.ts); a language changes by a reload
  useEffect(
    () =>
      mirrorReadingSettings({
        dark,
        accessibility: a11y,
        locale: normaliseLocale(readStorage(STORAGE_KEYS.locale)),
      }),
    [dark, a11y],
  );
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

/**
 * Reads what the shell needs before showing anything (seed 000 §2.10 rule 1): the environment (its revision, and
 * the access-level settings the web's access rules read: the open badge issuers' threshold) and the menu. Either may fail (the API client then raises its dialog); the site still renders.
 */
function BootData({ children }: { children: React.ReactNode }) {
  const api = useApi();
  const setRevision = useSetAtom(environmentRevisionAtom);
  const setLevels = useSetAtom(environmentLevelsAtom);
  const setMenu = useSetAtom(menuAtom);
  const [ready, setReady] = useState(false);
  const t = useT();
  // the menu is filtered by who is reading it: read it again when the viewer changes (sign-in, sign-out,
  // another acting organization)
  const session = useAtomValue(sessionAtom);
  const viewerKey = session.user
    ? `${session.user.id}:${session.user.actingAsOrganizationId ?? ''}:${session.user.effectiveAccessWeight ?? ''}`
    : session.status;
  useEffect(() => {
    const controller = new AbortController();
    void Promise.allSettled([
      endpoints.environment(api, controller.signal).then((env) => {
        setRevision(env.meta.revision);
        setLevels(levelSettingsOf(env.data.attributes));
      }),
      endpoints.menu(api, controller.signal).then(setMenu),
    ]).then(() => {
      if (!controller.signal.aborted) setReady(true);
    });
    return () => controller.abort();
  }, [api, setRevision, setLevels, setMenu]);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    endpoints.menu(api, controller.signal).then(setMenu, () => undefined);
    return () => controller.abort();
    // only a new viewer re-reads the menu (api and setMenu are stable)
  }, [viewerKey]);
  return ready ? children : <FullPageLoader label={t('app.loading')} />;
}

export interface AppProps {
  /** the locale to run in; the boot choice (stored, ?lang, browser, default) when absent */
  locale?: Locale;
  /** preloaded messages (tests); loaded lazily otherwise */
  messages?: Messages;
  fetchFn?: typeof fetch;
  /** wouter location hook for tests (memoryLocation); the browser history otherwise */
  routerHook?: Parameters<typeof Router>[0]['hook'];
  searchHook?: Parameters<typeof Router>[0]['searchHook'];
}

export function App({ locale: forced, messages: preloaded, fetchFn, routerHook, searchHook }: AppProps) {
  const [store] = useState(() => createStore());
  const [locale] = useState<Locale>(() => forced ?? bootLocale());
  const [firstScreen, setMessages] = useState<Messages | null>(preloaded ?? null);
  const [failed, setFailed] = useState(false);
  const [all] = useState(() =>
    preloaded ? readyMessages(preloaded) : lazyMessages(() => loadAllMessages(locale)),
  );
  const allMessages = useAllMessagesAfterPaint(all, () => setFailed(true));
  const messages = allMessages ?? firstScreen;
  // every date and time in the viewer's zone: a member's profile's, a visitor's browser's (session/time-zone.ts)
  const timeZone = viewerTimeZone(useAtomValue(sessionAtom, { store }).user);

  useEffect(() => {
    syncStoredVersion(APP_VERSION);
    store.set(localeAtom, locale);
    document.documentElement.lang = locale;
    if (!preloaded) loadMessages(locale).then(setMessages, () => setFailed(true));
  }, [store, locale, preloaded]);

  // another tab chose a language: every tab reloads in it (seed 000 §4)
  useEffect(() => onBroadcast((m) => m.type === 'locale' && window.location.reload()), []);

  if (failed) {
    // a lazy chunk that cannot load is a deployment that moved on: a reload fetches the new one (seed 000 §8)
    window.location.reload();
    return null;
  }
  return (
    <JotaiProvider store={store}>
      <Themed>
        {messages ? (
          <IntlProvider locale={locale} messages={messages} defaultLocale="en" timeZone={timeZone}>
            <AllMessagesContext.Provider value={all}>
              <Router hook={routerHook} searchHook={searchHook}>
                <ApiProvider fetchFn={fetchFn}>
                  <NavigationProvider>
                    <ToastProvider>
                      <ConsentProvider>
                        <SessionProvider>
                          <BootData>
                            <Shell
                              accountActions={<AccountActions />}
                              banner={<ImpersonationBanner />}
                              drawerExtra={(close) => <AdminNavEntries onNavigate={close} />}
                              aside={<AdminSideNav />}
                            >
                              <AppRoutes />
                            </Shell>
                            <DeferredGateOpener />
                            <RevealWhenScreenShown />
                          </BootData>
                        </SessionProvider>
                      </ConsentProvider>
                    </ToastProvider>
                  </NavigationProvider>
                </ApiProvider>
              </Router>
            </AllMessagesContext.Provider>
          </IntlProvider>
        ) : (
          <FullPageLoader label="Loading" />
        )}
      </Themed>
    </JotaiProvider>
  );
}
