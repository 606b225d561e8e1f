import type { OpenBadgeSessionModuleTimes } from '@platform/contracts/open-badges/session';
import { applyModuleEvent, openBadgeSessionStatus } from '@platform/contracts/open-badges/session-state';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

interface ModuleEventData {
  sessionId: string;
  position: number;
  at: string;
}

/**
 * The training sessions' modules in the sessions' projection (the resource `open-badge-training-sessions`, whose
 * request, decisions, finish and award the layer reads as the record's creation and updates): each module's start
 * and finish times, the session's startedAt (the first module's start) and its status, folded by the same rules as
 * the decider's (contracts/src/open-badges/session-state.ts).
 */
export const openBadgeSessionModulesExtension: ResourceProjectionExtension = {
  eventTypes: ['OpenBadgeModuleStarted', 'OpenBadgeModuleFinished'],
  async apply(tx, event, table) {
    const data = event.data as ModuleEventData;
    const [row] = await tx<
      Array<{
        modules: OpenBadgeSessionModuleTimes[];
        accepted_at: Date | null;
        refused_at: Date | null;
        started_at: Date | null;
        finished_at: Date | null;
        assertion_id: string | null;
      }>
    >`select modules, accepted_at, refused_at, started_at, finished_at, assertion_id::text
        from ${tx(table)} where id = ${data.sessionId} for update`;
    if (!row)
      throw new Error(`${event.type} at ${event.globalPosition} on a training session never requested`);
    const type = event.type as 'OpenBadgeModuleStarted' | 'OpenBadgeModuleFinished';
    const modules = applyModuleEvent(row.modules, { type, data });
    const iso = (value: Date | null) => (value === null ? null : value.toISOString());
    const startedAt = iso(row.started_at) ?? (type === 'OpenBadgeModuleStarted' ? data.at : null);
    const status = openBadgeSessionStatus({
      acceptedAt: iso(row.accepted_at),
      refusedAt: iso(row.refused_at),
      startedAt,
      finishedAt: iso(row.finished_at),
      assertionId: row.assertion_id,
    });
    await tx`update ${tx(table)} set
        modules = ${tx.json(modules as unknown as Parameters<typeof tx.json>[0])},
        started_at = ${startedAt},
        status = ${status},
        updated_at = ${event.metadata.recordedAt},
        version = ${event.streamVersion.toString()}
      where id = ${data.sessionId}`;
  },
};
