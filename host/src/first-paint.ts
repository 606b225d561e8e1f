import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import { JSDOM } from 'jsdom';
import type { Logger } from 'pino';
import { SESSION_COOKIE } from '@platform/command-api/auth/cookies';

/**
 * CMS pages, and the application screens the web names (a member's profile), painted on the server (ADR 0018): for a browser's navigation to a CMS path, the host reads the page's
 * boot answers from its own API as the reader (the same URLs, headers and read cache the app uses; a member's
 * with their session cookie, so 'me' and the menu are theirs), asks the web's server build for the page's HTML
 * with the reader's settings (their reading_settings cookie), and sends index.html with the painted page, its
 * styles and the answers inside. The app starts behind the paint and takes its place without asking the API
 * again. Any doubt (a session that is no longer one, a redirection, a failed read, a slow one, no server build)
 * sends index.html as it is, and the app does what it always did.
 */

/** What web/src/frame/first-paint/server-entry.tsx exports (the web's server build, web/dist/server). */
interface ServerEntry {
  configureFirstPaint(options: { window: unknown }): void;
  isFirstPaintPath(pathname: string): boolean;
  /**
   * the reader's settings from the Cookie header (JSON-able, the defaults without the cookie); absent from an
   * older server build, which paints with the defaults
   */
  firstPaintReading?(cookieHeader: string | undefined): unknown;
  firstPaintLocale(input: { lang: string | null; acceptLanguage: string; reading: unknown }): string;
  firstPaintUrls(pathname: string, search: string, locale: string): string[];
  renderFirstPaint(input: {
    pathname: string;
    search: string;
    locale: string;
    answers: Record<string, { status: number; body: unknown }>;
    reading: unknown;
    member: boolean;
  }): Promise<{
    title: string;
    /** absent for an application screen: index.html's stays */
    description?: string;
    htmlAttributes: Record<string, string>;
    bodyStyle: string;
    styles: string;
    /** the guard script for the head, with the given nonce (absent from an older server build) */
    headScripts?(nonce: string): string;
    body: string;
    /** the guard script, with the given nonce, and the boot answers */
    scripts(nonce: string): string;
  } | null>;
}

/** Past this, the reads of the paint are abandoned and the page goes out as the app's shell alone. */
const READS_TIMEOUT_MS = 1_500;

export const SERVER_ENTRY = 'server/server-entry.js';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The session cookie's value, or null. */
function sessionCookie(req: Request): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim();
  }
  return null;
}

/** Whether a request carries a session cookie: its page is that member's (not to be kept by a shared cache). */
export function hasSessionCookie(req: Request): boolean {
  return sessionCookie(req) !== null;
}

