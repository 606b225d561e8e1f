import { urlOf, type AnyEndpoint } from '@platform/contracts/endpoints';
import { shellEndpoints } from '@platform/contracts/shell-endpoints';
import { browserTimeZone } from '../time/browser-zone.ts';
import { JSON_API_MEDIA_TYPE } from './client.ts';
import { ME_INCLUDE } from '../session/documents.ts';
import { collapseSlashes } from '../routing/router.tsx';

/**
 * The reads every page waits for before it shows anything (features, signed-in user, environment, menu, and
 * for a CMS path its route), started together as soon as the entry module runs instead of one provider after
 * the other (issue 10). The API client finds them through `withBootRequests(fetch)`: the first GET of the same
 * URL takes the answer already on its way; any other request, or a later one, goes to the network.
 */

/** An answer nobody took within this time after the boot is dropped: it may no longer be what the server says. */
const BOOT_WINDOW_MS = 10_000;

const pending = new Map<string, Promise<Response>>();

/** Paths an application screen answers (app.tsx and the modules' routes.tsx); every other path is a CMS path. */
const SCREEN_PREFIXES = ['/auth/', '/account/', '/admin', '/errors/', '/organizations/'];
const SCREEN_PATHS = ['/site-map', '/accessibility', '/services/accessibility-guidelines'];

export function isScreenPath(path: string): boolean {
  return SCREEN_PATHS.includes(path) || SCREEN_PREFIXES.some((p) => path === p || path.startsWith(p));
}

/** The URL the API client builds for a GET (client.ts buildUrl), so that the boot requests are found again. */
function apiUrl(endpoint: AnyEndpoint, query?: Record<string, string>): string {
  const url = urlOf(endpoint, {});
  const search = new URLSearchParams(query).toString();
  return search ? `${url}?${search}` : url;
}

/** The route resolution CmsRoute asks for (endpoints.resolveRoute), for the path and raw query of a URL. */
export function resolveRouteUrl(pathname: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  return apiUrl(shellEndpoints.resolveRoute, {
    path: collapseSlashes(pathname),
    ...(query ? { query } : {}),
  });
}

/** The API URLs of a page's boot reads (the server's first paint reads the same ones, first-paint/server-entry.tsx). */
export function bootRequestUrls(pathname: string, search: string): string[] {
  const urls = [
    apiUrl(shellEndpoints.features),
    apiUrl(shellEndpoints.me, { include: ME_INCLUDE }),
    apiUrl(shellEndpoints.environment),
    apiUrl(shellEndpoints.menu),
  ];
  if (!isScreenPath(collapseSlashes(pathname))) urls.push(resolveRouteUrl(pathname, search));
  return urls;
}

/** The language lines of a locale (i18n/language-lines.ts asks for the same URL). */
export function languageLinesUrl(locale: string): string {
  return apiUrl(shellEndpoints.languageLines, { locale });
}

/**
 * Answers the server read for this page and wrote into it (first-paint/server-entry.tsx), as the element
 * `<script type="application/json" id="boot-answers">`: { locale, answers: { url: { status, body } } }.
 * They were read for one locale and an anonymous visitor; another locale, or a visitor who turned out to be
 * signed in, asks the network.
 */
export interface InlineBootAnswers {
  locale: string;
  answers: Record<string, { status: number; body: unknown }>;
}

export const BOOT_ANSWERS_ELEMENT_ID = 'boot-answers';

function readInlineAnswers(locale: string, doc: Document | undefined): Map<string, Promise<Response>> {
  const found = new Map<string, Promise<Response>>();
  const element = doc?.getElementById(BOOT_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return found;
  try {
    const inline = JSON.parse(element.textContent) as InlineBootAnswers;
    if (inline.locale !== locale) return found;
    for (const [url, { status, body }] of Object.entries(inline.answers)) {
      const response = new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': JSON_API_MEDIA_TYPE },
      });
      found.set(url, Promise.resolve(response));
    }
  } catch {
    /* unreadable: the network answers */
  }
  return found;
}

/**
 * Starts the boot reads for a page, with the headers the API client sends (client.ts headersFor). Called once,
 * by main.tsx, before React renders anything. What the server already answered in the page is not asked again.
 */
export function startBootRequests(
  { locale, pathname, search }: { locale: string; pathname: string; search: string },
  fetchFn: typeof fetch = (...args) => globalThis.fetch(...args),
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  const headers: Record<string, string> = {
    Accept: JSON_API_MEDIA_TYPE,
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': locale,
    'X-Timezone': browserTimeZone(),
  };
  if (pathname === '/admin' || pathname.startsWith('/admin/')) headers['Accept-Edition-Language'] = locale;
  const inline = readInlineAnswers(locale, doc);
  for (const [url, answer] of inline) pending.set(url, answer);
  for (const url of bootRequestUrls(pathname, search)) {
    if (inline.has(url)) continue;
    const answer = fetchFn(url, { headers, credentials: 'same-origin' });
    answer.catch(() => undefined); // the taker sees the failure; an answer nobody takes must not be reported
    pending.set(url, answer);
  }
  setTimeout(() => pending.clear(), BOOT_WINDOW_MS);
}

/** Takes the boot answer for a GET of this URL, once; undefined when there is none (any longer). */
function take(url: string, init?: RequestInit): Promise<Response> | undefined {
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return undefined;
  const answer = pending.get(url);
  if (!answer) return undefined;
  pending.delete(url);
  const signal = init?.signal;
  if (!signal) return answer;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The request was aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A fetch that hands out the boot answers first (see above), and asks `fetchFn` for everything else. */
export function withBootRequests(fetchFn: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return take(url, init) ?? fetchFn(input, init);
  };
}

/** Forgets the boot answers nobody took (tests). */
export function clearBootRequests(): void {
  pending.clear();
}
