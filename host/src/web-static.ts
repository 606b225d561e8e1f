import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Express } from 'express';

export interface MountWebOptions {
  /** the Vite build output (web/dist) */
  distDir: string;
}

/** Vite writes content-hashed file names under assets/: they never change, so browsers may keep them a year. */
const HASHED_ASSET = /^\/assets\//;

/**
 * Serves the built web from the same origin as the APIs: hashed assets with a one-year immutable cache,
 * index.html never cached (it names the current assets), and every other GET that is not an API path answers
 * index.html so the browser router takes over (history-mode deep links, reloads). Mount after the APIs.
 */
export function mountWeb(app: Express, options: MountWebOptions): void {
  const distDir = resolve(options.distDir);
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`The web is not built: ${indexHtml} is missing (run npm run build)`);
  }

  app.use(
    express.static(distDir, {
      index: false,
      fallthrough: true,
      setHeaders(res, path) {
        const relative = path.slice(distDir.length).replace(/\\/g, '/');
        if (HASHED_ASSET.test(relative))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // API paths and missing hashed assets keep their 404: an old page asking for a deleted chunk must see it fail
    if (req.path === '/api' || req.path.startsWith('/api/') || HASHED_ASSET.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
