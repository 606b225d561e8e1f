import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { createCommandApi } from '@platform/command-api/app';
import { errorHandler, notFoundHandler } from '@platform/command-api/http/errors';
import type { Clock } from '@platform/command-api/http/metadata';
import { createQueryApi } from '@platform/query-api/app';
import { createReadPool } from '@platform/query-api/db';
import { createProjectionRunner, type ProjectionRunner } from '@platform/projectors/runner';
import { allProjections } from '@platform/projectors/registry';
import { createSql } from './db/postgres.ts';
import { PostgresEventStore } from './event-store/postgres-event-store.ts';
import type { EventStore } from './event-store/port.ts';
import { commandModules, queryModules } from './modules.ts';

export interface PlatformOptions {
  databaseUrl: string;
  adminToken: string;
  logger: Logger;
  clock?: Clock;
  minPositionTimeoutMs?: number;
  /** extra handlers mounted after the APIs (the built web, later) */
  mountAfterApis?: (app: Express) => void;
}

export interface Platform {
  app: Express;
  sql: Sql;
  readPool: DatabasePool;
  eventStore: EventStore;
  runner: ProjectionRunner;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The one-process deployment: command-api, query-api and projectors over one PostgreSQL. Tests build the
 * same thing against their own database.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { logger } = options;
  const clock: Clock = options.clock ?? (() => new Date());
  const sql = createSql(options.databaseUrl, { max: 20 });
  const readPool = await createReadPool(options.databaseUrl);
  const contracts = createEventContractRegistry();
  const eventStore = new PostgresEventStore({ sql, contracts });
  const runner = createProjectionRunner({ sql, eventStore, projections: allProjections, logger });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(
    '/api/v1',
    createCommandApi({
      eventStore,
      contracts,
      clock,
      logger,
      readSql: sql,
      adminToken: options.adminToken,
      modules: commandModules,
    }),
  );
  app.use(
    '/api/v1',
    createQueryApi({
      readPool,
      sql,
      eventStore,
      logger,
      adminToken: options.adminToken,
      minPositionTimeoutMs: options.minPositionTimeoutMs ?? 5000,
      modules: queryModules,
    }),
  );
  app.use('/api', notFoundHandler());
  options.mountAfterApis?.(app);
  app.use(errorHandler({ logger }));

  return {
    app,
    sql,
    readPool,
    eventStore,
    runner,
    start: () => runner.start(),
    async stop() {
      await runner.stop();
      await readPool.end();
      await sql.end({ timeout: 5 });
    },
  };
}
