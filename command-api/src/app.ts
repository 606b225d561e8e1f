import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { Sql } from 'postgres';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { CommandMetadata } from '@platform/contracts/metadata';
import type { EventStore } from '@platform/infra/event-store';
import type { Command, DomainEvent } from './decider.ts';
import { handleCommand, type CommandResult, type CommandSpec } from './handler.ts';
import { jsonBody } from './http/body.ts';
import { apiEdge } from '@platform/infra/http/edge';
import { errorHandler } from '@platform/infra/http/errors';
import { commandMetadata, type Clock } from './http/metadata.ts';
import { parseIdempotencyKey, parseIfMatch } from './http/validate.ts';

/** What a request brings to a command besides its body. */
export interface CommandRequest {
  metadata: CommandMetadata;
  /** from If-Match */
  expectedVersion?: bigint;
  /** from Idempotency-Key */
  idempotencyKey?: string;
}

/** Given to every command module (pages, menu, ...): its routes build commands and hand them to `handle`. */
export interface CommandModuleDeps {
  eventStore: EventStore;
  contracts?: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  /** postgres.js on the read models, for routing lookups only (e.g. a component's page); decisions use streams */
  readSql?: Sql;
  handle<C extends Command, E extends DomainEvent, S>(spec: CommandSpec<C, E, S>): Promise<CommandResult<E>>;
  /** metadata (actor, time, ids) and the If-Match / Idempotency-Key headers, validated (422 when bad) */
  commandRequest(req: Request, res: Response): CommandRequest;
}

/**
 * A module's routers. One marked `readsOwnBody` (file uploads: multipart bodies streamed to the blob store) is
 * mounted before the JSON body parser, which would refuse its body; every other is mounted after it.
 */
export type CommandModule = ((deps: CommandModuleDeps) => Router) & { readsOwnBody?: boolean };

export interface CommandApiDeps {
  eventStore: EventStore;
  contracts?: EventContractRegistry;
  clock: Clock;
  logger: Logger;
  readSql?: Sql;
  adminToken: string;
  modules: CommandModule[];
}

/**
 * The command side's router, mounted under /api/v1 by the main process. Unknown routes fall through
 * (the query router is mounted beside it); mount `notFoundHandler()` and `errorHandler()` after both.
 */
export function createCommandApi(deps: CommandApiDeps): Router {
  const { eventStore, contracts, clock, logger } = deps;
  const moduleDeps: CommandModuleDeps = {
    eventStore,
    contracts,
    clock,
    logger,
    ...(deps.readSql ? { readSql: deps.readSql } : {}),
    handle: (spec) => handleCommand({ eventStore, contracts }, spec),
    commandRequest(req, res) {
      const expectedVersion = parseIfMatch(req);
      const idempotencyKey = parseIdempotencyKey(req);
      return {
        metadata: commandMetadata(req, res, clock),
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
        ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
      };
    },
  };
  const router = express.Router();
  router.use(apiEdge({ logger, adminToken: deps.adminToken }));
  for (const module of deps.modules) if (module.readsOwnBody) router.use(module(moduleDeps));
  router.use(jsonBody());
  for (const module of deps.modules) if (!module.readsOwnBody) router.use(module(moduleDeps));
  router.use(errorHandler({ logger }));
  return router;
}
