import type { Sql } from 'postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type GlobalPosition } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { replayProjection } from '../replay.ts';
import { createProjectionRunner, type ProjectionRunner } from '../runner.ts';
import { metadata, tableRows } from '@platform/tests/support/projectors';
import { homeStatsProjection } from './home-stats-projection.ts';

let db: TestDatabase;
let sql: Sql;
// no contract registry: the organizations, repository and eqlaat modules that will own these events do not exist
let store: PostgresEventStore;
let runner: ProjectionRunner;

beforeEach(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 4 });
  store = new PostgresEventStore({ sql });
  runner = createProjectionRunner({ sql, eventStore: store, projections: [homeStatsProjection] });
});

afterEach(async () => {
  await runner.stop();
  await sql.end({ timeout: 5 });
  await db.drop();
});

async function append(streamId: string, ...types: string[]): Promise<GlobalPosition> {
  let position: GlobalPosition = 0n;
  for (const type of types) {
    const meta = metadata();
    ({ position } = await store.appendToStream(streamId, [
      { eventId: meta.eventId, type, data: {}, metadata: meta },
    ]));
  }
  return position;
}

async function countsAt(position: GlobalPosition) {
  const { reached } = await waitForProjections({ sql, eventStore: store }, ['home_stats'], position, 15_000);
  expect(reached).toBe(true);
  const rows = await sql`
    select id, organizations_count::int, repository_items_count::int, accompanied_patients_count::int
      from read.home_stats`;
  return [...rows];
}

describe('home_stats projection', () => {
  it('starts with one row of zeros before any event', async () => {
    await runner.start();
    expect(await tableRows(sql, 'read.home_stats', 'id')).toEqual([
      {
        id: 'main',
        organizations_count: '0',
        repository_items_count: '0',
        accompanied_patients_count: '0',
        updated_at: null,
      },
    ]);
  });

  it('counts each entity once while it is in, from the events appended to the store', async () => {
    await runner.start();
    await append('organization-a', 'OrganizationCreated', 'OrganizationValidated', 'OrganizationValidated');
    await append('organization-b', 'OrganizationValidated');
    await append('organization-c', 'OrganizationValidated', 'OrganizationValidationRevoked');
    // leaving a counter it never entered changes nothing (no negative numbers)
    await append('organization-d', 'OrganizationDeleted');
    await append('repositoryitem-1', 'RepositoryItemPublished');
    await append('repositoryitem-2', 'RepositoryItemPublished', 'RepositoryItemUnpublished');
    await append('repositoryitem-3', 'RepositoryItemPublished', 'RepositoryItemDeleted');
    await append('eqlaatproject-1', 'EqlaatProjectOpened', 'EqlaatProjectClosed');
    await append('eqlaatproject-2', 'EqlaatProjectOpened');
    const last = await append('eqlaatproject-3', 'EqlaatProjectOpened', 'EqlaatProjectDeleted');

    expect(await countsAt(last)).toEqual([
      {
        id: 'main',
        organizations_count: 2,
        repository_items_count: 1,
        accompanied_patients_count: 2,
      },
    ]);
    const [row] = await sql`select updated_at from read.home_stats`;
    expect(row?.updated_at).toBeInstanceOf(Date);

    // an organization whose validation was revoked comes back when validated again
    const again = await append('organization-c', 'OrganizationValidated');
    expect((await countsAt(again))[0]).toMatchObject({ organizations_count: 3 });
  });

  it('rebuilds the same numbers from the log', async () => {
    await runner.start();
    await append('organization-a', 'OrganizationValidated');
    await append('organization-b', 'OrganizationValidated', 'OrganizationDeleted');
    const last = await append('repositoryitem-1', 'RepositoryItemPublished');
    const before = await countsAt(last);
    await runner.stop();
    // damage the live table: only a real rebuild from the events brings the numbers back
    await sql`update read.home_stats set organizations_count = 99`;

    await replayProjection({ sql, eventStore: store, projection: homeStatsProjection });
    expect(await countsAt(last)).toEqual(before);
    expect(before[0]).toMatchObject({ organizations_count: 1, repository_items_count: 1 });
  });
});
