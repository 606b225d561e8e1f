import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { pino, type Logger } from 'pino';
import { hasSessionCookie, loadFirstPaint, type FirstPaintRenderer } from './first-paint.ts';
import { cspNonce } from './security-headers.ts';

export interface MountWebOptions {
  /** the Vite build output (web/dist) */
  distDir: string;
  /** public CMS pages painted on the server (ADR 0018); on unless false */
  firstPaint?: boolean;
  logger?: Logger;
  /**
   * The DOM the server paint parses editors' HTML with (its sanitiser's): jsdom's by default. For the browser
   * tests only (tests/e2e/support), which hand a DOM in which the sanitiser sees nothing of a marked block, to
   * show the Content-Security-Policy stopping what a sanitiser let through; nothing in the configuration or
   * `npm start` sets it.
   */
  serverWindow?: () => unknown;
}

/** Vite writes content-hashed file names under assets/: they never change, so browsers may keep them a year. */
const HASHED_ASSET = /^\/assets\//;

/**
 * The encodings of the build's precompressed files (web/vite.config.ts writes `<file>.br` and `<file>.gz`), the
 * first the client takes in this order: brotli is about a fifth smaller than gzip on the app's scripts, and
 * browsers list it after gzip (`gzip, deflate, br, zstd`) with the same weight.
 */
export const PRECOMPRESSED_ORDER = ['br', 'gzip'];

/**
 * Serves the built web from the same origin as the APIs: hashed assets with a one-year immutable cache,
 * index.html never cached (it names the current assets), and every other GET that is not an API path answers
 * index.html so the browser router takes over (history-mode deep links, reloads). Mount after the APIs.
 *
 * A file the build compressed is sent as its `.br` or `.gz` beside it, by the client's Accept-Encoding, with the
 * file's own Content-Type, `Content-Encoding` and `Vary: Accept-Encoding` (express-static-gzip); nothing is
 * compressed per request. The HTML answers are not among those files: each carries its own nonce, and is
 * compressed on the fly with the other dynamic answers (compression.ts).
 */
export function mountWeb(app: Express, options: MountWebOptions): void {
  const distDir = resolve(options.distDir);
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`The web is not built: ${indexHtml} is missing (run npm run build)`);
  }

  const logger = options.logger ?? pino({ level: 'silent' });
  // loaded on the first navigation: the server build is imported once, by the process that serves
  let firstPaint: Promise<FirstPaintRenderer | null> | undefined;
  const renderer = () =>
    (firstPaint ??= loadFirstPaint({
      distDir,
      logger,
      ...(options.serverWindow ? { serverWindow: options.serverWindow } : {}),
    }).catch((error: unknown) => {
      logger.error(
        { err: error },
        'the web server build could not be loaded: pages are painted by the browser',
      );
      return null;
    }));
  const statics = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: PRECOMPRESSED_ORDER,
    index: false,
    serveStatic: {
      index: false,
      fallthrough: true,
      // `path` is the file sent: the `.br` or `.gz` of a hashed asset is under assets/ as well
      setHeaders(res, path) {
        const relative = path.slice(distDir.length).replace(/\\/g, '/');
        if (HASHED_ASSET.test(relative))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    },
  });
  // the server build (web/dist/server) is the host's, not a file for browsers
  app.use((req, res, next) => (req.path.startsWith('/server/') ? next() : statics(req, res, next)));

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // API paths and missing hashed assets keep their 404: an old page asking for a deleted chunk must see it fail
    if (req.path === '/api' || req.path.startsWith('/api/') || HASHED_ASSET.test(req.path)) return next();
    // a member's painted page holds who they are: for their browser alone, and never kept
    res.setHeader('Cache-Control', hasSessionCookie(req) ? 'private, no-store' : 'no-cache');
    // the painted page depends on who asks (a session or not, the reading settings) and in which language
    res.setHeader('Vary', 'Cookie, Accept-Language');
    if (options.firstPaint === false || req.method !== 'GET') return res.sendFile(indexHtml);
    renderer()
      // the painted page's inline scripts carry this answer's nonce (security-headers.ts, mounted before)
      .then((render) => render?.(req, cspNonce(res)) ?? null)
      .then(
        (html) => (html === null ? res.sendFile(indexHtml) : res.type('html').send(html)),
        (error: unknown) => next(error),
      );
  });
}
