import { randomUUID } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import { NotFoundError } from '@platform/contracts/errors';
import type { PathOwner } from '@platform/contracts/paths';
import { SitePathSchema } from '@platform/contracts/paths';
import { RedirectionTargetSchema, redirectionStreamId } from '@platform/contracts/redirections/events';
import { StreamNotFoundError, type EventStore } from '@platform/infra/event-store';
import type { CommandModuleDeps } from '../app.ts';
import { requireCmsEditor } from '../environment/authorize.ts';
import { recordEnvironmentUpdated } from '../environment/record.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument, resourceDocument } from '../http/validate.ts';
import { claimPath, releasePath } from '../paths/claims.ts';
import { redirectionDecider, type CreateAppRedirection } from './decide.ts';
import type { RedirectionState } from './redirection.ts';

const TYPE = 'app-redirections';
const uuid = z.string().uuid();

const CreateDocument = resourceDocument({
  type: TYPE,
  id: uuid.optional(),
  attributes: z
    .object({
      name: z.string().trim().min(1).max(255).nullable().default(null),
      fromPath: SitePathSchema,
      toPath: RedirectionTargetSchema,
    })
    .strict(),
});

async function loadRedirection(eventStore: EventStore, id: string): Promise<RedirectionState> {
  try {
    const events = await eventStore.readStream(redirectionStreamId(id));
    return events.reduce(
      (s, e) => redirectionDecider.evolve(s, { type: e.type, data: e.data } as never),
      redirectionDecider.initialState(),
    );
  } catch (error) {
    if (error instanceof StreamNotFoundError) return redirectionDecider.initialState();
    throw error;
  }
}

/** A claim whose redirection never got recorded (a crash between the two appends) may be taken over. */
function stillHolds(eventStore: EventStore) {
  return async (owner: PathOwner, path: string): Promise<boolean> => {
    if (owner.type !== 'app-redirection') return true; // pages answer for their own claims
    const state = await loadRedirection(eventStore, owner.id);
    return state.status === 'active' && state.fromPath === path;
  };
}

function redirectionIdOf(req: Request): string {
  const id = req.params.id;
  if (!uuid.safeParse(id).success) throw new NotFoundError(`app-redirection ${String(id)} not found`);
  return id as string;
}

/**
 * POST and DELETE /api/v1/app-redirections. The from path is claimed (path claims shared with pages) before the
 * redirection is recorded and released after it is deleted; both record that the app environment was updated.
 */
export function redirectionCommandRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();

  router.post(`/${TYPE}`, async (req, res) => {
    const request = deps.commandRequest(req, res);
    requireCmsEditor(res);
    const doc = parseDocument(CreateDocument, req.body);
    const key = request.idempotencyKey;
    const id = doc.data.id ?? (key ? deriveId(key, TYPE) : randomUUID());
    const command: CreateAppRedirection = {
      type: 'CreateAppRedirection',
      data: { id, ...doc.data.attributes },
      metadata: request.metadata,
    };
    // refuse what the decider would refuse before claiming, so a bad request leaves no claim behind
    const current = await loadRedirection(deps.eventStore, id);
    if (!(key && current.status === 'active')) redirectionDecider.decide(command, current);
    const owner: PathOwner = { type: 'app-redirection', id };
    await claimPath(deps, command.data.fromPath, owner, request.metadata, {
      pointer: '/data/attributes/fromPath',
      stillHolds: stillHolds(deps.eventStore),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    const result = await deps.handle({
      streamId: redirectionStreamId(id),
      decider: redirectionDecider,
      command,
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    const { position } = await recordEnvironmentUpdated(deps, {
      metadata: request.metadata,
      reason: { resourceType: TYPE, resourceId: id, action: 'saved' },
      causeEventIds: result.events.map((e) => e.eventId),
    });
    sendCommandResult(res, { type: TYPE, id, result: { ...result, position }, status: 201 });
  });

  router.delete(`/${TYPE}/:id`, async (req, res) => {
    const id = redirectionIdOf(req);
    const request = deps.commandRequest(req, res);
    requireCmsEditor(res);
    const key = request.idempotencyKey;
    const result = await deps.handle({
      streamId: redirectionStreamId(id),
      decider: redirectionDecider,
      command: { type: 'DeleteAppRedirection', data: { id }, metadata: request.metadata },
      ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    const deleted = result.events.find((e) => e.type === 'AppRedirectionDeleted');
    const fromPath = (deleted?.data as { fromPath: string } | undefined)?.fromPath;
    if (fromPath !== undefined) {
      await releasePath(deps, fromPath, { type: 'app-redirection', id }, request.metadata, {
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
    }
    const { position } = await recordEnvironmentUpdated(deps, {
      metadata: request.metadata,
      reason: { resourceType: TYPE, resourceId: id, action: 'deleted' },
      causeEventIds: result.events.map((e) => e.eventId),
    });
    sendCommandResult(res, { type: TYPE, id, result: { ...result, position } });
  });

  return router;
}
