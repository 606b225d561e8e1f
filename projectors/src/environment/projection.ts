import type { TransactionSql } from 'postgres';
import type { EnvironmentEvent } from '@platform/contracts/environment/events';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `app_environment`: the single 'main' row. `revision` counts every event of `environment-main` (settings changes
 * and "environment updated" signals), so the web compares one number to know whether to offer a refresh;
 * `settings_version` is what If-Match on the settings compares with.
 */
export const environmentProjection: Projection = {
  name: 'environment',
  version: 1,
  eventTypes: ['AppEnvironmentSettingsChanged', 'AppEnvironmentUpdated'],
  tables: ['app_environment'],
  async setup(tx) {
    await tx.unsafe(`
      create table app_environment (
        id text primary key,
        settings jsonb not null default '{}',
        initialized boolean not null default false,
        revision bigint not null,
        settings_version bigint null,
        last_reason jsonb null,
        updated_by text null,
        updated_at timestamptz not null
      );
    `);
  },
  async apply(tx, recorded) {
    await applyEnvironmentEvent(tx, recorded as RecordedEvent & EnvironmentEvent);
  },
};

async function applyEnvironmentEvent(
  tx: TransactionSql,
  event: RecordedEvent & EnvironmentEvent,
): Promise<void> {
  const revision = (event.streamVersion + 1n).toString();
  const by = event.metadata.actor.userId;
  const at = event.metadata.recordedAt;
  await tx`
    insert into app_environment (id, revision, updated_by, updated_at) values ('main', ${revision}, ${by}, ${at})
    on conflict (id) do update set revision = excluded.revision, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at`;
  switch (event.type) {
    case 'AppEnvironmentSettingsChanged':
      await tx`
        update app_environment
           set settings = settings || ${tx.json(event.data.changes as never)}, initialized = true,
               settings_version = ${event.streamVersion.toString()}
         where id = 'main'`;
      return;
    case 'AppEnvironmentUpdated':
      await tx`update app_environment set last_reason = ${tx.json(event.data.reason)} where id = 'main'`;
      return;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
