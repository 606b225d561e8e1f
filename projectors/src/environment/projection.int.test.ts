import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentEvent } from '@platform/contracts/environment/events';
import { createSql } from '@platform/infra/db/postgres';
import type { RecordedEvent } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { environmentProjection } from './projection.ts';

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 2 });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

const recorded = (events: EnvironmentEvent[]): RecordedEvent[] =>
  events.map((e, i) => {
    const at = `2025-05-14T10:00:0${i}.000Z`;
    return {
      ...e,
      eventId: randomUUID(),
      streamId: 'environment-main',
      streamVersion: BigInt(i),
      globalPosition: BigInt(i + 1),
      recordedAt: new Date(at),
      metadata: {
        eventId: randomUUID(),
        correlationId: 'c',
        causationId: 'c',
        actor: { userId: `user-${i}`, actingAsOrganizationId: null, impersonatorId: null },
        recordedAt: at,
        schemaVersion: 1,
      },
    };
  });

async function project(events: EnvironmentEvent[]) {
  const schema = `env_test_${randomUUID().replaceAll('-', '')}`;
  return sql.begin(async (tx) => {
    await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
    await environmentProjection.setup(tx);
    for (const event of recorded(events)) await environmentProjection.apply(tx, event);
    return tx<Record<string, unknown>[]>`
      select id, settings, initialized, revision::int as revision, settings_version::int as settings_version,
             last_reason, updated_by, updated_at from app_environment`;
  });
}

const signal: EnvironmentEvent = {
  type: 'AppEnvironmentUpdated',
  data: { reason: { resourceType: 'app-menu-items', resourceId: 'm', action: 'deleted' } },
};

describe('environment projection', () => {
  it('merges settings changes and counts every event in the revision', async () => {
    const rows = await project([
      {
        type: 'AppEnvironmentSettingsChanged',
        data: { changes: { rentalMaxItems: 5, description: 'Hello' } },
      },
      signal,
      {
        type: 'AppEnvironmentSettingsChanged',
        data: { changes: { description: null, rentalMinDuration: 2 } },
      },
      signal,
    ]);
    expect(rows).toEqual([
      {
        id: 'main',
        settings: { rentalMaxItems: 5, description: null, rentalMinDuration: 2 },
        initialized: true,
        revision: 4,
        settings_version: 2,
        last_reason: signal.data.reason,
        updated_by: 'user-3',
        updated_at: new Date('2025-05-14T10:00:03.000Z'),
      },
    ]);
  });

  it('creates the row on a first update signal, not yet initialized', async () => {
    const rows = await project([signal]);
    expect(rows).toEqual([
      expect.objectContaining({ settings: {}, initialized: false, revision: 1, settings_version: null }),
    ]);
  });
});
