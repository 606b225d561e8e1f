import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { allows } from '@platform/contracts/resources/access';
import { RENTAL_ADMINS, rentalCommandStreamId } from '@platform/contracts/rental/command';
import { calendarStreamId } from '@platform/contracts/rental/calendar';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModule, CommandModuleDeps, CommandRequest } from '../app.ts';
import { sendCommandResult } from '../http/respond.ts';
import { HOLD_RETRIES, releaseEndedCommand } from './booking-routes.ts';
import { calendarDecider } from './calendar.ts';
import { rentalCommandDecider } from './lifecycle.ts';

const uuid = z.string().uuid();

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
    mountEndpoint(router, rentalEndpoints.commandAction, async (req, res, call) => {
      const commandId = call.params.id;
      if (!uuid.safeParse(commandId).success)
        throw new NotFoundError(`rental command ${commandId} not found`);
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      const request = deps.commandRequest(req, res);
      const action = call.body().data.attributes;
      const itemModelId =
        action.action === 'assignItem' || action.action === 'replaceItem'
          ? await options.itemModel(action.itemId, deps)
          : undefined;
      // an item assigned is reserved on its model's calendar for the command's period first: an item another
      // command has over overlapping days is refused there (409 on itemId), whichever desk asks first
      const reservation =
        itemModelId && (action.action === 'assignItem' || action.action === 'replaceItem')
          ? await reserveItem(deps, request, commandId, itemModelId, action.itemId)
          : null;
      const result = await deps
        .handle({
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
        })
        .catch(async (error: unknown) => {
          // the command refused the item: its reservation, made by this request, is given back
          if (reservation?.made)
            await freeItem(deps, request, commandId, reservation.modelId, reservation.itemId);
          throw error;
        });
      // a replaced item is the command's no longer
      for (const event of result.events)
        if (event.type === 'RentalItemReplaced' && itemModelId)
          await freeItem(
            deps,
            request,
            commandId,
            itemModelId,
            (event.data as { replacedItemId: string }).replacedItemId,
          );
      // a cancelled or closed command gives its units back to the models' calendars
      const released =
        result.events.length > 0 && (action.action === 'cancel' || action.action === 'close')
          ? await releaseEndedCommand(
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

/** The command's period, from its placing. */
async function commandPeriod(
  deps: CommandModuleDeps,
  commandId: string,
): Promise<{ startAt: string; endAt: string } | null> {
  const events = await deps.eventStore.readStream(rentalCommandStreamId(commandId)).catch(() => []);
  const placed = events.find((event) => event.type === 'RentalCommandPlaced')?.data as
    { startAt: string; endAt: string } | undefined;
  return placed ? { startAt: placed.startAt, endAt: placed.endAt } : null;
}

async function reserveItem(
  deps: CommandModuleDeps,
  request: CommandRequest,
  commandId: string,
  modelId: string,
  itemId: string,
): Promise<{ modelId: string; itemId: string; made: boolean } | null> {
  const period = await commandPeriod(deps, commandId);
  if (!period) return null; // no such command: its decider answers 404
  const result = await deps.handle({
    streamId: calendarStreamId(modelId),
    decider: calendarDecider,
    command: {
      type: 'ReserveItem',
      data: { modelId, itemId, commandId, ...period },
      metadata: request.metadata,
    },
    maxRetries: HOLD_RETRIES,
  });
  return { modelId, itemId, made: result.events.length > 0 };
}

async function freeItem(
  deps: CommandModuleDeps,
  request: CommandRequest,
  commandId: string,
  modelId: string,
  itemId: string,
): Promise<void> {
  await deps.handle({
    streamId: calendarStreamId(modelId),
    decider: calendarDecider,
    command: { type: 'FreeItem', data: { modelId, itemId, commandId }, metadata: request.metadata },
    maxRetries: HOLD_RETRIES,
  });
}
