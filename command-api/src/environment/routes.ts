import express, { type Router } from 'express';
import { z } from 'zod';
import { ENVIRONMENT_STREAM_ID } from '@platform/contracts/environment/events';
import { AppEnvironmentPatchSchema } from '@platform/contracts/environment/settings';
import { loadState } from '@platform/infra/event-store';
import type { CommandModuleDeps } from '../app.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument, resourceDocument } from '../http/validate.ts';
import { requireCmsEditor } from './authorize.ts';
import { environmentDecider } from './decide.ts';

export const APP_ENVIRONMENT_TYPE = 'app-environment';
export const APP_ENVIRONMENT_ID = 'main';

const PatchDocument = resourceDocument({
  type: APP_ENVIRONMENT_TYPE,
  id: z.literal(APP_ENVIRONMENT_ID).optional(),
  attributes: AppEnvironmentPatchSchema,
});

/**
 * PATCH /api/v1/app-environment. If-Match carries the settings version (meta.version of GET), so the signals
 * other CMS saves append to the same stream never make an editor's form stale; those concurrent appends are
 * retried by the handler instead.
 */
export function environmentCommandRoutes(deps: CommandModuleDeps): Router {
  const router = express.Router();
  router.patch(`/${APP_ENVIRONMENT_TYPE}`, async (req, res) => {
    const request = deps.commandRequest(req, res);
    requireCmsEditor(res);
    const doc = parseDocument(PatchDocument, req.body);
    const result = await deps.handle({
      streamId: ENVIRONMENT_STREAM_ID,
      decider: environmentDecider,
      command: {
        type: 'UpdateAppEnvironment',
        data: { patch: doc.data.attributes, expectedVersion: request.expectedVersion },
        metadata: request.metadata,
      },
      ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
    });
    let settingsVersion = result.nextExpectedVersion;
    if (result.events.length === 0) {
      // nothing changed: answer with the version the client should send next time
      const { state } = await loadState(deps.eventStore, ENVIRONMENT_STREAM_ID, environmentDecider);
      settingsVersion = state.settingsVersion;
    }
    sendCommandResult(res, {
      type: APP_ENVIRONMENT_TYPE,
      id: APP_ENVIRONMENT_ID,
      result: { ...result, nextExpectedVersion: settingsVersion },
    });
  });
  return router;
}
