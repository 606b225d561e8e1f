import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { notificationResource } from '@platform/contracts/notifications/notification';
import { notificationEndpoints } from '@platform/contracts/notifications/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { loadState } from '@platform/infra/event-store';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps } from '../app.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from '../resources/decide.ts';

const uuid = z.string().uuid();
const decider = resourceDecider(notificationResource);

/**
 * POST /api/v1/notifications/{id}/read: its recipient marks a notification as read, through the generic
 * decider (an update of readAt, recorded once). Another member's notification is not found.
 */
export function notificationCommandRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, notificationEndpoints.read, async (req, res, { params }) => {
    const id = params.id;
    const notFound = new NotFoundError(`notification ${id} not found`);
    if (!uuid.safeParse(id).success) throw notFound;
    const request = deps.commandRequest(req, res);
    const { userId } = viewerOf(res);
    if (userId === null) throw new UnauthenticatedError();
    const streamId = notificationResource.streamId(id);
    const { state } = await loadState(deps.eventStore, streamId, decider);
    if (state.status !== 'active' || state.relationships.user !== userId) throw notFound;
    const readAt = state.attributes.readAt ?? request.metadata.now.toISOString();
    const result = await deps.handle({
      streamId,
      decider,
      command: {
        type: 'UpdateResource',
        data: { id, attributes: { readAt }, relationships: {} },
        metadata: request.metadata,
      },
      ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
    });
    sendCommandResult(res, { type: 'notifications', id, result });
  });
  return router;
}
