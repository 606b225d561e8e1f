/**
 * The first paint of a CMS page, or of an application screen made of the boot answers alone (a member's profile:
 * kit/routing/painted-screen.ts), rendered on the server (ADR 0018). The host (host/src/first-paint.ts)
 * loads this module from the server build (web/dist/server), reads the page's boot answers from its own API as
 * the reader (a visitor, or a signed-in member with their session cookie), and asks for the page's HTML: the
 * same components the app renders, with the reader's settings as their reading_settings cookie tells them
 * (kit/state/reading-cookie.ts; the defaults without it), painted before any script has run. The app starts
 * behind it and takes its place (kit/loading/reveal.ts); nothing is hydrated, so nothing can mismatch. What only
 * the app draws for a member (the impersonation banner, the unread count) appears when it does.
 */
import type { Locale } from '@platform/contracts/enums';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { prerender } from 'react-dom/static';
import { createIntl, IntlProvider } from 'react-intl';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { Router } from 'wouter';
import {
  EnvironmentDocumentSchema,
  MenuDocumentSchema,
  ResolvedRouteSchema,
} from '../../kit/api/documents.ts';
import { ApiProvider } from '../../kit/api/api-context.tsx';
import {
  BOOT_ANSWERS_ELEMENT_ID,
  bootRequestUrls,
  isScreenPath,
  languageLinesUrl,
  type InlineBootAnswers,
} from '../../kit/api/boot-requests.ts';
import { ConsentProvider } from '../../kit/consent/consent-context.tsx';
import { menuAtom } from '../../kit/routing/menu.ts';
import { documentTitle } from '../../kit/routing/page-title.ts';
import { collapseSlashes, NavigationProvider } from '../../kit/routing/router.tsx';
import { ToastProvider } from '../../kit/toast/toast-context.tsx';
import { AccountActions, accountPaintedScreens } from '../../features/accounts/index.ts';
import type { PaintedScreen } from '../../kit/routing/painted-screen.ts';
import { guardNavigation } from '../../kit/session/guard.ts';
import { DEFAULT_LOCALE } from '../../kit/build-info.ts';
import { CmsPage } from '../../features/pages/index.ts';
import { setServerWindow } from '../../kit/ui/dom-window.ts';
import { loadBundledMessages } from '../../kit/i18n/load-messages.ts';
import { withLanguageLines } from '../../kit/i18n/language-lines.ts';
import { FeaturesDocumentSchema, MeDocumentSchema, toSessionUser } from '../../kit/session/documents.ts';
import { featuresAtom, sessionAtom, StaticSessionProvider } from '../../kit/session/session.tsx';
import { ServerMediaContext } from '../../kit/ui/media-query.ts';
import { Shell } from '../shell/shell.tsx';
import { DEFAULT_ACCESSIBILITY } from '../../kit/state/accessibility.ts';
import { parseReadingCookie, readingCookieOf, type ReadingSettings } from '../../kit/state/reading-cookie.ts';
import { environmentRevisionAtom } from '../../kit/state/app-status.ts';
import { chooseBootLocale } from '../../kit/state/locale-choice.ts';
import { localeAtom } from '../../kit/state/settings.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { GlobalStyle } from '../../kit/theme/global-style.ts';
import { buildTheme } from '../../kit/theme/theme.ts';
import {
  FIRST_PAINT_DROPPED,
  FIRST_PAINT_ELEMENT_ID,
  firstPaintGuard,
  type FirstPaintGuardOptions,
} from '../../kit/loading/first-paint-guard.ts';

export { FIRST_PAINT_ELEMENT_ID } from '../../kit/loading/first-paint-guard.ts';

/**
 * Node has no DOM: the host hands over the window of a DOM implementation (jsdom), for what reads editors' HTML
 * (cms/dom-window.ts). Called once, before the first paint.
 */
export function configureFirstPaint({ window }: { window: Window & typeof globalThis }): void {
  setServerWindow(window);
}

/** The application screens painted on the server too (kit/routing/painted-screen.ts), by path. */
const PAINTED_SCREENS = new Map<string, PaintedScreen>(accountPaintedScreens.map((s) => [s.path, s]));

/**
 * Whether a path is painted on the server: CMS paths, and the application screens made of the boot answers alone
 * (a member's profile); the other application screens are the app's.
 */
export function isFirstPaintPath(pathname: string): boolean {
  const path = collapseSlashes(pathname);
  return !isScreenPath(path) || PAINTED_SCREENS.has(path);
}

export type { ReadingSettings } from '../../kit/state/reading-cookie.ts';

/** The reader's settings, from the request's Cookie header (the defaults without a reading_settings cookie). */
export function firstPaintReading(cookieHeader: string | undefined): ReadingSettings {
  return parseReadingCookie(readingCookieOf(cookieHeader));
}

