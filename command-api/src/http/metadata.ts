import type { Request, Response } from 'express';
import { UnauthenticatedError } from '@platform/contracts/errors';
import type { CommandMetadata } from '@platform/contracts/metadata';
import { actorOf } from '@platform/infra/http/viewer';

/** Time comes from outside (CONVENTIONS.md habit 2): the process passes `() => new Date()`, tests a fixed one. */
export type Clock = () => Date;

/** Ids set by the request-context middleware (logging.ts); read them through these helpers. */
export function correlationIdOf(res: Response): string {
  const id = res.locals.correlationId as string | undefined;
  if (!id) throw new Error('correlation id missing: mount requestContext() before the routes');
  return id;
}

export function requestIdOf(res: Response): string {
  const id = res.locals.requestId as string | undefined;
  if (!id) throw new Error('request id missing: mount requestContext() before the routes');
  return id;
}

/**
 * The metadata a command carries: the time from the injected clock, the authenticated actor, the
 * correlation id of the conversation and, as causation, this request.
 */
export function commandMetadata(_req: Request, res: Response, clock: Clock): CommandMetadata {
  const actor = actorOf(res);
  if (!actor) throw new UnauthenticatedError();
  return { now: clock(), actor, correlationId: correlationIdOf(res), causationId: requestIdOf(res) };
}
