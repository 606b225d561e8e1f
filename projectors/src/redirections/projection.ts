import type { TransactionSql } from 'postgres';
import { redirectionDisplayName, type RedirectionEvent } from '@platform/contracts/redirections/events';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/**
 * `app_redirections`: live redirections. from_path is unique on the command side (path claims); it is only
 * indexed here, so a read model never refuses an event the log holds.
 */
export const redirectionsProjection: Projection = {
  name: 'redirections',
  version: 1,
  eventTypes: ['AppRedirectionCreated', 'AppRedirectionDeleted'],
  tables: ['app_redirections'],
  async setup(tx) {
    await tx.unsafe(`
      create table app_redirections (
        id uuid primary key,
        name text null,
        display_name text not null,
        from_path text not null,
        to_path text not null,
        created_by text null,
        updated_by text null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version bigint not null
      );
      create index app_redirections_from_path on app_redirections (from_path);
    `);
  },
  async apply(tx, recorded) {
    await applyRedirectionEvent(tx, recorded as RecordedEvent & RedirectionEvent);
  },
};

async function applyRedirectionEvent(
  tx: TransactionSql,
  event: RecordedEvent & RedirectionEvent,
): Promise<void> {
  switch (event.type) {
    case 'AppRedirectionCreated': {
      const { id, name, fromPath, toPath } = event.data;
      const by = event.metadata.actor.userId;
      const at = event.metadata.recordedAt;
      const row = {
        id,
        name,
        display_name: redirectionDisplayName(name, toPath),
        from_path: fromPath,
        to_path: toPath,
        created_by: by,
        updated_by: by,
        created_at: at,
        updated_at: at,
        version: event.streamVersion.toString(),
      };
      await tx`insert into app_redirections ${tx(row)}`;
      return;
    }
    case 'AppRedirectionDeleted':
      await tx`delete from app_redirections where id = ${event.data.id}`;
      return;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