/**
 * The locale the app will boot in, as far as the server can tell (the stored choice the reading cookie mirrors,
 * then ?lang, then the Accept-Language list, then the default). The page's guard script drops the paint when the
 * browser's stored choice differs (first-paint-guard.ts).
 */
export function firstPaintLocale({
  lang,
  acceptLanguage,
  reading,
}: {
  lang: string | null;
  acceptLanguage: string;
  reading?: ReadingSettings | null;
}): Locale {
  const browser = acceptLanguage
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
  return chooseBootLocale({
    stored: reading?.locale ?? null,
    query: lang,
    browser,
    fallback: DEFAULT_LOCALE,
  });
}

/** The API reads a page's paint needs, by URL (the same URLs the app's boot asks, so it can take them). */
export function firstPaintUrls(pathname: string, search: string, locale: Locale): string[] {
  return [...bootRequestUrls(pathname, search), languageLinesUrl(locale)];
}

export interface FirstPaintInput {
  pathname: string;
  search: string;
  locale: Locale;
  /** what the API answered for each of firstPaintUrls, as JSON */
  answers: Record<string, { status: number; body: unknown }>;
  /** the reader's settings (firstPaintReading); the defaults when absent */
  reading?: ReadingSettings | null;
  /**
   * whether the answers were read with a session cookie: then 'me' must have answered a member (an expired
   * session is the app's to handle), else it must have answered 401
   */
  member?: boolean;
}

export interface FirstPaint {
  /** the document title, the page description (none for an application screen: the site's stays) */
  title: string;
  description?: string;
  /** the root element's attributes and the body's inline style, as the app sets them (theme/apply-to-document.ts); not escaped */
  htmlAttributes: { lang: string; 'data-theme': string; 'data-grayscale-images': string; style: string };
  bodyStyle: string;
  /** style elements for the head (styled-components) */
  styles: string;
  /**
   * the guard script for the head, carrying the answer's nonce: it hides the paint before any of it is parsed
   * when it is not for this reader (first-paint-guard.ts)
   */
  headScripts(nonce: string): string;
  /** the painted page, for the body before #root */
  body: string;
  /**
   * what follows the painted page: its guard script, carrying the nonce of the answer's Content-Security-Policy
   * (a fresh one per answer, while the paint itself is kept and sent again), and the boot answers
   */
  scripts(nonce: string): string;
}

/** JSON inside a script element: nothing in it may close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The whole HTML of an element, once every lazy part of it has loaded (React's static prerender). */
async function renderToString(element: React.ReactElement, identifierPrefix: string): Promise<string> {
  const { prelude } = await prerender(element, { identifierPrefix });
  return new Response(prelude).text();
}

/** The two paints of a page: the layout a phone gets, and the one of wider windows; CSS shows one. */
const VARIANTS = [
  { className: 'first-paint-narrow', mobile: true },
  { className: 'first-paint-wide', mobile: false },
] as const;

/**
 * The paint of a CMS page for a visitor or a member, with the reader's settings, or null when the answers do not
 * describe a page this reader may see (a redirection, not found, unauthorized, a failed read, a session that
 * is no longer one): the app handles those as it always does.
 */
