import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { capturedLogger, listen, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { createPlatform, type Platform } from './platform.ts';
import { mountWeb } from './web-static.ts';

/**
 * The headers of ADR 0022 on what the platform answers (the app's HTML, an API read, a painted page, a file)
 * with the real platform over its own database, and the web served from a build laid out as Vite writes it. The
 * web's server build is a stand-in here that paints a fixed page (the real one is painted in the browser tests of
 * tests/e2e/content-policy.e2e.test.ts): what is checked is the host's part, the nonce of each answer on every
 * inline script it writes.
 */

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Assistive technology community platform" />
    <link rel="icon" href="data:," />
    <title>Site</title>
    <style>#first-paint ~ #root { display: none; }</style>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-DeF456.js">
    <link rel="stylesheet" crossorigin href="/assets/index-GhI789.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The web's server build as the host calls it (web/src/frame/first-paint/server-entry.tsx), painting one fixed page. */
const SERVER_ENTRY = `
export function configureFirstPaint() {}
export function isFirstPaintPath(pathname) { return !pathname.startsWith('/admin'); }
export function firstPaintLocale() { return 'en'; }
export function firstPaintUrls() { return ['/api/v1/app-environment']; }
export async function renderFirstPaint({ pathname, answers }) {
  if (answers['/api/v1/app-environment'].status !== 200) return null;
  return {
    title: 'Painted ' + pathname,
    description: 'A painted page',
    htmlAttributes: { lang: 'en' },
    bodyStyle: 'line-height: 1.5;',
    styles: '<style>.painted{color:#111}</style>',
    body: '<div id="first-paint" inert aria-hidden="true"><h1 class="painted">Painted</h1></div>',
    scripts: (nonce) =>
      '<script nonce="' + nonce + '">window.guarded = true</script>' +
      '<script type="application/json" id="boot-answers">{}</script>',
  };
}
`;

let db: TestDatabase;
let platform: Platform;
let server: Awaited<ReturnType<typeof listen>>;
let dist: string;
const log = capturedLogger();

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'headers-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'server', 'server-entry.js'), SERVER_ENTRY);
  db = await createTestDatabase();
  platform = await createPlatform({
    databaseUrl: db.url,
    adminToken: TEST_ADMIN_TOKEN,
    logger: log.logger,
    mountAfterApis: (app) => mountWeb(app, { distDir: dist, logger: log.logger }),
  });
  await platform.start();
  server = await listen(platform.app);
});

