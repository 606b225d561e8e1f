import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import postgres from 'postgres';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@platform/infra/db/embedded';
import { migrate } from '@platform/infra/db/migrate';
import { createPlatform } from '@platform/host/platform';
import { seedDemo } from '@platform/host/seed/demo';
import { mountWeb } from '@platform/host/web-static';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.ts';
import { ensureWebBuilt, snapshotWebBuild } from './web-build.ts';
import { unsanitisedWindow } from './unsanitised-window.ts';
import { freePort } from '../../support/free-port.ts';
import { READY_PATH } from './ready-path.ts';

const GENEROUS = {
  accountIp: { max: 10_000, windowMs: 15 * 60_000 },
  account: { max: 10_000, windowMs: 15 * 60_000 },
  ip: { max: 10_000, windowMs: 15 * 60_000 },
};

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

type Cleanup = () => Promise<void> | void;

function listen(server: Server): Promise<Server> {
  return new Promise((resolveServer, reject) => {
    server.listen(0, '127.0.0.1');
    server.once('listening', () => resolveServer(server));
    server.once('error', reject);
  });
}

/** A fresh database of its own on DATABASE_URL's server, or on an embedded cluster in a temporary directory. */
async function startDatabase(cleanups: Cleanup[]): Promise<string> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'platform-e2e-pg-'));
    chmodSync(dir, 0o777); // the cluster runs as the postgres user when we are root
    cleanups.push(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
    const db = await startEmbeddedPostgres({
      dataDir: join(dir, 'data'),
      port: await freePort(),
      persistent: false,
      durable: false,
    });
    cleanups.push(() => db.stop());
    adminUrl = db.url;
  }
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return url.toString();
}

/**
 * The whole platform as `npm start` runs it, for the browser tests: the built web served from the same origin
 * as the APIs, a migrated database with the demo site seeded through real commands, and one headless Chromium
 * that each test file connects to (each test then opens its own fresh context).
 *
 * vitest runs every project's global setup before the first test of the run, so the slow part (the web build, the
 * migrations, the demo seed) goes on in the background while the unit, integration and web projects run: the
 * address, the token and the browser are provided at once, the address answers 503 until the platform is there,
 * and each browser test file waits for READY_PATH first (ready.ts).
 */
export default async function setup(project: TestProject) {
  const executablePath = ensureChromium(); // installed or refused before the slow steps
  const cleanups: Cleanup[] = [];
  // every step runs even when one fails: a stuck browser must not leave a PostgreSQL behind
  const teardown = async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch((e) => failures.push(e));
    if (failures.length) throw new AggregateError(failures, 'e2e teardown failed');
  };

  let platformApp: RequestListener | null = null;
  let state: { ready: boolean; failure: string | null } = { ready: false, failure: null };
  const waiting = new Set<() => void>();
  const settled = () => {
    for (const wake of waiting) wake();
    waiting.clear();
  };
  let work: Promise<void> = Promise.resolve();
  try {
    const server = await listen(
      createServer((req, res) => {
        if (req.url === READY_PATH) {
          // held until the platform is there or for 30 s at most: the test file asks again after a 503
          const answer = () => {
            clearTimeout(timer);
            if (state.failure !== null)
              res.writeHead(500, { 'Content-Type': 'text/plain' }).end(state.failure);
            else if (state.ready) res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ready');
            else res.writeHead(503, { 'Retry-After': '1' }).end('starting');
          };
          const timer = setTimeout(() => {
            waiting.delete(answer);
            answer();
          }, 30_000);
          if (state.ready || state.failure !== null) answer();
          else waiting.add(answer);
          return;
        }
        if (platformApp) return platformApp(req, res);
        res.writeHead(503, { 'Retry-After': '1' }).end('the platform is starting');
      }),
    );
    cleanups.push(() => {
      settled();
      server.closeAllConnections(); // keep-alive sockets would hold close() open
      return new Promise<void>((done) => server.close(() => done()));
    });
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const adminToken = randomBytes(24).toString('base64url');

    const browser: BrowserServer = await chromium.launchServer({
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    cleanups.push(() => browser.close());

    work = (async () => {
      // both settle before going on, so that a failed build still finds the database's cleanups registered
      const [database, build] = await Promise.allSettled([startDatabase(cleanups), ensureWebBuilt(ROOT)]);
      if (build.status === 'rejected') throw build.reason;
      if (database.status === 'rejected') throw database.reason;
      const databaseUrl = database.value;

      const web = snapshotWebBuild(ROOT);
      cleanups.push(web.remove);

      // what goes wrong on the server side is kept for the one reading a failed run (an answer's 500 names only
      // its correlation id)
      const logger = pino(
        { level: 'error' },
        pino.destination({ dest: join(ROOT, 'test-output', 'e2e-platform.log'), mkdir: true, sync: true }),
      );
      // a files folder of its own: the integration tests' platforms, running beside the browser tests' setup,
      // use the checkout's default one
      const filesDir = mkdtempSync(join(tmpdir(), 'e2e-files-'));
      cleanups.push(() => rmSync(filesDir, { recursive: true, force: true }));
      const platform = await createPlatform({
        databaseUrl,
        adminToken,
        logger,
        files: { dir: filesDir },
        // the sanitiser of the server paint sees nothing of a block marked for the policy's test
        // (content-policy.e2e.test.ts): the policy alone must stop its script
        mountAfterApis: (app) => mountWeb(app, { distDir: web.dir, serverWindow: unsanitisedWindow }),
        // every browser test signs in from the one loopback address, the same demo accounts many times over a
        // run (wrong passwords and codes included): the sign-in limits would end the run, not guard it (they are
        // tested in host/src/accounts)
        accounts: { limits: { login: GENEROUS, twoFactor: GENEROUS } },
      });
      cleanups.push(() => platform.stop());
      await platform.start();
      platformApp = platform.app;

      await seedDemo({
        eventStore: platform.eventStore,
        contracts: platform.contracts,
        baseUrl,
        publicUrl: platform.accounts.context.publicUrl,
        adminToken,
        logger,
      });
      // the tests read through the projections: wait until they hold everything the seeder wrote
      const head = await platform.eventStore.lastCommittedPosition();
      const names = platform.projections.map((p) => p.name);
      const { reached } = await waitForProjections(platform, names, head, 30_000);
      if (!reached) throw new Error('The projections did not catch up with the seeded demo site within 30 s');
      state = { ready: true, failure: null };
    })().catch((error: unknown) => {
      state = {
        ready: false,
        failure: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
      };
    });
    void work.finally(settled);

    project.provide('e2eBaseUrl', baseUrl);
    project.provide('e2eAdminToken', adminToken);
    project.provide('e2eBrowserWsEndpoint', browser.wsEndpoint());
  } catch (error) {
    await teardown().catch(() => undefined); // the setup failure is the one to report
    throw error;
  }
  return async () => {
    await work; // a run stopped early still leaves no PostgreSQL or platform behind
    await teardown();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eAdminToken: string;
    e2eBrowserWsEndpoint: string;
  }
}
