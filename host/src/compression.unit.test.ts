import { request } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { listen } from '@platform/tests/support/http';
import { compressAnswers, weakenedEtag } from './compression.ts';

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
