import express, { type Router } from 'express';
import { z } from 'zod';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { allows } from '@platform/contracts/resources/access';
import {
  RENTAL_ADMINS,
  RentalCommandActionSchema,
  rentalCommandStreamId,
} from '@platform/contracts/rental/command';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument, resourceDocument } from '../http/validate.ts';
import { releaseCommandHolds } from './booking-routes.ts';
import { rentalCommandDecider } from './lifecycle.ts';

const uuid = z.string().uuid();
const ActionDocument = resourceDocument({
  type: 'rental-command-actions',
  attributes: RentalCommandActionSchema,
});

/**
 * The rental model of a rental item, null when there is no such item: asked before an item is assigned to a
 * command, so that the decider refuses an item of another model on its field. The rental items are records of the
 * resource layer; the host gives the lookup that reads them.
 */
export type RentalItemModel = (itemId: string, deps: CommandModuleDeps) => Promise<string | null>;

/**
 * POST /api/v1/services/rentals/commands/{id}/actions `{ data: { type: 'rental-command-actions', attributes:
 * { action, ... } } }`: a step of the command's lifecycle, by its member or by the rental desk (lifecycle.ts
 * decides who may do what when). Answers the command's stream position and version, as every command route does.
 */
export function rentalLifecycleRoutes(options: { itemModel: RentalItemModel }): CommandModule {
  return (deps): Router => {
    const router = express.Router();
    router.post('/services/rentals/commands/:id/actions', async (req, res) => {
      const commandId = String(req.params.id);
      if (!uuid.safeParse(commandId).success)
        throw new NotFoundError(`rental command ${commandId} not found`);
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      const request = deps.commandRequest(req, res);
      const action = parseDocument(ActionDocument, req.body).data.attributes;
      const itemModelId =
        action.action === 'assignItem' || action.action === 'replaceItem'
          ? await options.itemModel(action.itemId, deps)
          : undefined;
      const result = await deps.handle({
        streamId: rentalCommandStreamId(commandId),
        decider: rentalCommandDecider,
        command: {
          type: 'RunRentalCommandAction',
          data: {
            commandId,
            caller: { rentalAdmin: allows(RENTAL_ADMINS, viewer) },
            action,
            ...(itemModelId !== undefined ? { itemModelId } : {}),
          },
          metadata: request.metadata,
        },
        ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
        ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
      });
      // a cancelled or closed command gives its units back to the models' calendars
      const released =
        result.events.length > 0 && (action.action === 'cancel' || action.action === 'close')
          ? await releaseCommandHolds(
              deps,
              request,
              commandId,
              action.action === 'cancel' ? 'cancelled' : 'ended',
            )
          : null;
      sendCommandResult(res, {
        type: 'rental-commands',
        id: commandId,
        result: released !== null && released > result.position ? { ...result, position: released } : result,
      });
    });
    return router;
  };
}
