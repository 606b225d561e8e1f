import { request } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { compressedFormsOf, markUnchanging } from '@platform/infra/http/unchanging-bodies';
import { listen } from '@platform/tests/support/http';
import { compressAnswers, SYNC_COMPRESSION_LIMIT_BYTES, weakenedEtag } from './compression.ts';

describe('weakenedEtag', () => {
  it('marks a strong tag weak, keeping its opaque part', () => {
    expect(weakenedEtag('"abc-123"')).toBe('W/"abc-123"');
  });

  it('leaves a weak tag as it is', () => {
    expect(weakenedEtag('W/"abc-123"')).toBe('W/"abc-123"');
  });
});

/** The status and headers of a GET, with exactly the request headers given (fetch would add Accept-Encoding). */
function head(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressAnswers for a request without Accept-Encoding', () => {
  it('says Vary: Accept-Encoding on exactly the answers the compression middleware says it on', async () => {
    const app = express();
    app.use(compressAnswers());
    app.get('/json', (_req, res) => {
      res.setHeader('Vary', 'Cookie');
      res.json({ some: 'x'.repeat(2000) });
    });
    app.get('/small', (_req, res) => {
      res.json({});
    });
    app.get('/image', (_req, res) => {
      res.type('image/png').send(Buffer.alloc(2000));
    });
    app.get('/no-transform', (_req, res) => {
      res.setHeader('Cache-Control', 'public, no-transform');
      res.type('text/plain').send('x'.repeat(2000));
    });
    // headers given to writeHead, as an object and as a flat list (as @tus/server writes its answers)
    app.get('/write-head', (_req, res) => {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('nope');
    });
    app.get('/write-head-list', (_req, res) => {
      res
        .writeHead(200, 'OK', ['Content-Type', 'application/json', 'Cache-Control', 'no-transform'])
        .end('{}');
    });
    app.get('/empty', (_req, res) => {
      res.status(204).end();
    });
    const server = await listen(app);
    try {
      for (const path of [
        '/json',
        '/small',
        '/image',
        '/no-transform',
        '/write-head',
        '/write-head-list',
        '/empty',
      ]) {
        const without = await head(server.url(path), {});
        // `identity` goes through the middleware itself, which answers it in identity too
        const identity = await head(server.url(path), { 'accept-encoding': 'identity' });
        expect(without.status, path).toBe(identity.status);
        expect(without.headers.vary, path).toEqual(identity.headers.vary);
        expect(without.headers['content-encoding'], path).toBeUndefined();
      }
      expect((await head(server.url('/json'), {})).headers.vary).toBe('Cookie, Accept-Encoding');
      expect((await head(server.url('/write-head'), {})).headers.vary).toBe('Accept-Encoding');
      expect((await head(server.url('/image'), {})).headers.vary).toBeUndefined();
      expect((await head(server.url('/no-transform'), {})).headers.vary).toBeUndefined();
      expect((await head(server.url('/write-head-list'), {})).headers.vary).toBeUndefined();
      // and a client that takes an encoding still gets it
      const compressed = await head(server.url('/json'), { 'accept-encoding': 'gzip' });
      expect(compressed.headers['content-encoding']).toBe('gzip');
    } finally {
      await server.close();
    }
  });
});

/** The status, headers and bytes as sent (node:http decodes nothing). */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br'
    ? brotliDecompressSync(body)
    : encoding === 'gzip'
      ? gunzipSync(body)
      : encoding === 'deflate'
        ? inflateSync(body)
        : body;

const BROWSER = 'gzip, deflate, br';
const text = (n: number) => Array.from({ length: n }, (_, i) => `line ${i} of the answer`).join('\n');

