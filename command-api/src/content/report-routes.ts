import express, { type Router } from 'express';
import { z } from 'zod/v4';
import { moderationEndpoints } from '@platform/contracts/content/endpoints';
import { ReportResolved, reportResource } from '@platform/contracts/content/report';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { loadState } from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import type { CommandResult } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { resourceDecider } from '../resources/decide.ts';
import { reportDecider, reportedRecordOf, type ReportCommand } from './report-resolution.ts';

const uuid = z.string().uuid();

/** Two moderators at once: the loser re-decides on the new stream and finds the report resolved (409). */
const RESOLUTION_RETRIES = 5;

/**
 * The reported types a removal may take away: by a soft-deletion where the type has one (a moderator's removal is
 * then undone by a restore), else by a deletion. The layer's routes carry out a type's reactors and free a deleted
 * record's unique values, which this does not: a reportable type with reactors, or with unique values and no
 * soft-deletion, is a composition error, refused when the platform is put together.
 */
function removableTypes(reportables: readonly ResourceDefinition[]): Map<string, ResourceDefinition> {
  const byType = new Map<string, ResourceDefinition>();
  for (const definition of reportables) {
    if (!definition.traits.reportable) continue;
    if (definition.reactors.length || (!definition.softDeletable && definition.unique.length))
      throw new Error(
        `${definition.type} is reportable, so a moderator may remove a record of it: it must have no reactors, and no unique values unless soft-deletable`,
      );
    byType.set(definition.type, definition);
  }
  return byType;
}

/**
 * Takes the reported record away after a removal, on its own stream, once: the idempotency key is the
 * resolution's event, so the same request sent again (its Idempotency-Key replayed) does not append twice. A
 * record already soft-deleted is left as it is; one deleted since the report has nothing left to remove.
 */
async function removeReported(
  deps: CommandModuleDeps,
  definition: ResourceDefinition,
  id: string,
  resolution: CommandResult,
  metadata: ReportCommand['metadata'],
): Promise<CommandResult | null> {
  const resolved = resolution.events.find((e) => e.type === ReportResolved.type);
  if (!resolved) return null;
  try {
    return await deps.handle({
      streamId: definition.streamId(id),
      decider: resourceDecider(definition, id),
      command: {
        type: definition.softDeletable ? 'SoftDeleteResource' : 'DeleteResource',
        data: { id },
        metadata,
      },
      idempotencyKey: `${resolved.eventId}:remove`,
    });
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * The reports queue's command (issue 21, ADR 0037): POST /services/reports/{id}/resolve
 * `{ data: { attributes: { resolution: 'dismissed' | 'removed', note } } }`. The resolution is decided on the
 * report's stream (report-resolution.ts); a removal then takes the reported record away, so the answer's
 * position covers both and a read at it sees the record gone.
 */
export function reportResolutionRoutes(reportables: readonly ResourceDefinition[]): CommandModule {
  const removable = removableTypes(reportables);
  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    mountEndpoint(router, moderationEndpoints.resolve, async (req, res, call) => {
      const reportId = String(req.params.id);
      if (!uuid.safeParse(reportId).success) throw new NotFoundError(`report ${reportId} not found`);
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      const request = deps.commandRequest(req, res);
      const { resolution, note } = call.body().data.attributes;
      const result = await deps.handle({
        streamId: reportResource.streamId(reportId),
        decider: reportDecider,
        command: {
          type: 'ResolveReport',
          data: { reportId, resolution, note, viewer },
          metadata: request.metadata,
        },
        maxRetries: RESOLUTION_RETRIES,
        ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
      });
      let answer = result;
      if (resolution === 'removed') {
        const { state } = await loadState(deps.eventStore, reportResource.streamId(reportId), reportDecider);
        const reported = reportedRecordOf(state);
        const definition = reported ? removable.get(reported.type) : undefined;
        const removal =
          reported && definition
            ? await removeReported(deps, definition, reported.id, result, request.metadata)
            : null;
        if (removal && removal.position > answer.position) answer = { ...answer, position: removal.position };
      }
      sendCommandResult(res, { type: reportResource.type, id: reportId, result: answer });
    });
    return router;
  };
}