afterAll(async () => {
  await server?.close();
  await platform?.stop();
  await db?.drop();
  rmSync(dist, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
function directives(header: string | null): Map<string, string[]> {
  expect(header, 'a Content-Security-Policy header').not.toBeNull();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function nonceOf(header: string | null): string {
  const sources = directives(header).get('script-src') ?? [];
  const nonces = sources.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice("'nonce-".length, -1));
  expect(nonces).toHaveLength(1);
  return nonces[0]!;
}

/** The headers every answer carries, whatever it is (over plain HTTP). */
function expectCommonHeaders(res: Response) {
  // not over TLS: no HSTS, no Reporting API (its endpoints must be secure)
  expect(res.headers.get('strict-transport-security')).toBeNull();
  expect(res.headers.get('reporting-endpoints')).toBeNull();
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

/** An answer of the app (its HTML, a painted page, a file, the starting page): the policy with its nonce. */
function expectSecurityHeaders(res: Response) {
  expectCommonHeaders(res);
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  const scripts = csp.get('script-src')!;
  expect(scripts).toContain("'self'");
  expect(scripts.filter((s) => s.startsWith("'nonce-"))).toHaveLength(1);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('report-uri')).toEqual(['/csp-reports']);
  // not over TLS: no upgrade, no Reporting API
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(csp.has('report-to')).toBe(false);
}

/** An answer of the APIs (JSON): a policy that lets nothing load or run, and no site frame it; no nonce. */
function expectApiHeaders(res: Response) {
  expectCommonHeaders(res);
  expect(res.headers.get('content-type')).toMatch(/json/);
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
}

/** The scripts a browser would run that are written in the page (no src, no data type). */
function inlineScripts(html: string): HTMLScriptElement[] {
  const { document } = new JSDOM(html).window;
  return [...document.querySelectorAll('script')].filter(
    (s) => !s.src && (s.type === '' || s.type === 'module' || s.type === 'text/javascript'),
  );
}

describe('the security headers', () => {
  it("are on the app's HTML (an application screen, not painted)", async () => {
    const res = await fetch(server.url('/admin/users'), { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(res);
    expect(inlineScripts(await res.text())).toEqual([]);
  });

  it('are on an API answer, with the policy of JSON: nothing loads, nothing runs, no nonce', async () => {
    const res = await fetch(server.url('/api/v1/app-environment'), {
      headers: { accept: 'application/vnd.api+json' },
    });
    expect(res.status).toBe(200);
    expectApiHeaders(res);
  });

  it("keep the app's policy on its screens under /auth/, beside the sign-in API", async () => {
    const screen = await fetch(server.url('/auth/sign-in'), { headers: { accept: 'text/html' } });
    expect(screen.status).toBe(200);
    expect(screen.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(screen);
  });

  it('are on an API error and on a file', async () => {
    const missing = await fetch(server.url('/api/v1/no-such-route'));
    expect(missing.status).toBe(404);
    expectApiHeaders(missing);
    const file = await fetch(server.url('/assets/index-AbC123.js'));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/javascript/);
    expectSecurityHeaders(file);
  });

  it("are on a painted page, whose every inline script carries the answer's nonce, a new one each time", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(server.url('/about'), { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html, 'the page was painted').toContain('<title>Painted /about</title>');
      const nonce = nonceOf(res.headers.get('content-security-policy'));
      const scripts = inlineScripts(html);
      // the page's guard and the app's loader (first-paint.ts)
      expect(scripts).toHaveLength(2);
      expect(scripts.some((s) => s.textContent?.includes('requestAnimationFrame'))).toBe(true);
      for (const script of scripts) expect(script.getAttribute('nonce')).toBe(nonce);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(Buffer.from(nonces[0]!, 'base64')).toHaveLength(16);
  });

  it('add HSTS, the upgrade of insecure requests and the Reporting API when the request came over TLS', async () => {
    // the trusted proxy (loopback) says the visitor's request came over https
    const page = await fetch(server.url('/about'), {
      headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('report-to')).toEqual(['csp-endpoint']);
    expect(page.headers.get('reporting-endpoints')).toBe('csp-endpoint="/csp-reports"');
    nonceOf(page.headers.get('content-security-policy'));
    // an API answer over TLS: HSTS too, and its own policy, which reports nothing
    const api = await fetch(server.url('/api/v1/app-environment'), {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers.get('reporting-endpoints')).toBeNull();
    // a proxy that says http, and a request without the header, are plain
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}] as Array<Record<string, string>>) {
      const plain = await fetch(server.url('/about'), { headers: { accept: 'text/html', ...headers } });
      expectSecurityHeaders(plain);
    }
  });
});

describe('POST /csp-reports', () => {
  const post = (body: string, contentType: string) =>
    fetch(server.url('/csp-reports'), { method: 'POST', headers: { 'content-type': contentType }, body });
  const warnings = () =>
    log
      .lines()
      .filter(
        (line) => line.level === 40 && String(line.msg).startsWith('content security policy violation'),
      );

  it('logs one warning per report of either format and answers 204', async () => {
    const before = warnings().length;
    const legacy = await post(
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://site.test/about',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'line-number': 12,
        },
      }),
      'application/csp-report',
    );
    expect(legacy.status).toBe(204);
    const batch = await post(
      JSON.stringify([
        {
          type: 'csp-violation',
          age: 3,
          url: 'https://site.test/',
          body: {
            documentURL: 'https://site.test/',
            effectiveDirective: 'frame-src',
            blockedURL: 'https://frames.example/x',
            disposition: 'enforce',
          },
        },
        {
          type: 'csp-violation',
          url: 'https://site.test/news',
          body: {
            documentURL: 'https://site.test/news',
            effectiveDirective: 'img-src',
            blockedURL: 'https://x.example/a.png',
          },
        },
        // another kind of report sent to the same endpoint is not a violation
        { type: 'deprecation', url: 'https://site.test/', body: { id: 'x' } },
      ]),
      'application/reports+json',
    );
    expect(batch.status).toBe(204);
    const logged = warnings().slice(before);
    expect(logged.map((l) => l.msg)).toEqual([
      'content security policy violation: script-src-elem blocked inline on http://site.test/about',
      'content security policy violation: frame-src blocked https://frames.example/x on https://site.test/',
      'content security policy violation: img-src blocked https://x.example/a.png on https://site.test/news',
    ]);
    expect(logged[0]!.cspViolation).toMatchObject({ line: '12', directive: 'script-src-elem' });
  });

  it('answers a 4xx, never a 500, to what is not a report, and logs no violation for it', async () => {
    const before = warnings().length;
    const cases: Array<[string, string, number]> = [
      ['{"csp-report":', 'application/csp-report', 400], // not JSON
      ['"just a string"', 'application/csp-report', 400], // JSON, not an object
      ['{"report":{}}', 'application/csp-report', 400], // not a report
      ['[]', 'application/reports+json', 400], // no reports
      ['[{"body":{}}]', 'application/reports+json', 400], // a report without a type
      ['{"csp-report":{}}', 'text/plain', 415],
      ['{"csp-report":{}}', 'application/json', 415],
      [
        JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(40_000) } }),
        'application/csp-report',
        413,
      ],
      ['\u0000\u0001', 'application/reports+json', 400],
    ];
    for (const [body, type, status] of cases) {
      const res = await post(body, type);
      expect(res.status, `${type} ${body.slice(0, 40)}`).toBe(status);
    }
    expect(warnings().length).toBe(before);
    // and the answer to a refused report carries the headers too
    const refused = await post('nope', 'application/csp-report');
    expectSecurityHeaders(refused);
  });

  it('refuses an address past 60 requests a minute (429), not the next address', async () => {
    const from = (ip: string) =>
      fetch(server.url('/csp-reports'), {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': ip },
        body: JSON.stringify({ 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'x' } }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push(await from('203.0.113.77'));
    expect(statuses).toEqual([...Array.from({ length: 60 }, () => 204), 429]);
    expect(await from('203.0.113.78')).toBe(204);
  });

  it('writes what a report says on one line, cut short', async () => {
    const before = warnings().length;
    const res = await post(
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://site.test/a\nFAKE LOG LINE',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'y'.repeat(5_000),
        },
      }),
      'application/csp-report',
    );
    expect(res.status).toBe(204);
    const [line] = warnings().slice(before);
    expect(String(line!.msg)).not.toContain('\n');
    expect(String(line!.msg).length).toBeLessThan(600);
    expect((line!.cspViolation as { blocked: string }).blocked).toHaveLength(512);
  });
});
