import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { eqlaatProjectResource } from '@platform/contracts/eqlaat/records';
import { organizationStreamId } from '@platform/contracts/organizations/events';
import { repositoryItemResource } from '@platform/contracts/repository/records';
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
let store: PostgresEventStore;
let runner: ProjectionRunner;

beforeEach(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 4 });
  // the platform's contracts validate every payload: only events the organizations module really appends
  store = new PostgresEventStore({ sql, contracts: createEventContractRegistry() });
  runner = createProjectionRunner({ sql, eventStore: store, projections: [homeStatsProjection] });
});

afterEach(async () => {
  await runner.stop();
  await sql.end({ timeout: 5 });
  await db.drop();
});

const fields = {
  unitName: null,
  shortDescription: null,
  description: null,
  contactEmail: null,
  contactPhone: null,
  contactAddress: null,
  externalUrl: null,
  country: null,
  longitude: null,
  latitude: null,
  adminOnlyNote: null,
};

type Appended = { type: string; data: Record<string, unknown> };
const created = (id: string, slug: string): Appended => ({
  type: 'OrganizationCreated',
  data: { id, slug, name: slug, accessLevel: null, ...fields },
});

async function append(id: string, ...events: Appended[]): Promise<GlobalPosition> {
  return appendTo(organizationStreamId(id), events);
}

async function appendTo(streamId: string, events: Appended[]): Promise<GlobalPosition> {
  const { position } = await store.appendToStream(
    streamId,
    events.map((e) => {
      const meta = metadata();
      return { eventId: meta.eventId, type: e.type, data: e.data, metadata: meta };
    }),
  );
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

  it('counts each organization created once, and nothing for its later changes', async () => {
    await runner.start();
    const [a, b] = [randomUUID(), randomUUID()];
    await append(a, created(a, 'lab-a'));
    const last = await append(
      b,
      created(b, 'lab-b'),
      { type: 'OrganizationUpdated', data: { id: b, name: 'Lab B', ...fields } },
      { type: 'OrganizationSlugChanged', data: { id: b, slug: 'lab-bee', previousSlug: 'lab-b' } },
      { type: 'OrganizationAccessLevelSet', data: { id: b, accessLevel: 'contact' } },
    );

    expect(await countsAt(last)).toEqual([
      { id: 'main', organizations_count: 2, repository_items_count: 0, accompanied_patients_count: 0 },
    ]);
    const [row] = await sql`select updated_at from read.home_stats`;
    expect(row?.updated_at).toBeInstanceOf(Date);

    const c = randomUUID();
    const third = await append(c, created(c, 'lab-c'));
    expect((await countsAt(third))[0]).toMatchObject({ organizations_count: 3 });
  });

  it("counts the repository's published items: publishing, unpublishing, soft deletion, restoration and deletion move the number once", async () => {
    await runner.start();
    const { events } = repositoryItemResource;
    const item = (id: string, ...changes: Array<[string, Record<string, unknown>]>) =>
      appendTo(
        repositoryItemResource.streamId(id),
        changes.map(([type, data]) => ({ type, data: { id, ...data } })),
      );
    const published = '2026-01-01T00:00:00.000Z';
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    // a published, b a draft, c published then unpublished
    await item(a, [
      events.created,
      { attributes: { title: 'A', publishedAt: published }, relationships: {} },
    ]);
    await item(b, [events.created, { attributes: { title: 'B' }, relationships: {} }]);
    let last = await item(
      c,
      [events.created, { attributes: { title: 'C', publishedAt: published }, relationships: {} }],
      [events.updated, { attributes: { publishedAt: null }, relationships: {} }],
    );
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 1, organizations_count: 0 });

    // b published; an update that leaves publishedAt as it is changes nothing
    last = await item(
      b,
      [events.updated, { attributes: { publishedAt: published }, relationships: {} }],
      [events.updated, { attributes: { title: 'B, again' }, relationships: {} }],
    );
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 2 });

    // a soft-deleted: out; unpublished while in the bin, then restored: still out; published again: in
    last = await item(a, [events.softDeleted, {}]);
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 1 });
    last = await item(
      a,
      [events.updated, { attributes: { publishedAt: null }, relationships: {} }],
      [events.restored, {}],
    );
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 1 });
    last = await item(a, [events.updated, { attributes: { publishedAt: published }, relationships: {} }]);
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 2 });

    // deleted for good: out, and c (a draft) deleted moves nothing
    await item(b, [events.deleted, {}]);
    last = await item(c, [events.deleted, {}]);
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 1 });

    // the same number rebuilt from the log
    await runner.stop();
    await sql`update read.home_stats set repository_items_count = 99`;
    await replayProjection({ sql, eventStore: store, projection: homeStatsProjection });
    expect((await countsAt(last))[0]).toMatchObject({ repository_items_count: 1 });
  });

  it('counts the live eqlaat projects as accompanied patients: soft deletion, restoration and deletion move the number once', async () => {
    await runner.start();
    const { events } = eqlaatProjectResource;
    const project = (id: string, ...changes: Array<[string, Record<string, unknown>]>) =>
      appendTo(
        eqlaatProjectResource.streamId(id),
        changes.map(([type, data]) => ({ type, data: { id, ...data } })),
      );
    const created = (title: string): [string, Record<string, unknown>] => [
      events.created,
      { attributes: { title, patientRecord: `EQ-${title}` }, relationships: {} },
    ];
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await project(a, created('A'));
    await project(b, created('B'));
    // a project counts from its creation (nothing to publish), once whatever its updates
    let last = await project(c, created('C'), [
      events.updated,
      { attributes: { priority: 'urgent' }, relationships: {} },
    ]);
    expect((await countsAt(last))[0]).toMatchObject({
      accompanied_patients_count: 3,
      repository_items_count: 0,
      organizations_count: 0,
    });

    // a soft-deleted: out; restored: in again
    last = await project(a, [events.softDeleted, {}]);
    expect((await countsAt(last))[0]).toMatchObject({ accompanied_patients_count: 2 });
    last = await project(a, [events.restored, {}]);
    expect((await countsAt(last))[0]).toMatchObject({ accompanied_patients_count: 3 });

    // b deleted for good: out; c soft-deleted then deleted leaves the number once
    last = await project(b, [events.deleted, {}]);
    expect((await countsAt(last))[0]).toMatchObject({ accompanied_patients_count: 2 });
    await project(c, [events.softDeleted, {}]);
    last = await project(c, [events.deleted, {}]);
    expect((await countsAt(last))[0]).toMatchObject({ accompanied_patients_count: 1 });

    // the same number rebuilt from the log
    await runner.stop();
    await sql`update read.home_stats set accompanied_patients_count = 99`;
    await replayProjection({ sql, eventStore: store, projection: homeStatsProjection });
    expect((await countsAt(last))[0]).toMatchObject({ accompanied_patients_count: 1 });
  });

  it('rebuilds the same numbers from the log', async () => {
    await runner.start();
    const [a, b] = [randomUUID(), randomUUID()];
    await append(a, created(a, 'lab-a'));
    const last = await append(b, created(b, 'lab-b'));
    const before = await countsAt(last);
    await runner.stop();
    // damage the live table: only a real rebuild from the events brings the numbers back
    await sql`update read.home_stats set organizations_count = 99`;

    await replayProjection({ sql, eventStore: store, projection: homeStatsProjection });
    expect(await countsAt(last)).toEqual(before);
    expect(before[0]).toMatchObject({ organizations_count: 2 });
  });
});
