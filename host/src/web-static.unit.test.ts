import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWeb } from './web-static.ts';

let dist: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  const app = express();
  app.get('/api/v1/ping', (_req, res) => {
    res.json({ pong: true });
  });
  app.use('/api', (_req, res) => {
    res.status(404).json({ errors: [{ code: 'not_found' }] });
  });
  mountWeb(app, { distDir: dist });
  app.use((_req, res) => {
    res.status(404).send('no such file');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('mountWeb', () => {
  it('serves hashed assets with a one-year immutable cache', async () => {
    const res = await fetch(`${base}/assets/index-AbC123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('serves other files and index.html without a long cache', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    const root = await fetch(`${base}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('cache-control')).toBe('no-cache');
    expect(await root.text()).toContain('id="root"');
  });

  it('answers index.html for deep links, so the browser router takes over', async () => {
    for (const path of ['/about', '/legal/privacy-policy?x=1', '/errors/not-found', '/a//b']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
    }
  });

  it('leaves API paths, missing assets and non-GET requests alone', async () => {
    expect((await fetch(`${base}/api/v1/ping`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/nothing`)).status).toBe(404);
    expect((await fetch(`${base}/api`)).status).toBe(404);
    expect((await fetch(`${base}/assets/gone-123.js`)).status).toBe(404);
    expect((await fetch(`${base}/about`, { method: 'POST' })).status).toBe(404);
  });

  it('refuses to mount an unbuilt web, naming the missing file', () => {
    expect(() => mountWeb(express(), { distDir: join(dist, 'nope') })).toThrow(/index\.html is missing/);
  });
});
