import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { adminHeaders, capturedLogger, listen, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';
import { createPlatform, type Platform } from './platform.ts';
import { mountWeb } from './web-static.ts';

/**
 * What goes on the wire, read as raw bytes (node:http, which decodes nothing, where fetch would): the real
 * platform over its own database, and the web served from a build laid out as Vite writes it, each script beside
 * its `.br` and `.gz` (web/vite.config.ts). The web's server build is a stand-in that paints a page of a few KB.
 */

/** A script of some 40 KB that compresses as a real bundle does (repeated names, varied numbers). */
const SCRIPT = Array.from(
  { length: 800 },
  (_, i) => `export const value${i} = { id: ${i * 7919}, label: "item ${i % 97}" };`,
).join('\n');
/** the build's own files: brotli at 11 and gzip at 9, unlike the middleware's on-the-fly settings */
const SCRIPT_BR = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 9 });
const SCRIPT_PATH = '/assets/index-AbC123.js';
/** charset values are case-insensitive: serve-static writes utf-8, express-static-gzip UTF-8 */
const JAVASCRIPT = /^text\/javascript; charset=utf-8$/i;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Site</title>
    <script type="module" crossorigin src="${SCRIPT_PATH}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The web's server build as the host calls it (web/src/frame/first-paint/server-entry.tsx): a page of some 6 KB. */
const SERVER_ENTRY = `
export function configureFirstPaint() {}
export function isFirstPaintPath(pathname) { return !pathname.startsWith('/admin'); }
export function firstPaintLocale() { return 'en'; }
export function firstPaintUrls() { return []; }
export async function renderFirstPaint({ pathname }) {
  return {
    title: 'Painted ' + pathname,
    description: 'A painted page',
    htmlAttributes: { lang: 'en' },
    bodyStyle: '',
    styles: '',
    body: '<div id="first-paint"><h1>Painted</h1>' + '<p>A paragraph of the page.</p>'.repeat(200) + '</div>',
    scripts: (nonce) => '<script nonce="' + nonce + '">window.guarded = true</script>',
  };
}
`;

let db: TestDatabase;
let platform: Platform;
let server: Awaited<ReturnType<typeof listen>>;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'compression-web-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, SCRIPT_PATH), SCRIPT);
  writeFileSync(join(dist, `${SCRIPT_PATH}.br`), SCRIPT_BR);
  writeFileSync(join(dist, `${SCRIPT_PATH}.gz`), SCRIPT_GZ);
  writeFileSync(join(dist, 'server', 'server-entry.js'), SERVER_ENTRY);
  const { logger } = capturedLogger();
  db = await createTestDatabase();
  platform = await createPlatform({
    databaseUrl: db.url,
    adminToken: TEST_ADMIN_TOKEN,
    logger,
    files: { dir: join(dist, 'files') },
    mountAfterApis: (app) => mountWeb(app, { distDir: dist, logger }),
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

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes as sent, not decoded */
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(server.url(path), { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded by its Content-Encoding. */
function decoded(res: Raw): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  expect(encoding, 'no other encoding').toBeUndefined();
  return res.body;
}

const varyOf = (res: Raw) =>
  String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe("the build's files", () => {
  it('are sent as the precompressed .br when the client takes brotli, with the headers of the file', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(JAVASCRIPT);
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy'], 'the security headers stay').toBeDefined();
    // the build's file as it is (quality 11), not compressed again per request
    expect(res.body.equals(SCRIPT_BR)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(SCRIPT_BR.length);
    expect(decoded(res).toString()).toBe(SCRIPT);
  });

  it('are sent as the precompressed .gz when the client takes gzip only', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(JAVASCRIPT);
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(SCRIPT_GZ)).toBe(true);
    expect(decoded(res).toString()).toBe(SCRIPT);
  });

  it('are sent as they are when the client takes no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const res = await get(SCRIPT_PATH, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(JAVASCRIPT);
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('each encoding has its own validator', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) => {
        const res = await get(SCRIPT_PATH, { 'accept-encoding': encoding });
        return res.headers.etag;
      }),
    );
    expect(new Set(tags).size).toBe(3);
  });
});

