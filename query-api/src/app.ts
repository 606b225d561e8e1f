import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '@platform/infra/event-store';
import { apiEdge } from '@platform/infra/http/edge';
import { errorHandler } from '@platform/infra/http/errors';
import { readAfter } from './min-position.ts';
import { createReadCache, type ReadCacheOptions, type SendReadOptions } from './read-cache.ts';
import { readModelVersions } from './read-model-versions.ts';

/** Given to every query module (pages, menu, ...). */
export interface QueryModuleDeps {
  /** slonik: every read is a `sql.type(zodSchema)` query on `read.<table>` views */
  readPool: DatabasePool;
  /** for the few reads that need streams (admin audit timelines); never for writing */
  eventStore: EventStore;
  logger: Logger;
  /** the platform's time: reads that depend on it (a booking's hold that lapses) ask it, never the machine's */
  clock: () => Date;
  /**
   * Put in front of a route with the names of the projections it reads: honours minPosition /
   * X-Min-Position (bounded wait); the route then adds `consistencyOf(res)` to its document's meta.
   */
  readAfter(projections: readonly string[]): RequestHandler;
  /**
   * Answers a read that every viewer with the same visibility (or `variant`) gets alike: built by `build`
   * once per read-model state and kept in memory, with a strong ETag (304 on If-None-Match),
   * `Cache-Control: no-cache` (private when signed in) and `Vary: Cookie, Authorization`. A minPosition read
   * is always built fresh. See read-cache.ts.
   */
  sendRead(
    req: Request,
    res: Response,
    options: SendReadOptions,
    build: () => Promise<unknown> | unknown,
  ): Promise<void>;
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
  /** the platform's time (default: the machine's) */
  clock?: () => Date;
  /** the in-memory answers of `sendRead` (default: 32 MB) */
  readCache?: ReadCacheOptions;
}

/**
 * The query side's router, mounted under /api/v1 beside the command router. Unknown routes fall through;
 * the main process mounts `notFoundHandler()` and `errorHandler()` after both routers.
 */
export function createQueryApi(deps: QueryApiDeps): Router {
  const { readPool, sql, eventStore, logger } = deps;
  const waitDeps = { sql, eventStore, timeoutMs: deps.minPositionTimeoutMs };
  // LISTEN on the projection checkpoints (one connection of `sql`), so cached answers know when to go
  const versions = readModelVersions(sql);
  let lastStart = 0;
  const startVersions = () => {
    if (Date.now() - lastStart < 5000) return;
    lastStart = Date.now();
    versions.start().catch((error: unknown) => {
      logger.warn(
        { err: error },
        'read cache: cannot listen to projection checkpoints; answers are not cached',
      );
    });
  };
  startVersions();
  const cache = createReadCache(versions, deps.readCache);
  const moduleDeps: QueryModuleDeps = {
    readPool,
    eventStore,
    logger,
    clock: deps.clock ?? (() => new Date()),
    readAfter: (projections) => readAfter(waitDeps, projections),
    sendRead: (req, res, options, build) => {
      if (versions.generation(options.projections) === undefined) startVersions();
      return cache.send(req, res, options, build);
    },
  };
  const router = express.Router();
  router.use(apiEdge({ logger, adminToken: deps.adminToken }));
  for (const module of deps.modules) router.use(module(moduleDeps));
  router.use(errorHandler({ logger }));
  return router;
}
