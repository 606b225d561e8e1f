import express, { type RequestHandler, type Router } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '@platform/infra/event-store';
import { apiEdge } from '@platform/infra/http/edge';
import { errorHandler } from '@platform/infra/http/errors';
import { readAfter } from './min-position.ts';

/** Given to every query module (pages, menu, ...). */
export interface QueryModuleDeps {
  /** slonik: every read is a `sql.type(zodSchema)` query on `read.<table>` views */
  readPool: DatabasePool;
  /** for the few reads that need streams (admin audit timelines); never for writing */
  eventStore: EventStore;
  logger: Logger;
  /**
   * Put in front of a route with the names of the projections it reads: honours minPosition /
   * X-Min-Position (bounded wait); the route then adds `consistencyOf(res)` to its document's meta.
   */
  readAfter(projections: readonly string[]): RequestHandler;
}

export type QueryModule = (deps: QueryModuleDeps) => Router;

export interface QueryApiDeps {
  readPool: DatabasePool;
  /** postgres.js, for the LISTEN-based wait on projection checkpoints */
  sql: Sql;
  eventStore: EventStore;
  logger: Logger;
  /** the bootstrap admin token (the viewer decides what the visibility filters let through) */
  adminToken: string;
  minPositionTimeoutMs: number;
  modules: QueryModule[];
}

/**
 * The query side's router, mounted under /api/v1 beside the command router. Unknown routes fall through;
 * the main process mounts `notFoundHandler()` and `errorHandler()` after both routers.
 */
export function createQueryApi(deps: QueryApiDeps): Router {
  const { readPool, sql, eventStore, logger } = deps;
  const waitDeps = { sql, eventStore, timeoutMs: deps.minPositionTimeoutMs };
  const moduleDeps: QueryModuleDeps = {
    readPool,
    eventStore,
    logger,
    readAfter: (projections) => readAfter(waitDeps, projections),
  };
  const router = express.Router();
  router.use(apiEdge({ logger, adminToken: deps.adminToken }));
  for (const module of deps.modules) router.use(module(moduleDeps));
  router.use(errorHandler({ logger }));
  return router;
}
