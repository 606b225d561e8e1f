import { ForbiddenError, ConflictError, NotFoundError } from '@platform/contracts/errors';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import {
  REPORT_MODERATORS,
  ReportResolved,
  reportResource,
  type ReportResolution,
} from '@platform/contracts/content/report';
import { allows, type ViewerFacts } from '@platform/contracts/resources/access';
import {
  evolveResource,
  initialResourceState,
  type ResourceState,
} from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '../decider.ts';

export type ReportCommand = Command<
  'ResolveReport',
  { reportId: string; resolution: ReportResolution; note: string | null; viewer: ViewerFacts }
>;

/** Every event of a report's stream: the layer's own (created, deleted) and its resolution. */
export type ReportStreamEvent = DomainEvent<string, unknown>;

/** A report folded from its stream: the record by the layer's definition, the resolution by this workflow. */
export interface ReportState {
  record: ResourceState;
  resolution: ReportResolution | null;
}

/** The record a report names (its polymorphic `reportable`), as its stream holds it. */
export function reportedRecordOf(state: ReportState): { type: string; id: string } | null {
  if (state.record.status !== 'active' && state.record.status !== 'softDeleted') return null;
  const value = state.record.relationships.reportable as { type?: unknown; id?: unknown } | null | undefined;
  return typeof value?.type === 'string' && typeof value.id === 'string'
    ? { type: value.type, id: value.id }
    : null;
}

/**
 * The reports queue's workflow (issue 21, ADR 0037), decided on the report's own stream (`report-<id>`) with its
 * expected version: a moderator resolves an unresolved report once, dismissing it or removing what it reports.
 * Two moderators resolving at once get one success and one conflict. The removal itself (the reported record's
 * soft-deletion, on that record's stream) follows the resolution (report-routes.ts).
 */
export const reportDecider: Decider<ReportCommand, ReportStreamEvent, ReportState> = {
  initialState: () => ({ record: initialResourceState(), resolution: null }),
  evolve: (state, event) =>
    event.type === ReportResolved.type
      ? { ...state, resolution: (event.data as { resolution: ReportResolution }).resolution }
      : { ...state, record: evolveResource(reportResource, state.record, event) },
  decide: (command, state) => {
    const { reportId, resolution, note, viewer } = command.data;
    if (!allows(REPORT_MODERATORS, viewer)) throw new ForbiddenError('Only a moderator resolves a report');
    if (state.record.status !== 'active') throw new NotFoundError(`report ${reportId} not found`);
    if (state.resolution !== null)
      throw new ConflictError('conflict.report_resolved', 'The report is already resolved');
    return [
      {
        type: ReportResolved.type,
        data: {
          reportId,
          resolution,
          note,
          resolvedAt: command.metadata.now.toISOString(),
          by: command.metadata.actor.userId ?? SYSTEM_USER_ID,
        },
      },
    ];
  },
};