/** Where this server answers itself: the address and port the request came in on. */
function selfOrigin(req: Request): string {
  let address = req.socket.localAddress ?? '127.0.0.1';
  if (address.startsWith('::ffff:')) address = address.slice('::ffff:'.length);
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The app's scripts, moved from the head to after the first frame: a browser runs a module script as soon as it
 * has it and the document is parsed, and on a fast connection that run (parsing and starting about 200 KB of
 * gzipped code) came before the painted page was shown. Now the page is shown, then the scripts are asked for
 * (the entry and its preloaded chunks, as index.html lists them), and the app takes over when they have run.
 */
export function scriptsAfterFirstFrame(html: string, nonce: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const load =
    `requestAnimationFrame(function(){setTimeout(function(){` +
    `${JSON.stringify(preloads)}.forEach(function(href){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};` +
    `document.head.appendChild(s)})})`;
  return (
    html
      .replace(ENTRY_SCRIPT, '')
      .replace(MODULE_PRELOAD, '')
      // inline: it carries the nonce of the answer's Content-Security-Policy (security-headers.ts)
      .replace('</body>', () => `<script nonce="${escapeHtml(nonce)}">${load}</script></body>`)
  );
}

/** The painted page for a request, its inline scripts carrying `nonce` (the answer's CSP nonce), or null. */
export type FirstPaintRenderer = (req: Request, nonce: string) => Promise<string | null>;

/**
 * The renderer, or null when the web has no server build (an older build, a development checkout): the site
 * then works exactly as before, the app painting every page itself.
 */
export async function loadFirstPaint(options: {
  distDir: string;
  logger: Logger;
  /** the DOM the sanitiser parses with (mountWeb's `serverWindow`: the browser tests only) */
  serverWindow?: () => unknown;
}): Promise<FirstPaintRenderer | null> {
  const entryPath = join(options.distDir, SERVER_ENTRY);
  if (!existsSync(entryPath)) {
    options.logger.warn(`no server build of the web (${entryPath}): pages are painted by the browser only`);
    return null;
  }
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  // the sanitiser of editors' HTML needs a DOM, which Node has not: jsdom's, the one DOMPurify documents for Node
  entry.configureFirstPaint({
    window: options.serverWindow?.() ?? new JSDOM('').window,
  });
  // read for each page, as a plain index.html is: it names the assets of the build on disk
  const template = () => readFileSync(join(options.distDir, 'index.html'), 'utf8');
  return firstPaintRenderer(entry, template, options.logger);
}

/** Paints kept, by what they were painted from; the oldest goes first past this many. */
const PAINTS_KEPT = 200;

export function firstPaintRenderer(
  entry: ServerEntry,
  template: () => string,
  logger: Logger,
): FirstPaintRenderer {
  // the same answers paint the same page: a page is rendered again only when something it shows has changed
  // (the answers come from the read cache, whose entries follow the projections)
  const painted = new Map<string, ReturnType<ServerEntry['renderFirstPaint']>>();
  const paint = (input: Parameters<ServerEntry['renderFirstPaint']>[0]) => {
    const key = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
    let found = painted.get(key);
    if (found) {
      painted.delete(key); // kept as the newest
    } else {
      found = entry.renderFirstPaint(input);
      found.catch(() => painted.delete(key));
    }
    painted.set(key, found);
    if (painted.size > PAINTS_KEPT) painted.delete(painted.keys().next().value!);
    return found;
  };
  return async (req, nonce) => {
    // a machine credential is no reader
    if (!req.accepts('html') || req.headers.authorization) return null;
    if (!entry.isFirstPaintPath(req.path)) return null;
    const session = sessionCookie(req);
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const lang = new URLSearchParams(search).get('lang');
    const reading = entry.firstPaintReading?.(req.headers.cookie) ?? null;
    const locale = entry.firstPaintLocale({
      lang,
      acceptLanguage: req.headers['accept-language'] ?? '',
      reading,
    });
    const origin = selfOrigin(req);
    const correlationId = req.res?.locals.correlationId as string | undefined;
    const signal = AbortSignal.timeout(READS_TIMEOUT_MS);
    try {
      const urls = entry.firstPaintUrls(req.path, search, locale);
      const answers = Object.fromEntries(
        await Promise.all(
          urls.map(async (url) => {
            const response = await fetch(origin + url, {
              signal,
              headers: {
                Accept: 'application/vnd.api+json',
                'Accept-Language': locale,
                'X-Requested-With': 'XMLHttpRequest',
                ...(correlationId ? { 'X-Correlation-Id': correlationId } : {}),
                // the member's own session, and nothing else of their cookies
                ...(session !== null ? { Cookie: `${SESSION_COOKIE}=${session}` } : {}),
              },
            });
            const text = await response.text();
            return [
              url,
              { status: response.status, body: text ? (JSON.parse(text) as unknown) : null },
            ] as const;
          }),
        ),
      );
      const page = await paint({
        pathname: req.path,
        search,
        locale,
        answers,
        reading,
        member: session !== null,
      });
      if (!page) return null;
      const htmlAttributes = Object.entries(page.htmlAttributes)
        .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
        .join(' ');
      // function replacements: a page's text may hold `$&` or `$1`, which a replacement string would expand
      return scriptsAfterFirstFrame(template(), nonce)
        .replace(/<html[^>]*>/, () => `<html ${htmlAttributes}>`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
        .replace(/<meta name="description" content="[^"]*" \/>/, (tag) =>
          page.description === undefined
            ? tag
            : `<meta name="description" content="${escapeHtml(page.description)}" />`,
        )
        .replace('</head>', () => `${page.styles}${page.headScripts?.(nonce) ?? ''}</head>`)
        .replace('<body>', () => `<body style="${escapeHtml(page.bodyStyle)}">`)
        .replace('<div id="root"></div>', () => `${page.body}${page.scripts(nonce)}<div id="root"></div>`);
    } catch (error) {
      // the app paints the page as it always did; the reason is worth a line, not a failed navigation
      logger.warn({ err: error, path: req.path }, 'first paint skipped');
      return null;
    }
  };
}
