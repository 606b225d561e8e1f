import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import type { Logger } from 'pino';
import { z } from 'zod/v4';
import { VIDEO_PLAYER_ORIGINS } from '@platform/contracts/pages/video';

/**
 * The headers of every answer (ADR 0022), set once for the whole site from what helmet computes: for the app, its
 * pages and files, a strict Content-Security-Policy whose scripts are the site's own files or carry the answer's
 * nonce; for the APIs' JSON, a policy that allows nothing; and on both nosniff, no framing, a Referrer-Policy, and
 * HSTS when the request came over TLS. Browsers report what the policy blocked to POST /csp-reports, which logs
 * one warning per report.
 */

export const CSP_REPORT_PATH = '/csp-reports';
/** the Reporting API group of the report-to directive (Reporting-Endpoints names its URL) */
export const CSP_REPORT_GROUP = 'csp-endpoint';

const NONCE_LOCAL = 'cspNonce';

/**
 * The APIs' paths (/api/...): JSON answers, never a document a browser runs. Not /auth/: the sign-in API's calls
 * are there (POST), and so are the app's sign-in screens (GET), which need the app's policy.
 */
function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/api';
}

/**
 * The nonce of this answer's Content-Security-Policy: every inline script the answer's HTML holds carries it
 * (`<script nonce="...">`), and no other inline script runs. A fresh one per answer of the app (not of the APIs,
 * whose policy runs no script at all).
 */
export function cspNonce(res: Response): string {
  const nonce = (res.locals as Record<string, unknown>)[NONCE_LOCAL];
  if (typeof nonce !== 'string')
    throw new Error('cspNonce: no nonce for this answer (an API path, or no headers)');
  return nonce;
}

/** 128 bits of a nonce, as the CSP specification asks at least */
const NONCE_BYTES = 16;
/**
 * Nonces are cut from a pool of the system's cryptographic randomness, filled 256 nonces at a time: one call for
 * the random bytes per answer was about 8% of a cached read's CPU. Each nonce is bytes used once, never derived
 * from another (as Node's own randomUUID pools its randomness).
 */
const nonces = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = nonces.length;

