import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accountFeatures,
  resourceFeatures,
  ConfigError,
  defaultPublicUrl,
  fileLimits,
  loadConfig,
} from '@platform/infra/config';
import { localBlobStore } from '@platform/infra/files/storage';
import { configuredDatabase, type EmbeddedDatabase } from '@platform/infra/db/embedded';
import { migrate } from '@platform/infra/db/migrate';
import { createLogger } from '@platform/infra/logger';
import { waitForLiveVersions, waitForProjections } from '@platform/infra/projections/checkpoints';
import { createPlatform, type Platform } from './platform.ts';
import { seedDemo } from './seed/demo.ts';
import { mountWeb } from './web-static.ts';

const webDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** How long a start waits for the projections to catch up with the log before it opens the site anyway. */
const CATCH_UP_TIMEOUT_MS = 120_000;

const HOUR_MS = 60 * 60 * 1000;

let stopping = false;

async function main() {
  // `--role=commands` (npm run start:commands, ...) is ROLE=commands
  const roleArgument = process.argv.find((a) => a.startsWith('--role='));
  if (roleArgument) process.env.ROLE = roleArgument.slice('--role='.length);
  const config = loadConfig();
  // one side of the platform in a process of its own, beside others on one PostgreSQL (ADR 0048)
  const role = config.ROLE;
  const all = role === 'all';
  const logger = createLogger(config);

  // stops what has started so far, also when a signal comes in the middle of the start (seeding included)
  const started: { embedded?: EmbeddedDatabase; platform?: Platform; server?: Server } = {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    started.server?.close();
    started.server?.closeAllConnections();
    await started.platform?.stop().catch(() => undefined);
    await started.embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // (the configuration refuses a role without DATABASE_URL)
  const database = await configuredDatabase(config, (dataDir) =>
    logger.info({ dataDir }, 'starting the embedded PostgreSQL'),
  );
  started.embedded = database.embedded;
  const databaseUrl = database.url;
  // processes started together migrate one after the other (an advisory lock): the first applies, the others find
  // nothing left
  const applied = await migrate(databaseUrl);
  if (applied.length) logger.info({ migrations: applied, role }, 'migrations applied');

  const filesDir = join(config.DATA_DIR, 'files');
  // what uploads interrupted by a stop left half-written is removed before anything is uploaded again; not where
  // other processes may be uploading into the same folder (the leased files' housekeeping removes what is old)
  if (all) await localBlobStore(filesDir).sweepStaging();

  const servesWeb = all || role === 'queries';
  const webBuilt = servesWeb && existsSync(join(webDist, 'index.html'));
  if (servesWeb && !webBuilt)
    logger.warn(`the web is not built (${webDist}): serving the APIs only; run npm run build`);
  const adminToken = config.ADMIN_API_TOKEN ?? randomBytes(24).toString('base64url');
  const platform = await createPlatform({
    databaseUrl,
    adminToken,
    logger,
    ...(all ? {} : { roles: [role] }),
    // several projector processes: each projection and job runs in the one holding its lease
    ...(role === 'projectors'
      ? { leases: { pollMs: config.LEASE_POLL_MS, holder: `platform projectors ${process.pid}` } }
      : {}),
    // until the projections caught up and the first-start seeding is done, the site answers 503 (a "starting" page)
    startNotReady: true,
    eventStore: { engine: config.EVENT_STORE, url: config.EVENTSTORE_URL },
    minPositionTimeoutMs: config.MIN_POSITION_TIMEOUT_MS,
    defaultLocale: config.DEFAULT_LOCALE,
    features: resourceFeatures(config),
    authorOrganization: config.FEATURE_AUTHOR_ORGANIZATION,
    globalSearch: config.FEATURE_GLOBAL_SEARCH,
    trustProxy: config.TRUST_PROXY,
    files: {
      dir: filesDir,
      limits: fileLimits(config),
      maintenanceEveryMs: config.FILES_SWEEP_EVERY_HOURS * HOUR_MS,
      sweepGraceMs: config.FILES_SWEEP_GRACE_HOURS * HOUR_MS,
      ...(config.FILES_S3_URL ? { s3Url: config.FILES_S3_URL } : {}),
    },
    openBadges: { signingKey: config.OPEN_BADGES_SIGNING_KEY },
    currency: config.CURRENCY,
    ...(webBuilt ? { mountAfterApis: (app) => mountWeb(app, { distDir: webDist, logger }) } : {}),
    accounts: {
      features: accountFeatures(config),
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
      mailFrom: config.MAIL_FROM,
      ...(config.APP_KEY ? { secret: config.APP_KEY } : {}),
      publicUrl: config.PUBLIC_URL ?? defaultPublicUrl(config.PORT),
      appName: config.APP_NAME,
    },
  });
  started.platform = platform;
  await platform.start();
  const server = platform.app.listen(config.PORT, config.HOST);
  started.server = server;
  await new Promise<void>((resolveListen, reject) => {
    server.once('listening', resolveListen);
    server.once('error', reject);
  });

  // the demo site is seeded by `npm start` only (the cluster's script seeds through its front): never by processes
  // racing each other
  if (all && config.SEED_DEMO) {
    const outcome = await seedDemo({
      eventStore: platform.eventStore,
      contracts: platform.contracts,
      baseUrl: `http://127.0.0.1:${config.PORT}`,
      publicUrl: platform.accounts.context.publicUrl,
      adminToken,
      logger,
      features: resourceFeatures(config),
    });
    if (outcome === 'seeded') logger.info('demo site and accounts seeded');
  }

  // every read model holds what the log held when the start began (seeding included) before the site opens: where
  // this process reads them (the projections may be another process's)
  if (all || role === 'queries') {
    const names = platform.projections.map((p) => p.name);
    // a query process started beside projector processes waits for them to set the read models up
    if (!all && !(await waitForLiveVersions(platform.sql, names, { timeoutMs: CATCH_UP_TIMEOUT_MS })))
      logger.warn('the projections are not all set up: opening anyway');
    const head = await platform.eventStore.lastCommittedPosition();
    const { reached } = await waitForProjections(platform, names, head, CATCH_UP_TIMEOUT_MS);
    if (!reached)
      logger.warn('the projections are still catching up with the event log: opening the site anyway');
  }
  platform.readiness.markReady();

  if (!config.ADMIN_API_TOKEN) {
    // printed, not logged as a field: it is the bootstrap credential until accounts replace it
    process.stdout.write(`\nBootstrap admin API token (this run only): ${adminToken}\n`);
  }
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  process.stdout.write(
    all
      ? `Platform listening on http://localhost:${port}\n`
      : `Platform ${role} listening on http://localhost:${port}\n`,
  );
}

main().catch((error: unknown) => {
  if (stopping) return; // a start stopped half-way: what failed is what the stop closed
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Platform failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
