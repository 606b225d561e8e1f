import type { TransactionSql } from 'postgres';
import { appEnvironmentResource } from '@platform/contracts/environment/app-environment';
import {
  AppEnvironmentUpdated,
  ENVIRONMENT_STREAM_ID,
  type AppEnvironmentUpdatedData,
} from '@platform/contracts/environment/events';
import { resourceEventTypes } from '@platform/contracts/resources/definition';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `app_environment`: the single 'main' row of the environment's revision. `revision` counts every event of
 * `environment-main` (settings changes, stored before and since they became the app-environments resource, and
 * the "environment updated" signals), so the web compares one number to know whether to offer a refresh. The
 * settings themselves are the resource's table (`app_environments`).
 */
export const environmentProjection: Projection = {
  name: 'environment',
  version: 2,
  eventTypes: [AppEnvironmentUpdated.type, ...resourceEventTypes(appEnvironmentResource)],
  tables: ['app_environment'],
  async setup(tx) {
    await tx.unsafe(`
      create table app_environment (
        id text primary key,
        revision bigint not null,
        last_reason jsonb null,
        updated_by text null,
        updated_at timestamptz not null
      );
    `);
  },
  async apply(tx, recorded) {
    if (recorded.streamId !== ENVIRONMENT_STREAM_ID) return;
    await applyEnvironmentEvent(tx, recorded);
  },
};

async function applyEnvironmentEvent(tx: TransactionSql, event: RecordedEvent): Promise<void> {
  const revision = (event.streamVersion + 1n).toString();
  const by = event.metadata.actor.userId;
  const at = event.metadata.recordedAt;
  const reason =
    event.type === AppEnvironmentUpdated.type ? (event.data as AppEnvironmentUpdatedData).reason : null;
  await tx`
    insert into app_environment (id, revision, last_reason, updated_by, updated_at)
    values ('main', ${revision}, ${reason === null ? null : tx.json(reason)}, ${by}, ${at})
    on conflict (id) do update set revision = excluded.revision, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at, last_reason = coalesce(excluded.last_reason, app_environment.last_reason)`;
}
