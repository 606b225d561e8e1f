import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Locale } from '@platform/contracts/enums';
import type { ErrorCode } from '@platform/contracts/errors';
import { cspNonce } from './security-headers.ts';
import { STARTING_LOCALES, startingPage } from './starting-page.ts';

/**
 * The demo seeder's pass through the gate while the platform starts: the machine credential in this header, beside
 * a member's session (the seeder books and confirms as the demo members do, over HTTP). It opens the gate only;
 * the request is the session's.
 */
export const SEEDER_PASS_HEADER = 'x-seeder-pass';

/** How long a client should wait before asking again while the platform starts (seconds). */
export const STARTING_RETRY_AFTER_S = 2;

export interface Readiness {
  readonly ready: boolean;
  /** opens every route: called once migrations ran, projections caught up and the first-start seeding is done */
  markReady(): void;
  /** answers 503 until ready; lets through /healthz, /readyz and the machine credential or its pass (the seeder) */
  gate: RequestHandler;
  /** GET /readyz: 200 once ready, 503 before */
  probe: RequestHandler;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createReadiness(options: { adminToken: string; ready?: boolean }): Readiness {
  let ready = options.ready ?? false;
  const adminDigest = digest(`Bearer ${options.adminToken}`);
  const isMachineCredential = (header: string | undefined) =>
    header !== undefined && timingSafeEqual(digest(header), adminDigest);

  return {
    get ready() {
      return ready;
    },
    markReady() {
      ready = true;
    },
    gate(req, res, next) {
      if (ready || req.path === '/healthz' || req.path === '/readyz') return next();
      if (isMachineCredential(req.headers.authorization)) return next();
      const pass = req.headers[SEEDER_PASS_HEADER];
      if (typeof pass === 'string' && isMachineCredential(`Bearer ${pass}`)) return next();
      res.setHeader('Retry-After', String(STARTING_RETRY_AFTER_S));
      res.setHeader('Cache-Control', 'no-store');
      const isApi = req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/auth/');
      if (!isApi && req.method === 'GET' && req.accepts(['html', 'json']) === 'html') {
        const locale = (req.acceptsLanguages(...STARTING_LOCALES) || 'en') as Locale;
        res
          .status(503)
          .type('html')
          .send(startingPage(locale, cspNonce(res)));
        return;
      }
      res
        .status(503)
        .type('application/vnd.api+json')
        .json({
          errors: [
            {
              status: '503',
              code: 'unavailable.starting' satisfies ErrorCode,
              title: 'The platform is starting',
              detail: `Try again in ${STARTING_RETRY_AFTER_S} seconds.`,
            },
          ],
        });
    },
    probe(_req, res) {
      res.setHeader('Cache-Control', 'no-store');
      res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'starting' });
    },
  };
}
