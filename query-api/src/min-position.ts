import type { Request, RequestHandler, Response } from 'express';
import type { Sql } from 'postgres';
import type { EventStore, GlobalPosition } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { requestLog } from '@platform/infra/http/logging';
import { badParameter } from './jsonapi/query.ts';
import type { Consistency } from './jsonapi/document.ts';

const POSITION = /^\d{1,19}$/;
const MAX_POSITION = 9_223_372_036_854_775_807n;

function parsePosition(raw: string, parameter: string): GlobalPosition {
  if (!POSITION.test(raw) || BigInt(raw) > MAX_POSITION) {
    throw badParameter(parameter, `${parameter} must be a global position: a non-negative integer`);
  }
  return BigInt(raw);
}

/**
 * The position a reader wants to see at least: query parameter `minPosition` or header `X-Min-Position`
 * (the `meta.position` / `X-Event-Position` of a command answer). Read from the raw URL so Express's query
 * parser settings do not matter. Garbage is a 400 naming the parameter.
 */
export function parseMinPosition(req: Request): GlobalPosition | undefined {
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  const fromQuery = new URLSearchParams(search).getAll('minPosition');
  if (fromQuery.length > 1) throw badParameter('minPosition', 'minPosition is given more than once');
  const header = req.headers['x-min-position'];
  const fromHeader = Array.isArray(header) ? header.join(',') : header;
  const query = fromQuery[0] !== undefined ? parsePosition(fromQuery[0], 'minPosition') : undefined;
  const head = fromHeader !== undefined ? parsePosition(fromHeader.trim(), 'X-Min-Position') : undefined;
  if (query !== undefined && head !== undefined && query !== head) {
    throw badParameter('minPosition', 'minPosition and X-Min-Position disagree');
  }
  return query ?? head;
}

export interface MinPositionDeps {
  sql: Sql;
  eventStore: EventStore;
  /** the bound on waiting (config MIN_POSITION_TIMEOUT_MS) */
  timeoutMs: number;
}

/**
 * Read-your-writes for one route: declares the projections it reads and, when the request carries a
 * minimum position, waits (bounded) until all of them have reached it. Past the bound the route still
 * answers, from what the read models hold, and its document says `meta.stale: true`.
 */
export function readAfter(deps: MinPositionDeps, projections: readonly string[]): RequestHandler {
  return async (req, res, next) => {
    const position = parseMinPosition(req);
    if (position === undefined) {
      res.locals.consistency = {} satisfies Consistency;
      next();
      return;
    }
    const { reached } = await waitForProjections(deps, projections, position, deps.timeoutMs);
    if (!reached) requestLog(res)?.warn({ projections, minPosition: String(position) }, 'stale read');
    res.locals.consistency = {
      position: position.toString(),
      ...(reached ? {} : { stale: true }),
    } satisfies Consistency;
    next();
  };
}

/** What `readAfter` found, for the document's meta (empty when the route did not declare its projections). */
export function consistencyOf(res: Response): Consistency {
  return (res.locals.consistency as Consistency | undefined) ?? {};
}