describe('compressAnswers for a client that takes encodings', () => {
  it('compresses an answer written whole in one call, streamed ones through the middleware, and nothing else', async () => {
    const big = text(200);
    const huge = text(SYNC_COMPRESSION_LIMIT_BYTES / 10);
    const kept = Buffer.from(JSON.stringify({ data: text(100) }));
    markUnchanging(kept);
    let ended = 0;
    const app = express();
    app.use(compressAnswers());
    app.get('/json', (_req, res) => void res.json({ data: big }));
    app.get('/small', (_req, res) => void res.json({ data: 'short' }));
    // past the synchronous limit: compressed in zlib's thread pool
    app.get('/huge', (_req, res) => void res.type('text/plain').send(huge));
    app.get('/kept', (_req, res) => {
      res.type('application/json').setHeader('ETag', '"kept"');
      res.end(kept);
    });
    app.get('/image', (_req, res) => void res.type('image/png').send(Buffer.alloc(4000)));
    app.get('/no-transform', (_req, res) => {
      res.setHeader('Cache-Control', 'no-transform');
      res.type('text/plain').send(big);
    });
    // written in parts: a stream piped, and writes after an explicit writeHead
    app.get('/piped', (_req, res) => {
      res.type('text/plain');
      Readable.from([big.slice(0, 1500), big.slice(1500)]).pipe(res);
    });
    app.get('/write-head', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write(big.slice(0, 10));
      res.end(big.slice(10));
    });
    // a route that wraps `end` after the middleware (command-api/src/files/tus.ts takes the callback off), then
    // writes its headers and body in parts as @tus/server does: the wrapper still runs before the compression
    app.get('/wrapped-after', (_req, res) => {
      const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
      res.end = ((chunk?: unknown) => {
        if (typeof chunk === 'function') {
          res.once('finish', chunk as () => void);
          return end();
        }
        return end(chunk);
      }) as typeof res.end;
      res.writeHead(404, 'Not Found', ['Content-Type', 'text/plain']);
      res.write(big);
      res.end(() => {
        ended++;
      });
    });
    // @tus/server's form: a bodiless answer ended with only a callback
    app.get('/end-callback', (_req, res) => {
      res.status(204);
      res.end(() => {
        ended++;
      });
    });
    const server = await listen(app);
    try {
      const json = await fetchRaw(server.url('/json'), { 'accept-encoding': BROWSER });
      expect(json.headers['content-encoding']).toBe('br');
      expect(Number(json.headers['content-length'])).toBe(json.body.length);
      expect(json.headers.vary).toBe('Accept-Encoding');
      expect(json.headers.etag).toMatch(/^W\//);
      expect(JSON.parse(decode('br', json.body).toString())).toEqual({ data: big });

      const small = await fetchRaw(server.url('/small'), { 'accept-encoding': BROWSER });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(small.body.toString())).toEqual({ data: 'short' });

      for (const [accept, encoding] of [
        ['gzip', 'gzip'],
        ['deflate', 'deflate'],
        ['br;q=0.5, gzip', 'gzip'],
        ['identity', undefined],
        ['br;q=0, gzip;q=0', undefined],
      ] as const) {
        const res = await fetchRaw(server.url('/json'), { 'accept-encoding': accept });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(JSON.parse(decode(encoding, res.body).toString())).toEqual({ data: big });
      }

      const huge1 = await fetchRaw(server.url('/huge'), { 'accept-encoding': BROWSER });
      expect(huge1.headers['content-encoding']).toBe('br');
      expect(Number(huge1.headers['content-length'])).toBe(huge1.body.length);
      expect(decode('br', huge1.body).toString()).toBe(huge);

      const kept1 = await fetchRaw(server.url('/kept'), { 'accept-encoding': BROWSER });
      expect(kept1.headers['content-encoding']).toBe('br');
      expect(kept1.headers.etag).toBe('W/"kept"');
      expect(decode('br', kept1.body).equals(kept)).toBe(true);
      // compressed once: its form kept beside the body and sent again as it is
      expect(compressedFormsOf(kept)?.get('br')?.equals(kept1.body)).toBe(true);
      const kept2 = await fetchRaw(server.url('/kept'), { 'accept-encoding': BROWSER });
      expect(kept2.body.equals(kept1.body)).toBe(true);

      const image = await fetchRaw(server.url('/image'), { 'accept-encoding': BROWSER });
      expect(image.headers['content-encoding']).toBeUndefined();
      expect(image.headers.vary).toBeUndefined();
      const noTransform = await fetchRaw(server.url('/no-transform'), { 'accept-encoding': BROWSER });
      expect(noTransform.headers['content-encoding']).toBeUndefined();
      expect(noTransform.headers.vary).toBeUndefined();
      expect(noTransform.body.toString()).toBe(big);

      for (const path of ['/piped', '/write-head']) {
        const res = await fetchRaw(server.url(path), { 'accept-encoding': BROWSER });
        expect(res.status, path).toBe(200);
        expect(res.headers['content-encoding'], path).toBe('br');
        expect(res.headers.vary, path).toBe('Accept-Encoding');
        expect(decode('br', res.body).toString(), path).toBe(big);
        const plain = await fetchRaw(server.url(path), {});
        expect(plain.headers['content-encoding'], path).toBeUndefined();
        expect(plain.headers.vary, path).toBe('Accept-Encoding');
        expect(plain.body.toString(), path).toBe(big);
      }

      const wrapped = await fetchRaw(server.url('/wrapped-after'), { 'accept-encoding': BROWSER });
      expect(wrapped.status).toBe(404);
      expect(wrapped.headers['content-encoding']).toBe('br');
      expect(decode('br', wrapped.body).toString()).toBe(big);
      await expect.poll(() => ended).toBe(1);

      const bodiless = await fetchRaw(server.url('/end-callback'), { 'accept-encoding': BROWSER });
      expect(bodiless.status).toBe(204);
      await expect.poll(() => ended).toBe(2);
    } finally {
      await server.close();
    }
  });
});
