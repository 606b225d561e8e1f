import express from 'express';
import { describe, expect, it } from 'vitest';
import { listen } from '@platform/tests/support/http';
import { createReadiness } from './readiness.ts';
import { contentSecurityDirectives, cspViolations, securityHeaders } from './security-headers.ts';

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