/** A fresh nonce: 16 bytes of the pool, in base64 (what `'nonce-...'` takes). */
export function freshNonce(): string {
  if (nonceAt === nonces.length) {
    randomFillSync(nonces);
    nonceAt = 0;
  }
  const nonce = nonces.toString('base64', nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

const nonceSource = (_req: unknown, res: ServerResponse) =>
  `'nonce-${(res as Response).locals[NONCE_LOCAL] as string}'`;

/**
 * The policy's directives for the app, its pages and files. Over TLS, requests for http: resources are upgraded
 * and reports also go through the Reporting API (report-to), whose endpoints must be secure; over plain HTTP
 * browsers send them to report-uri.
 */
export function contentSecurityDirectives(
  secure: boolean,
): Record<string, Array<string | typeof nonceSource>> {
  return {
    'default-src': ["'self'"],
    // the built app's files, and the inline scripts the host writes itself (the painted page's guard and
    // loader, the starting page's check), each with the answer's nonce; no 'unsafe-inline', no 'unsafe-eval'
    'script-src': ["'self'", nonceSource],
    // no event-handler attributes (onclick="...") at all
    'script-src-attr': ["'none'"],
    // styles cannot take a nonce as the app makes them: styled-components inserts <style> elements at run time
    // and react-aria (like the painted page's <html> and <body>) sets `style` attributes. Styles cannot run
    // code; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    // files are served by the platform; data: for the empty favicon of index.html
    'img-src': ["'self'", 'data:'],
    // the build's own: Vite inlines the smallest font files of @fontsource (some subsets are under 4 KB) as data:
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'"],
    'connect-src': ["'self'"],
    // the two video players an editor may embed (after the visitor's consent), nothing else
    'frame-src': Object.values(VIDEO_PLAYER_ORIGINS),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // no page of the site is framed, by another site or by itself (the page editor's preview opens in a tab)
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    ...(secure ? { 'report-to': [CSP_REPORT_GROUP], 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The policy of the APIs' answers (OWASP's for a REST API): JSON is data, so nothing it could name loads and no
 * script runs, and no site frames it. No nonce, no reports. A file's content served by the API sets its own
 * policy (query-api/src/files/routes.ts).
 */
export const API_CONTENT_SECURITY_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

function helmetOptions(
  secure: boolean,
  directives: Record<string, Array<string | typeof nonceSource>>,
): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // a browser keeps this for a year: only an answer that came over TLS may say it
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // express's own header is already off (platform.ts); helmet's other defaults stay: nosniff,
    // Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin, Origin-Agent-Cluster,
    // X-DNS-Prefetch-Control off, X-Download-Options, X-Permitted-Cross-Domain-Policies none, X-XSS-Protection 0
  };
}

/** Marks the nonce's place in the policy helmet writes once; it passes helmet's checks of a directive's value. */
const NONCE_MARK = 'NONCE-OF-THE-ANSWER';

/** The headers of one kind of answer: fixed ones, and the policy around the answer's nonce when it has one. */
interface AnswerHeaders {
  fixed: Array<[string, string]>;
  /** those helmet removes (X-Powered-By) */
  removed: string[];
  /** the Content-Security-Policy before and after the nonce; absent: the policy is in `fixed` */
  policy?: [string, string];
}

/**
 * What helmet sets for these options, computed once at start (helmet's checks still refuse a malformed policy
 * there) and set as it is on each answer: running helmet's dozen middlewares and writing the policy again for
 * every answer was about a tenth of a cached read's CPU.
 */
function answerHeaders(options: HelmetOptions): AnswerHeaders {
  const fixed: Array<[string, string]> = [];
  const removed: string[] = [];
  const collector = {
    locals: { [NONCE_LOCAL]: NONCE_MARK },
    setHeader(name: string, value: string | number) {
      fixed.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const at = fixed.findIndex(([name]) => name.toLowerCase() === 'content-security-policy');
  const policy = fixed[at]?.[1].split(NONCE_MARK);
  if (!policy || policy.length > 2)
    throw new Error('securityHeaders: helmet wrote no policy, or the nonce twice');
  if (policy.length === 1) return { fixed, removed };
  fixed.splice(at, 1);
  return { fixed, removed, policy: [policy[0]!, policy[1]!] };
}

/**
 * Over TLS: the socket's own, or what the trusted proxy says in X-Forwarded-Proto (req.secure); the proxy's
 * address is checked only when the header is there (req.secure parses it on every call).
 */
const isSecure = (req: Request) =>
  req.headers['x-forwarded-proto'] === undefined
    ? (req.socket as Partial<TLSSocket>).encrypted === true
    : req.secure;

/**
 * Mounted first, for every answer (the starting page, the APIs, the web's files and pages, errors): helmet's
 * headers for a plain or a TLS request, with, on an answer of the app, a fresh nonce in its policy.
 */
export function securityHeaders(): RequestHandler {
  const app = [
    answerHeaders(helmetOptions(false, contentSecurityDirectives(false))),
    answerHeaders(helmetOptions(true, contentSecurityDirectives(true))),
  ] as const;
  const api = [
    answerHeaders(helmetOptions(false, API_CONTENT_SECURITY_DIRECTIVES)),
    answerHeaders(helmetOptions(true, API_CONTENT_SECURITY_DIRECTIVES)),
  ] as const;
  return (req, res, next) => {
    const secure = isSecure(req);
    const headers = (isApiPath(req.path) ? api : app)[secure ? 1 : 0];
    for (const name of headers.removed) res.removeHeader(name);
    for (const [name, value] of headers.fixed) res.setHeader(name, value);
    if (headers.policy) {
      const nonce = freshNonce();
      res.locals[NONCE_LOCAL] = nonce;
      res.setHeader('Content-Security-Policy', headers.policy[0] + nonce + headers.policy[1]);
      if (secure) res.setHeader('Reporting-Endpoints', `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
    }
    next();
  };
}

/** Bodies past this are refused (413) before they are read whole. */
const REPORT_BODY_LIMIT = '32kb';
/** At most this many reports of one request are logged (a browser batches a few). */
const REPORTS_PER_REQUEST = 20;
/** Each value reported is cut to this length in the log. */
const FIELD_LENGTH = 512;

const field = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).slice(0, FIELD_LENGTH))
  .optional()
  .catch(undefined);

/** report-uri: `Content-Type: application/csp-report`, one report in `csp-report` (CSP level 2). */
const LegacyReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': field,
    'violated-directive': field,
    'effective-directive': field,
    'blocked-uri': field,
    'source-file': field,
    'line-number': field,
    'column-number': field,
    disposition: field,
    'script-sample': field,
  }),
});

/** report-to: `Content-Type: application/reports+json`, a list of reports of any type (the Reporting API). */
const ReportingApiSchema = z
  .array(
    z.object({
      type: z.string(),
      url: field,
      body: z
        .object({
          documentURL: field,
          effectiveDirective: field,
          blockedURL: field,
          sourceFile: field,
          lineNumber: field,
          columnNumber: field,
          disposition: field,
          sample: field,
        })
        .optional(),
    }),
  )
  .min(1);

export interface CspViolation {
  documentUrl?: string;
  directive?: string;
  blocked?: string;
  sourceFile?: string;
  line?: string;
  column?: string;
  disposition?: string;
  sample?: string;
}

/** The violations a report body holds, in one shape, or null when the body is not a report. */
export function cspViolations(contentType: string, body: unknown): CspViolation[] | null {
  if (contentType === 'application/csp-report') {
    const parsed = LegacyReportSchema.safeParse(body);
    if (!parsed.success) return null;
    const r = parsed.data['csp-report'];
    return [
      {
        documentUrl: r['document-uri'],
        directive: r['effective-directive'] ?? r['violated-directive'],
        blocked: r['blocked-uri'],
        sourceFile: r['source-file'],
        line: r['line-number'],
        column: r['column-number'],
        disposition: r.disposition,
        sample: r['script-sample'],
      },
    ];
  }
  const parsed = ReportingApiSchema.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ url, body: b }) => ({
      documentUrl: b!.documentURL ?? url,
      directive: b!.effectiveDirective,
      blocked: b!.blockedURL,
      sourceFile: b!.sourceFile,
      line: b!.lineNumber,
      column: b!.columnNumber,
      disposition: b!.disposition,
      sample: b!.sample,
    }));
}

/** A value of a report in the log line's message: no line breaks or other control characters, short. */
const plainText = (value: string | undefined) =>
  value === undefined ? '?' : value.replace(/\p{Cc}/gu, ' ').slice(0, 200);

export interface CspReportLimit {
  /** requests from one address in one window, reports or not */
  max: number;
  windowMs: number;
}

/** A browser sends a handful of reports a page; a flood from one address stops here (ADR 0022). */
export const DEFAULT_CSP_REPORT_LIMIT: CspReportLimit = { max: 60, windowMs: 60_000 };
/** How many addresses the counters hold at most: past it the oldest windows are dropped first. */
const CSP_REPORT_ADDRESSES = 10_000;

/**
 * Fixed windows per client address, in this process's memory: a report is worth one log line, not a write to
 * the database, and what one process lets through is bounded by its own count. Past its limit an address is
 * answered 429 with Retry-After before its body is read.
 */
export function cspReportLimiter(
  limit: CspReportLimit,
  clock: () => Date,
  addresses = CSP_REPORT_ADDRESSES,
): RequestHandler {
  // insertion order is the order windows began in (a new window re-inserts its address)
  const windows = new Map<string, { startedAt: number; hits: number }>();
  return (req, res, next) => {
    const now = clock().getTime();
    const ip = req.ip ?? 'unknown';
    let window = windows.get(ip);
    if (!window || window.startedAt <= now - limit.windowMs) {
      windows.delete(ip);
      window = { startedAt: now, hits: 0 };
      windows.set(ip, window);
      while (windows.size > addresses) windows.delete(windows.keys().next().value!);
    }
    window.hits += 1;
    if (window.hits > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + limit.windowMs - now) / 1000));
      res.setHeader('Retry-After', String(retryAfter));
      res.status(429).end();
      return;
    }
    next();
  };
}

/**
 * POST /csp-reports: what browsers send when the policy blocked something (either format), one warning line
 * per violation, answered 204. A body that is not a report is a 4xx (400 not JSON or not a report, 413 too
 * large, 415 another type, 429 past the address's limit), never a 500.
 */
export function cspReportRoute(
  logger: Logger,
  options: { clock?: () => Date; limit?: CspReportLimit } = {},
): Router {
  const router = express.Router();
  const types = ['application/csp-report', 'application/reports+json'];
  router.post(
    CSP_REPORT_PATH,
    cspReportLimiter(options.limit ?? DEFAULT_CSP_REPORT_LIMIT, options.clock ?? (() => new Date())),
    express.json({ type: types, limit: REPORT_BODY_LIMIT, strict: true }),
    (req, res) => {
      const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!types.includes(contentType)) {
        res.status(415).end();
        return;
      }
      const violations = cspViolations(contentType, req.body as unknown);
      if (violations === null) {
        res.status(400).end();
        return;
      }
      for (const violation of violations.slice(0, REPORTS_PER_REQUEST)) {
        logger.warn(
          { cspViolation: violation },
          `content security policy violation: ${plainText(violation.directive)} blocked ` +
            `${plainText(violation.blocked)} on ${plainText(violation.documentUrl)}`,
        );
      }
      res.status(204).end();
    },
  );
  // express.json's own refusals (malformed JSON, too large, a charset it cannot read) keep their 4xx
  router.use(CSP_REPORT_PATH, ((error, _req, res, next) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) res.status(status).end();
    else next(error);
  }) as express.ErrorRequestHandler);
  return router;
}