describe('the dynamic answers', () => {
  it('an API answer past the threshold is compressed on the fly when asked, and not otherwise', async () => {
    // a list of pages of a few KB, this test's own
    let position = '';
    for (let i = 0; i < 8; i++) {
      const created = await fetch(server.url('/api/v1/app-pages'), {
        method: 'POST',
        headers: adminHeaders(),
        body: JSON.stringify({
          data: {
            type: 'app-pages',
            attributes: { path: `/compressed-${i}`, title: `A page whose answer is compressed, number ${i}` },
          },
        }),
      });
      const body = (await created.json()) as { meta: { position: string } };
      expect(created.status, JSON.stringify(body)).toBe(201);
      position = body.meta.position;
    }
    const list = '/api/v1/app-pages?page[size]=100';
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    // the read has seen every write: the later reads are the cached ones (a strong ETag, read-cache.ts)
    expect((await get(`${list}&minPosition=${position}`, admin)).status).toBe(200);

    const plain = await get(list, admin);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyOf(plain)).toEqual(expect.arrayContaining(['cookie', 'authorization', 'accept-encoding']));
    expect(plain.body.length, 'an answer past the threshold').toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const document = JSON.parse(plain.body.toString()) as { data: unknown[] };
    expect(document.data.length).toBeGreaterThanOrEqual(8);
    const strong = plain.headers.etag as string;
    expect(strong).toMatch(/^"[^"]+"$/);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(list, { ...admin, 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
      expect(varyOf(res)).toEqual(expect.arrayContaining(['cookie', 'authorization', 'accept-encoding']));
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(res).toString())).toEqual(document);
      // other bytes than those the strong tag names: the tag goes out weak, and still revalidates
      expect(res.headers.etag).toBe(`W/${strong}`);
      const again = await get(list, { ...admin, 'accept-encoding': accept, 'if-none-match': `W/${strong}` });
      expect(again.status).toBe(304);
    }
  });

  it('an answer under the threshold goes out as it is', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok' });
  });

  it('the painted HTML varies by Accept-Encoding and is compressed per answer, each with its own nonce', async () => {
    const plain = await get('/about', { accept: 'text/html' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varyOf(plain)).toEqual(expect.arrayContaining(['cookie', 'accept-language', 'accept-encoding']));
    expect(plain.headers['cache-control']).toBe('no-cache');

    const nonces = new Set<string>();
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/about', { accept: 'text/html', 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(varyOf(res)).toEqual(expect.arrayContaining(['cookie', 'accept-language', 'accept-encoding']));
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = decoded(res).toString();
      expect(html).toContain('<title>Painted /about</title>');
      const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
      expect(String(res.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
  });

  it("the app's HTML for a screen that is not painted varies by Accept-Encoding too", async () => {
    const res = await get('/admin/users', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(varyOf(res)).toContain('accept-encoding');
    expect(decoded(res).toString()).toContain('id="root"');
  });
});

/** A browser's Accept-Encoding (Chromium's, less zstd, which the platform does not offer). */
const BROWSER = 'gzip, deflate, br';

describe('the decision, made once the answer is known (a browser-like client)', () => {
  /** An app page of this test's own, its position for reading it back. */
  async function createPage(path: string, title: string) {
    const created = await fetch(server.url('/api/v1/app-pages'), {
      method: 'POST',
      headers: adminHeaders(),
      body: JSON.stringify({ data: { type: 'app-pages', attributes: { path, title } } }),
    });
    const body = (await created.json()) as { data: { id: string }; meta: { position: string } };
    expect(created.status, JSON.stringify(body)).toBe(201);
    return body;
  }

  it('a small JSON answer goes out as it is, with its length, its strong ETag and its 304', async () => {
    const page = await createPage('/small-answer', 'Small');
    const path = `/api/v1/app-pages/${page.data.id}`;
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    expect((await get(`${path}?minPosition=${page.meta.position}`, admin)).status).toBe(200);

    const res = await get(path, { ...admin, 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.body.length, 'an answer under the threshold').toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    // the same headers as a larger answer would carry: caches keep one entry per encoding
    expect(varyOf(res)).toEqual(expect.arrayContaining(['cookie', 'authorization', 'accept-encoding']));
    expect((JSON.parse(res.body.toString()) as { data: { id: string } }).data.id).toBe(page.data.id);
    const etag = res.headers.etag as string;
    expect(etag, 'sent as it is: the tag stays strong').toMatch(/^"[^"]+"$/);

    const again = await get(path, { ...admin, 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
  });

  it('a large JSON answer is compressed whole, with its exact length, a weak ETag and its 304', async () => {
    let position = '';
    for (let i = 0; i < 8; i++) {
      position = (await createPage(`/large-answer-${i}`, `A page of a large answer, number ${i}`)).meta
        .position;
    }
    const list = '/api/v1/app-pages?page[size]=100&sort=path';
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    expect((await get(`${list}&minPosition=${position}`, admin)).status).toBe(200);
    const plain = await get(list, admin);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const res = await get(list, { ...admin, 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    // compressed in one call: the length of the bytes sent, not chunks
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(plain.body.length);
    expect(varyOf(res)).toEqual(expect.arrayContaining(['cookie', 'authorization', 'accept-encoding']));
    expect(decoded(res).equals(plain.body)).toBe(true);
    expect(res.headers.etag).toBe(`W/${plain.headers.etag as string}`);
    // the cached answer's compressed form is kept: the same bytes again
    const second = await get(list, { ...admin, 'accept-encoding': BROWSER });
    expect(second.body.equals(res.body)).toBe(true);
    // a client that takes gzip only
    const gzipped = await get(list, { ...admin, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(decoded(gzipped).equals(plain.body)).toBe(true);

    for (const tag of [res.headers.etag as string, plain.headers.etag as string]) {
      const again = await get(list, { ...admin, 'accept-encoding': BROWSER, 'if-none-match': tag });
      expect(again.status, tag).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
    }

    // HEAD: the headers of the answer as it is, nothing compressed
    const head = await get(list, { ...admin, 'accept-encoding': BROWSER }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(plain.body.length);
    expect(varyOf(head)).toContain('accept-encoding');
  });

  it('a file streamed from the blob store is compressed as a stream, and revalidates with its weak tag', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `ramp ${i},${i % 7},aluminium`).join('\n');
    const form = new FormData();
    form.append('file', new Blob([rows]), 'ramps.csv');
    const uploaded = await fetch(server.url('/api/v1/services/files'), {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: form,
    });
    const file = (await uploaded.json()) as {
      data: { attributes: { url: string; mimeType: string } };
      meta: { position: string };
    };
    expect(uploaded.status, JSON.stringify(file)).toBe(201);
    expect(file.data.attributes.mimeType).toBe('text/csv');
    const url = file.data.attributes.url;
    expect((await get(`${url}?minPosition=${file.meta.position}`)).status).toBe(200);

    const res = await get(url, { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(varyOf(res)).toContain('accept-encoding');
    expect(decoded(res).toString()).toBe(rows);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    const again = await get(url, { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(again.status).toBe(304);

    const plain = await get(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(rows));
    expect(plain.body.toString()).toBe(rows);
  });
});