export async function renderFirstPaint(input: FirstPaintInput): Promise<FirstPaint | null> {
  const { pathname, search, locale, answers, member = false } = input;
  const reading = input.reading ?? parseReadingCookie(null);
  const [featuresUrl, meUrl, environmentUrl, menuUrl, routeUrl] = bootRequestUrls(pathname, search);
  const body = (url: string | undefined) =>
    url && answers[url]?.status === 200 ? answers[url].body : undefined;
  const route = ResolvedRouteSchema.safeParse(body(routeUrl));
  const features = FeaturesDocumentSchema.safeParse(body(featuresUrl));
  const environment = EnvironmentDocumentSchema.safeParse(body(environmentUrl));
  const menu = MenuDocumentSchema.safeParse(body(menuUrl));
  // a visitor: 'me' answered 401; a member: 'me' answered who they are
  const me = member ? MeDocumentSchema.safeParse(body(meUrl)) : null;
  if (member ? !me?.success : answers[meUrl!]?.status !== 401) return null;
  if (!features.success || !menu.success) return null;
  const session = me?.success
    ? ({ status: 'authenticated', user: toSessionUser(me.data) } as const)
    : ({ status: 'anonymous', user: null } as const);
  // an application screen: painted when its guard lets this reader in (a redirect is the app's to make)
  const screen = PAINTED_SCREENS.get(collapseSlashes(pathname));
  if (
    screen &&
    guardNavigation({
      requirement: screen.requirement,
      path: pathname,
      search: search.replace(/^\?/, ''),
      session,
      features: features.data.data.features,
    }).kind !== 'allow'
  )
    return null;
  const page = route.success && route.data.data.kind === 'page' ? route.data.data : null;
  if (!screen && !page) return null;

  const linesAnswer = body(languageLinesUrl(locale)) as { data?: Record<string, string> } | undefined;
  const messages = withLanguageLines(await loadBundledMessages(locale), linesAnswer?.data ?? {});
  const { content, title } = screen
    ? {
        content: <screen.Screen />,
        title: createIntl({ locale, messages, defaultLocale: 'en' }).formatMessage({ id: screen.titleId }),
      }
    : {
        content: page && (
          <CmsPage
            pageId={page.page.id}
            title={page.page.attributes.title}
            styles={page.page.attributes.styles}
            components={page.components}
          />
        ),
        title: page?.page.attributes.title ?? '',
      };

  const store = createStore();
  store.set(sessionAtom, session);
  store.set(featuresAtom, features.data.data.features);
  store.set(menuAtom, menu.data.data);
  store.set(localeAtom, locale);
  if (environment.success) store.set(environmentRevisionAtom, environment.data.meta.revision);
  const theme = buildTheme(reading.dark, { ...DEFAULT_ACCESSIBILITY, ...reading.accessibility });
  const noFetch: typeof fetch = () => Promise.reject(new Error('no requests while painting on the server'));

  const tree = (mobile: boolean) => (
    <ServerMediaContext.Provider
      value={(query) =>
        query === theme.media.mobile ? mobile : query === theme.media.desktop ? !mobile : false
      }
    >
      <JotaiProvider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <IntlProvider locale={locale} messages={messages} defaultLocale="en">
            <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
              <ApiProvider fetchFn={noFetch}>
                <NavigationProvider>
                  <ToastProvider>
                    <ConsentProvider>
                      <StaticSessionProvider>
                        <Shell accountActions={<AccountActions />}>{content}</Shell>
                      </StaticSessionProvider>
                    </ConsentProvider>
                  </ToastProvider>
                </NavigationProvider>
              </ApiProvider>
            </Router>
          </IntlProvider>
        </ThemeProvider>
      </JotaiProvider>
    </ServerMediaContext.Provider>
  );

  const sheet = new ServerStyleSheet();
  try {
    let html = '';
    for (const { className, mobile } of VARIANTS) {
      const variant = await renderToString(sheet.collectStyles(tree(mobile)), `${className}-`);
      html += `<div class="${className}">${variant}</div>`;
    }
    const variantStyles =
      `<style>@media ${theme.media.mobile}{.first-paint-wide{display:none}}` +
      `@media ${theme.media.desktop}{.first-paint-narrow{display:none}}` +
      `html[${FIRST_PAINT_DROPPED.attribute}="${FIRST_PAINT_DROPPED.value}"] #${FIRST_PAINT_ELEMENT_ID}{display:none}</style>`;
    const inline: InlineBootAnswers = { locale, answers };
    const options: FirstPaintGuardOptions = {
      elementId: FIRST_PAINT_ELEMENT_ID,
      locale,
      dark: reading.dark,
      keys: {
        locale: STORAGE_KEYS.locale,
        darkTheme: STORAGE_KEYS.darkTheme,
        accessibility: STORAGE_KEYS.accessibilityParameters,
      },
      painted: reading.accessibility,
    };
    const guard = `(${firstPaintGuard.toString()})(${scriptJson(options)})`;
    const bootAnswers = scriptJson(inline);
    return {
      title: documentTitle(title),
      // an application screen keeps the site's description
      ...(page ? { description: page.page.attributes.description } : {}),
      htmlAttributes: {
        lang: locale,
        'data-theme': theme.mode,
        'data-grayscale-images': String(theme.grayscaleImages),
        style: `font-size: ${theme.text.sizePx}px;`,
      },
      bodyStyle: `line-height: ${theme.text.lineHeight}; letter-spacing: ${theme.text.letterSpacingEm}em; font-family: ${theme.fonts.body};`,
      styles: sheet.getStyleTags() + variantStyles,
      // a picture of the page: seen at once, not yet usable (no focus, no reading); the app replaces it
      body: `<div id="${FIRST_PAINT_ELEMENT_ID}" inert aria-hidden="true">${html}</div>`,
      // the nonce is the host's, never the page's text: no attribute of an editor's HTML can take it
      headScripts: (nonce) => `<script nonce="${escapeAttribute(nonce)}">${guard}</script>`,
      scripts: (nonce) =>
        `<script nonce="${escapeAttribute(nonce)}">${guard}</script>` +
        `<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">${bootAnswers}</script>`,
    };
  } finally {
    sheet.seal();
  }
}
