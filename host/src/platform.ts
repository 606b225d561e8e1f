import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Locale } from '@platform/contracts/enums';
import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { createCommandApi } from '@platform/command-api/app';
import { createAccountsAuth, type AccountsAuth } from '@platform/command-api/auth/accounts-auth';
import type { RateLimitOverrides, Wait } from '@platform/command-api/auth/rate-limit';
import type { SessionPolicy } from '@platform/command-api/auth/sessions';
import { requestContext } from '@platform/infra/http/logging';
import { DEFAULT_TRUST_PROXY, type TrustProxy } from '@platform/infra/http/trust-proxy';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import type { Clock } from '@platform/command-api/http/metadata';
import { createQueryApi, type QueryModule } from '@platform/query-api/app';
import { createReadPool } from '@platform/query-api/db';
import { createProjectionRunner, type ProjectionRunner } from '@platform/projectors/runner';
import type { Projection } from '@platform/projectors/projection';
import {
  ALL_RESOURCE_FEATURES,
  type ResourceDefinition,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';
import { createSql } from '@platform/infra/db/postgres';
import { createEventStore, type EventStore } from '@platform/infra/event-store';
import { CONFIG_DEFAULTS, defaultPublicUrl } from '@platform/infra/config';
import { createMailer } from '@platform/infra/mail/mailer';
import { DEFAULT_FILE_LIMITS, type FileLimits } from '@platform/infra/files/intake';
import { platformBlobStore, platformTusStorage } from './files/blob-store.ts';
import { filesMaintenance, type FilesMaintenance } from './files/maintenance.ts';
import {
  commandModulesOf,
  eventContractsOf,
  platformModules,
  projectionsOf,
  jobsOf,
  queryModulesOf,
  type ModuleDescriptor,
  type ModuleJob,
  type ServeContext,
} from './modules.ts';
import { compressAnswers } from './compression.ts';
import { createReadiness, type Readiness } from './readiness.ts';
import { isReadRequest } from './routing.ts';
import { createLeases, type LeasedWork, type Leases } from '@platform/infra/db/leases';
import { waitForLiveVersions } from '@platform/infra/projections/checkpoints';
import { CSP_REPORT_PATH, cspReportRoute, securityHeaders } from './security-headers.ts';

/**
 * The sides a process of the platform runs (ADR 0048): the command API (unsafe methods under /api/v1 and /auth),
 * the query API (GET and HEAD there, and the built web), the projectors (with the scheduled jobs). One process
 * runs all three (`npm start`); the cluster runs each in processes of its own on one PostgreSQL.
 */
export type PlatformRole = 'commands' | 'queries' | 'projectors';
export const PLATFORM_ROLES: readonly PlatformRole[] = ['commands', 'queries', 'projectors'];

export interface PlatformOptions {
  databaseUrl: string;
  /** the sides this process runs; absent: all three */
  roles?: readonly PlatformRole[];
  /**
   * projectors in several processes on one database (ADR 0048): each projection and each scheduled job runs in the
   * one process holding its lease, looked for every `pollMs` (default 1,000 ms); `holder` names this process in
   * pg_stat_activity. Absent: this process runs every projection and job itself (the one-process deployment)
   */
  leases?: { pollMs?: number; holder?: string };
  adminToken: string;
  logger: Logger;
  clock?: Clock;
  minPositionTimeoutMs?: number;
  /**
   * true: every route but /healthz, /readyz and the machine credential answers 503 until `readiness.markReady()`
   * (npm start opens the site once the first-start seeding is done); false (the default): ready at once
   */
  startNotReady?: boolean;
  /** where the event log is kept (EVENT_STORE, EVENTSTORE_URL): PostgreSQL by default */
  eventStore?: { engine: 'postgres' | 'eventstoredb'; url?: string | undefined };
  /** query routes served beside the platform's own, through the same middleware (benchmarks' baselines) */
  extraQueryModules?: QueryModule[];
  /** modules served beside the platform's list (modules.ts): a module not yet composed there, under test */
  extraModules?: readonly ModuleDescriptor[];
  /** the record types of the resource layer (the catalogue by default; tests may bring their own) */
  resources?: readonly ResourceDefinition[];
  /** the locale of records' own text (DEFAULT_LOCALE); translatable records keep the others as translations */
  defaultLocale?: Locale;
  /** the resource features (FEATURE_RENTAL, ...): a type whose feature is off answers 404; unnamed ones are on */
  features?: Partial<ResourceFeatures>;
  /**
   * FEATURE_AUTHOR_ORGANIZATION: a publication item's author is its organization when it has one (seed 001 §3),
   * with the organizations feature on as well; absent: on
   */
  authorOrganization?: boolean;
  /** FEATURE_GLOBAL_SEARCH: GET /services/global-search is served (seed 000 §7); absent: on */
  globalSearch?: boolean;
  /** the most records a resource list counts (ADR 0045); absent: LIST_COUNT_CAP. Tests lower it */
  listCountCap?: number;
  /** extra handlers mounted after the APIs (the built web, later) */
  mountAfterApis?: (app: Express) => void;
  /**
   * the proxies whose X-Forwarded-For names the client (TRUST_PROXY; the sign-in limits count by the client's
   * address): 'loopback' (the default), a number of hops, or addresses and subnets, comma-separated
   */
  trustProxy?: TrustProxy;
  /**
   * files (ADR 0027): the folder of the local blob store (default `<DATA_DIR>/files`) and the maximum sizes of
   * uploads (defaults: infra/src/files/intake.ts)
   */
  files?: {
    dir?: string;
    limits?: Partial<FileLimits>;
    /**
     * how often the platform sweeps unnamed blobs and expired resumable uploads (files/maintenance.ts); absent: only
     * when asked (`platform.files.run()`, `npm run files:sweep`)
     */
    maintenanceEveryMs?: number;
    /** how long a blob no record names is kept (default 24 hours) */
    sweepGraceMs?: number;
    /** FILES_S3_URL: the blobs in an S3-compatible bucket instead of `dir`'s disk (uploads still staged in `dir`) */
    s3Url?: string;
  };
  /** CURRENCY: the money of the documents the platform makes (rental invoices); the default's otherwise */
  currency?: string;
  /** open badges (ADR 0030): OPEN_BADGES_SIGNING_KEY; absent, the key kept in the database signs */
  openBadges?: { signingKey?: string | undefined };
  /** accounts: features, mail, the link-signing secret, limits (defaults suit development and tests) */
  accounts?: {
    features?: Partial<AccountFeatures>;
    /** smtp(s)://...; absent: mail goes to the dev mailbox table (GET /api/v1/dev/mailbox) */
    smtpUrl?: string;
    mailFrom?: string;
    /** signs e-mail verification links; a random one per process when absent */
    secret?: string;
    /** the address users open, for links in e-mails */
    publicUrl?: string;
    appName?: string;
    /** any sign-in limit of any action (ADR 0023); the others keep their defaults */
    limits?: RateLimitOverrides;
    /** how a slowed sign-in waits (ADR 0023): a timer by default; tests record the wait instead */
    wait?: Wait;
    sessionPolicy?: Partial<SessionPolicy>;
  };
}

export interface Platform {
  app: Express;
  sql: Sql;
  readPool: DatabasePool;
  eventStore: EventStore;
  contracts: EventContractRegistry;
  runner: ProjectionRunner;
  /** the projections the runner keeps (the start waits for them before it opens the site) */
  projections: readonly Projection[];
  accounts: AccountsAuth;
  readiness: Readiness;
  /** the routers mounted under /api/v1 (commands: unsafe methods; queries: GET and HEAD), for walking their routes */
  apiRouters: { command: Router; query: Router };
  /** the files' housekeeping: unnamed blobs, expired resumable uploads */
  files: FilesMaintenance;
  /** the modules' background jobs (the scheduled publications), started by `start` */
  jobs: readonly ModuleJob[];
  /** the sides this process runs */
  roles: readonly PlatformRole[];
  /** with `leases`: the leases this process holds (projections and jobs), once started */
  leases(): string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The one-process deployment: command-api, query-api and projectors over one PostgreSQL. Tests build the
 * same thing against their own database.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { logger } = options;
  const roles = options.roles ?? PLATFORM_ROLES;
  const runs = (role: PlatformRole) => roles.includes(role);
  const clock: Clock = options.clock ?? (() => new Date());
  const minPositionTimeoutMs = options.minPositionTimeoutMs ?? CONFIG_DEFAULTS.MIN_POSITION_TIMEOUT_MS;
  const sql = createSql(options.databaseUrl, { max: 20 });
  const readPool = await createReadPool(options.databaseUrl);
  // every list below (contracts, routers, projections) comes from the one list of modules (modules.ts)
  const modules = [
    ...platformModules(options.resources, { defaultLocale: options.defaultLocale ?? 'en' }),
    ...(options.extraModules ?? []),
  ];
  const contracts = new EventContractRegistry(eventContractsOf(modules));
  // the event log in PostgreSQL, or in EventStoreDB (EVENT_STORE=eventstoredb, ADR 0049); read models stay here
  const eventStore = await createEventStore(
    { EVENT_STORE: options.eventStore?.engine ?? 'postgres', EVENTSTORE_URL: options.eventStore?.url },
    { sql, contracts },
  );
  const projections = projectionsOf(modules);
  const runner = createProjectionRunner({ sql, eventStore, projections, logger });

  const accountsOptions = options.accounts ?? {};
  const mailer = createMailer({
    smtpUrl: accountsOptions.smtpUrl,
    from: accountsOptions.mailFrom ?? CONFIG_DEFAULTS.MAIL_FROM,
    sql,
  });
  const accounts = createAccountsAuth({
    sql,
    eventStore,
    contracts,
    clock,
    logger,
    mailer,
    secret: accountsOptions.secret ?? randomBytes(32).toString('hex'),
    publicUrl: accountsOptions.publicUrl ?? defaultPublicUrl(),
    ...(accountsOptions.appName ? { appName: accountsOptions.appName } : {}),
    ...(accountsOptions.features ? { features: accountsOptions.features } : {}),
    ...(accountsOptions.limits ? { limits: accountsOptions.limits } : {}),
    ...(accountsOptions.wait ? { wait: accountsOptions.wait } : {}),
    ...(accountsOptions.sessionPolicy ? { sessionPolicy: accountsOptions.sessionPolicy } : {}),
    minPositionTimeoutMs,
  });

  const filesDir = options.files?.dir ?? join(CONFIG_DEFAULTS.DATA_DIR, 'files');
  const blobStore = platformBlobStore({
    filesDir,
    clock,
    ...(options.files?.s3Url ? { s3Url: options.files.s3Url } : {}),
  });
  const tus = platformTusStorage({
    filesDir,
    ...(options.files?.s3Url ? { s3Url: options.files.s3Url } : {}),
  });
  const files = filesMaintenance({
    eventStore,
    store: blobStore,
    tus,
    clock,
    logger,
    ...(options.files?.sweepGraceMs !== undefined ? { graceMs: options.files.sweepGraceMs } : {}),
  });
  const serve: ServeContext = {
    auth: accounts,
    devMailbox: mailer.toDevMailbox,
    defaultLocale: options.defaultLocale ?? 'en',
    features: { ...ALL_RESOURCE_FEATURES, ...options.features },
    authorOrganization: accounts.context.features.organizations && (options.authorOrganization ?? true),
    globalSearch: options.globalSearch ?? true,
    listCountCap: options.listCountCap,
    organizationPages: accounts.context.features.organizations,
    files: {
      store: blobStore,
      limits: { ...DEFAULT_FILE_LIMITS, ...options.files?.limits },
      // resumable uploads gather beside the blobs until complete
      tus,
      // the pages' own origin as people open it (a proxy may make it differ from the requests' Host)
      origins: [new URL(accountsOptions.publicUrl ?? defaultPublicUrl()).origin],
    },
    sql,
    openBadgesSigningKey: options.openBadges?.signingKey,
    appName: accountsOptions.appName ?? CONFIG_DEFAULTS.APP_NAME,
    currency: options.currency ?? CONFIG_DEFAULTS.CURRENCY,
    minPositionTimeoutMs,
  };
  const jobs = jobsOf(modules, {
    sql,
    eventStore,
    contracts,
    clock,
    logger,
    features: serve.features,
    readPool,
    mailer,
    appName: serve.appName,
    publicUrl: accounts.context.publicUrl,
    defaultLocale: serve.defaultLocale,
    secret: accounts.context.secret,
  });
  const readiness = createReadiness({ adminToken: options.adminToken, ready: !options.startNotReady });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? DEFAULT_TRUST_PROXY);
  // every answer, the starting page and errors included, carries the security headers (ADR 0022)
  app.use(securityHeaders());
  // and goes out compressed when the client takes it and it is worth it: the built web's files were compressed
  // by the build (web-static.ts), every other answer is compressed here (compression.ts)
  app.use(compressAnswers());
  app.use(readiness.gate);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readiness.probe);
  // a route of its own: the other requests only fail its path's match, and never enter its router
  if (runs('commands')) app.post(CSP_REPORT_PATH, cspReportRoute(logger, { clock }));
  // each side answers its own methods only (a process of one side behind the cluster's front, ADR 0048); the other
  // side's requests find no route here
  const served = (req: express.Request) =>
    isReadRequest(req.method, req.path) ? runs('queries') : runs('commands');
  const forThisSide =
    (handler: express.RequestHandler): express.RequestHandler =>
    (req, res, next) =>
      served(req) ? handler(req, res, next) : next();
  if (runs('commands') || runs('queries')) {
    app.use('/auth', forThisSide(accounts.authRouter));
    // cookie sessions beside the API token, for both APIs (the token check inside them leaves a session alone)
    app.use('/api/v1', forThisSide(requestContext()), forThisSide(accounts.sessionMiddleware));
  }
  const commandApi = runs('commands')
    ? createCommandApi({
        eventStore,
        contracts,
        clock,
        logger,
        readSql: sql,
        adminToken: options.adminToken,
        modules: commandModulesOf(modules, serve),
      })
    : express.Router();
  // the query side LISTENs to the projections' checkpoints from its creation: only where it is served
  const queryApi = runs('queries')
    ? createQueryApi({
        readPool,
        sql,
        eventStore,
        logger,
        adminToken: options.adminToken,
        minPositionTimeoutMs,
        clock,
        modules: [...queryModulesOf(modules, serve), ...(options.extraQueryModules ?? [])],
      })
    : express.Router();
  // commands are unsafe methods and reads are GET and HEAD: each request goes through the one router that can
  // answer it (a read no longer walks every command module's middleware first); routing.ts says which
  app.use('/api/v1', (req, res, next) => {
    if (!served(req)) return next();
    return (isReadRequest(req.method, req.path) ? queryApi : commandApi)(req, res, next);
  });
  app.use('/api', notFoundHandler());
  if (runs('queries')) options.mountAfterApis?.(app);
  app.use(errorHandler({ logger }));

  // the works of the projector side: every projection, each scheduled job, the files' housekeeping
  const everyMs = options.files?.maintenanceEveryMs;
  const projectionNames = projections.map((p) => p.name);
  // with leases, a job may be taken before another process has set up the projections it reads: it waits for them
  const readModelsExist = (signal: AbortSignal) => waitForLiveVersions(sql, projectionNames, { signal });
  const jobWork = (name: string, begin: () => void, end: () => Promise<void>): LeasedWork => {
    let controller = new AbortController();
    let waiting: Promise<void> = Promise.resolve();
    return {
      name,
      async start() {
        const current = new AbortController();
        controller = current;
        waiting = readModelsExist(current.signal).then((exist) => {
          if (exist && !current.signal.aborted) begin();
        });
      },
      async stop() {
        controller.abort();
        await waiting;
        await end();
      },
    };
  };
  const leasedWorks: LeasedWork[] = [
    ...projections.map((p) => ({
      name: `projection:${p.name}:v${p.version}`,
      start: () => runner.startProjection(p.name),
      stop: () => runner.stopProjection(p.name),
    })),
    ...jobs.map((job) =>
      jobWork(
        `job:${job.name}`,
        () => job.start(),
        () => job.stop(),
      ),
    ),
    ...(everyMs
      ? [
          jobWork(
            'job:files.maintenance',
            () => files.start(everyMs),
            () => files.stop(),
          ),
        ]
      : []),
  ];
  let leases: Leases | undefined;

  return {
    app,
    sql,
    readPool,
    eventStore,
    contracts,
    runner,
    projections,
    accounts,
    readiness,
    apiRouters: { command: commandApi, query: queryApi },
    files,
    jobs,
    roles,
    leases: () => leases?.held() ?? [],
    async start() {
      if (!runs('projectors')) return;
      if (options.leases) {
        leases = createLeases({
          databaseUrl: options.databaseUrl,
          works: leasedWorks,
          holder: options.leases.holder ?? `platform projectors ${process.pid}`,
          logger,
          ...(options.leases.pollMs ? { pollMs: options.leases.pollMs } : {}),
        });
        await leases.start();
        return;
      }
      await runner.start();
      if (everyMs) files.start(everyMs);
      for (const job of jobs) job.start();
    },
    async stop() {
      if (leases) await leases.stop();
      for (const job of jobs) await job.stop();
      await files.stop();
      await runner.stop();
      await eventStore.close();
      await readPool.end();
      await sql.end({ timeout: 5 });
    },
  };
}
