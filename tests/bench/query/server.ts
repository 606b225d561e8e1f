/**
 * The process the query bench loads: the whole platform as `npm start` composes it (createPlatform: command and
 * query APIs, session middleware, projectors, request logging at LOG_LEVEL, default `info`), and beside it, in
 * the same process, a bare Express app answering a fixed JSON body of a requested size: the baseline. Both run
 * in one child process, so the load generator (autocannon, in the parent) never shares their event loop, and
 * the platform and its baseline run under the same Node flags (`--cpu-prof` when the bench profiles).
 *
 * Started by query/harness.ts with DATABASE_URL and ADMIN_API_TOKEN in its environment; it sends
 * `{ platformUrl, bareUrl }` over IPC once both listen, and stops on SIGTERM or on a `stop` message.
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger } from '@platform/infra/logger';
import { createPlatform } from '@platform/host/platform';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { benchProductResource } from './bench-products.ts';
import { handwrittenCouponRoutes } from './handwritten-coupons.ts';
import { handwrittenForumRoutes } from './handwritten-forum.ts';
import { handwrittenProductRoutes } from './handwritten-products.ts';
import { handwrittenRepositoryRoutes } from './handwritten-repository.ts';
import { handwrittenSearchRoutes } from './handwritten-search.ts';

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1');
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * The baseline: `GET /bytes/:n` answers a JSON:API-typed document of exactly n bytes (built once per size), with
 * the same Express defaults (`etag` on, as in the platform) and nothing else: no logging, no database.
 */
function bareApp(): express.Express {
  const app = express();
  // the files bench's baseline (files-bench.ts): the request's bytes streamed to a file, nothing else
  const filesDir = process.env.BENCH_FILES_DIR;
  if (filesDir)
    app.post('/disk', async (req, res) => {
      const target = join(filesDir, `baseline-${process.hrtime.bigint()}.bin`);
      await pipeline(req, createWriteStream(target));
      await rm(target, { force: true });
      res.status(201).end();
    });
  app.disable('x-powered-by');
  const bodies = new Map<number, string>();
  const bodyOf = (bytes: number) => {
    let body = bodies.get(bytes);
    if (body === undefined) {
      const skeleton = JSON.stringify({ data: { type: 'baseline', id: '1', attributes: { text: '' } } });
      body = skeleton.replace('"text":""', `"text":"${'x'.repeat(Math.max(0, bytes - skeleton.length))}"`);
      bodies.set(bytes, body);
    }
    return body;
  };
  app.get('/bytes/:n', (req, res) => {
    const bytes = Number(req.params.n);
    if (!Number.isInteger(bytes) || bytes < 0 || bytes > 10_000_000) {
      res.status(400).end();
      return;
    }
    res.type('application/vnd.api+json').send(bodyOf(bytes));
  });
  return app;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const adminToken = process.env.ADMIN_API_TOKEN;
  if (!databaseUrl || !adminToken) throw new Error('server.ts needs DATABASE_URL and ADMIN_API_TOKEN');
  // the process logger `npm start` makes (infra/src/logger.ts: readable lines, one per request at info, formatted
  // in a worker thread), on this process's output, which the harness sends to /dev/null
  const level = (process.env.LOG_LEVEL ?? 'info') as Parameters<typeof createLogger>[0]['LOG_LEVEL'];
  const logger = createLogger({ NODE_ENV: 'development', LOG_LEVEL: level });
  const platform = await createPlatform({
    databaseUrl,
    adminToken,
    logger,
    minPositionTimeoutMs: 5000,
    // the resource bench's baselines: coupons, and products with their category and owner joined, read by
    // hand-written SQL beside the generic routes; the products' type is the bench's own. The community section's:
    // the repository's list and a forum category's subjects; the search section's: the global search
    resources: [...resourceCatalogue, benchProductResource],
    extraQueryModules: [
      handwrittenCouponRoutes,
      handwrittenProductRoutes,
      handwrittenRepositoryRoutes,
      handwrittenForumRoutes,
      handwrittenSearchRoutes,
    ],
    // the files bench's blob store (a folder of its own, removed after it)
    ...(process.env.BENCH_FILES_DIR ? { files: { dir: join(process.env.BENCH_FILES_DIR, 'store') } } : {}),
  });
  await platform.start();
  const platformServer = await listen(platform.app);
  const bareServer = await listen(bareApp());

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    platformServer.closeAllConnections();
    bareServer.closeAllConnections();
    platformServer.close();
    bareServer.close();
    await platform.stop();
    // exit normally so that --cpu-prof writes its profile
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  // `{ profile: 'start' }` / `{ profile: 'stop', file }`: a CPU profile of this process over one measurement
  // (the inspector's sampling profiler), written as a .cpuprofile file (Chrome DevTools, speedscope)
  let session: Session | undefined;
  const profile = async (message: { profile: 'start' | 'stop'; file?: string }) => {
    if (message.profile === 'start') {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
    } else if (session) {
      const { profile: data } = await session.post('Profiler.stop');
      if (message.file) writeFileSync(message.file, JSON.stringify(data));
      session.disconnect();
      session = undefined;
    }
    process.send?.({ profiled: message.profile });
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
    else if (typeof message === 'object' && message !== null && 'profile' in message) {
      void profile(message as { profile: 'start' | 'stop'; file?: string });
    }
  });
  process.send?.({ platformUrl: urlOf(platformServer), bareUrl: urlOf(bareServer) });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
