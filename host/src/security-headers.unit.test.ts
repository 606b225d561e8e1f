import express from 'express';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { listen } from '@platform/tests/support/http';
import { createReadiness } from './readiness.ts';
import {
  contentSecurityDirectives,
  cspReportLimiter,
  cspReportRoute,
  cspViolations,
  freshNonce,
  securityHeaders,
} from './security-headers.ts';

describe('the policy', () => {
  it('has no unsafe source for scripts, over plain HTTP or TLS', () => {
    for (const secure of [false, true]) {
      const scripts = contentSecurityDirectives(secure)['script-src']!;
      const words = scripts.filter((s): s is string => typeof s === 'string');
      expect(words).toEqual(["'self'"]);
      // the other one is the answer's nonce, made per request
      expect(scripts.filter((s) => typeof s === 'function')).toHaveLength(1);
      expect(JSON.stringify(contentSecurityDirectives(secure))).not.toMatch(/unsafe-eval|unsafe-hashes|\*/);
    }
  });
});

describe('a nonce', () => {
  it('is 128 bits, and never the same twice, across refills of the pool it is cut from', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const nonce = freshNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(2000);
  });
});

describe('the headers', () => {
  it("are helmet's, set from what it computed at start: on an app's answer with its nonce, on an API's without", async () => {
    const app = express();
    app.use(securityHeaders());
    app.get(['/page', '/api/v1/x'], (_req, res) => {
      res.json({});
    });
    const server = await listen(app);
    try {
      const page = await fetch(server.url('/page'));
      // helmet removes what Express says of itself
      expect(page.headers.get('x-powered-by')).toBeNull();
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('origin-agent-cluster')).toBe('?1');
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toMatch(/^default-src 'self';script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==';/);
      expect(policy).not.toContain('NONCE-OF-THE-ANSWER');
      const api = await fetch(server.url('/api/v1/x'));
      expect(api.headers.get('x-powered-by')).toBeNull();
      expect(api.headers.get('x-frame-options')).toBe('DENY');
      expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await server.close();
    }
  });
});

describe('the starting page', () => {
  it("carries the answer's nonce on its one inline script", async () => {
    const app = express();
    app.use(securityHeaders());
    app.use(createReadiness({ adminToken: 'starting-token-0123456789', ready: false }).gate);
    const server = await listen(app);
    try {
      const res = await fetch(server.url('/about'), { headers: { accept: 'text/html' } });
      expect(res.status).toBe(503);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeDefined();
      const scripts = [...(await res.text()).matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      expect(scripts).toEqual([` nonce="${nonce}"`]);
    } finally {
      await server.close();
    }
  });
});

describe('a CSP report', () => {
  it('of CSP level 2 (report-uri) is one violation; the effective directive wins over the violated one', () => {
    expect(
      cspViolations('application/csp-report', {
        'csp-report': {
          'document-uri': 'http://site.test/',
          'violated-directive': 'script-src',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'line-number': 3,
          'status-code': 200,
        },
      }),
    ).toEqual([
      {
        documentUrl: 'http://site.test/',
        directive: 'script-src-elem',
        blocked: 'inline',
        line: '3',
      },
    ]);
  });

  it('of the Reporting API (report-to) keeps the CSP violations of the batch', () => {
    expect(
      cspViolations('application/reports+json', [
        { type: 'csp-violation', url: 'https://site.test/a', body: { effectiveDirective: 'img-src' } },
        { type: 'network-error', url: 'https://site.test/b', body: {} },
      ]),
    ).toEqual([{ documentUrl: 'https://site.test/a', directive: 'img-src' }]);
  });

  it('is null for what is not a report; a value of another type is left out', () => {
    expect(cspViolations('application/csp-report', null)).toBeNull();
    expect(cspViolations('application/csp-report', [{ 'csp-report': {} }])).toBeNull();
    expect(cspViolations('application/reports+json', {})).toBeNull();
    expect(cspViolations('application/reports+json', [{ type: 1 }])).toBeNull();
    expect(
      cspViolations('application/csp-report', { 'csp-report': { 'blocked-uri': { deep: [1] } } }),
    ).toEqual([{}]);
  });
});

describe('the report endpoint per address', () => {
  it('refuses an address past its limit with 429 and Retry-After before reading the body, until its window ends', async () => {
    let now = Date.parse('2025-01-01T09:00:00Z');
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(cspReportRoute(logger, { clock: () => new Date(now), limit: { max: 3, windowMs: 60_000 } }));
    const server = await listen(app);
    const report = JSON.stringify({
      'csp-report': { 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' },
    });
    const post = (ip: string, body = report) =>
      fetch(server.url('/csp-reports'), {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': ip },
        body,
      });
    try {
      const statuses: number[] = [];
      // what is not a report counts as well: a flood of garbage is bounded like one of reports
      statuses.push((await post('203.0.113.5', 'nope')).status);
      for (let i = 0; i < 3; i++) statuses.push((await post('203.0.113.5')).status);
      expect(statuses).toEqual([400, 204, 204, 429]);
      now += 20_000;
      const refused = await post('203.0.113.5');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('40');
      expect(lines).toHaveLength(2);
      // another address has its own budget
      expect((await post('203.0.113.6')).status).toBe(204);
      now += 40_000;
      expect((await post('203.0.113.5')).status).toBe(204);
    } finally {
      await server.close();
    }
  });

  it('holds a bounded number of addresses, dropping the oldest windows first', async () => {
    const now = Date.parse('2025-01-01T09:00:00Z');
    const app = express();
    app.set('trust proxy', 'loopback');
    app.post(
      '/x',
      cspReportLimiter({ max: 1, windowMs: 60_000 }, () => new Date(now), 2),
      (_req, res) => {
        res.status(204).end();
      },
    );
    const server = await listen(app);
    const post = (ip: string) =>
      fetch(server.url('/x'), { method: 'POST', headers: { 'x-forwarded-for': ip } }).then((r) => r.status);
    try {
      expect([await post('192.0.2.1'), await post('192.0.2.1')]).toEqual([204, 429]);
      // two more addresses: the first one's window is dropped (the map holds 2)
      expect([await post('192.0.2.2'), await post('192.0.2.3')]).toEqual([204, 204]);
      expect([await post('192.0.2.3'), await post('192.0.2.1')]).toEqual([429, 204]);
    } finally {
      await server.close();
    }
  });
});
