import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@platform/contracts/metadata';
import { redirectionResource } from '@platform/contracts/redirections/redirection';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore, type RecordedEvent } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { resourceTable } from '@platform/infra/resources/table';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import type { Projection } from '../projection.ts';
import { resourceProjection } from '../resources/projection.ts';
import { createProjectionRunner } from '../runner.ts';

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

const at = '2025-05-14T10:00:00.000Z';
const later = '2025-05-15T10:00:00.000Z';
const metadata = (recordedAt: string, schemaVersion: number): EventMetadata => {
  const eventId = randomUUID();
  return {
    eventId,
    correlationId: 'c',
    causationId: 'c',
    actor: { userId: 'admin-1', actingAsOrganizationId: null, impersonatorId: null },
    recordedAt,
    schemaVersion,
  };
};

/**
 * Appends straight to the store. `legacy` events go through a store without contracts, as the redirections module
 * written before the resource layer stored them (version 1, flat payloads); the rest are the layer's own.
 */
async function append(
  store: PostgresEventStore,
  id: string,
  events: Array<{ type: string; data: unknown; recordedAt?: string; schemaVersion?: number }>,
): Promise<bigint> {
  let position = 0n;
  for (const e of events) {
    const meta = metadata(e.recordedAt ?? at, e.schemaVersion ?? 2);
    ({ position } = await store.appendToStream(`redirection-${id}`, [
      { eventId: meta.eventId, type: e.type, data: e.data, metadata: meta },
    ]));
  }
  return position;
}

/**
 * Reads the streams through the platform's contracts (upcast as the runner sees them) and applies their events
 * to a fresh table. Stream by stream: `$all` may hold back the newest events while other databases' transactions
 * are open on the same server, and the rows do not depend on the order across streams.
 */
async function project(store: PostgresEventStore, ids: string[]) {
  const projection = resourceProjection(redirectionResource);
  const events: RecordedEvent[] = [];
  for (const id of ids) events.push(...(await store.readStream(`redirection-${id}`)));
  const schema = `redir_test_${randomUUID().replaceAll('-', '')}`;
  return sql.begin(async (tx) => {
    await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
    await projection.setup(tx);
    for (const event of events) await projection.apply(tx, event);
    return tx<Record<string, unknown>[]>`
      select id, name, from_path, to_path, created_by, created_at, updated_at, version::int as version
        from app_redirections order by from_path`;
  });
}

describe('redirections projection (the resource layer)', () => {
  it('keeps the redirections stored before the layer beside the new ones, and removes the deleted ones', async () => {
    const legacyStore = new PostgresEventStore({ sql });
    const store = new PostgresEventStore({ sql, contracts: createEventContractRegistry() });
    const [kept, gone, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    await append(legacyStore, kept, [
      {
        type: 'AppRedirectionCreated',
        data: { id: kept, name: null, fromPath: '/old', toPath: '/new?a=1' },
        schemaVersion: 1,
      },
    ]);
    await append(legacyStore, gone, [
      {
        type: 'AppRedirectionCreated',
        data: { id: gone, name: 'Legacy blog', fromPath: '/blog-old', toPath: '/blog' },
        schemaVersion: 1,
      },
      { type: 'AppRedirectionDeleted', data: { id: gone, fromPath: '/blog-old' }, schemaVersion: 1 },
    ]);
    // a legacy redirection changed through the layer afterwards
    await append(store, kept, [
      {
        type: 'AppRedirectionUpdated',
        data: { id: kept, attributes: { name: 'Old page' }, relationships: {} },
        recordedAt: later,
      },
    ]);
    await append(store, fresh, [
      {
        type: 'AppRedirectionCreated',
        data: {
          id: fresh,
          attributes: { name: null, fromPath: '/team', toPath: '/about' },
          relationships: {},
        },
      },
    ]);

    expect(await project(store, [kept, gone, fresh])).toEqual([
      {
        id: kept,
        name: 'Old page',
        from_path: '/old',
        to_path: '/new?a=1',
        created_by: 'admin-1',
        created_at: new Date(at),
        updated_at: new Date(later),
        version: 1,
      },
      {
        id: fresh,
        name: null,
        from_path: '/team',
        to_path: '/about',
        created_by: 'admin-1',
        created_at: new Date(at),
        updated_at: new Date(at),
        version: 0,
      },
    ]);
  });
});

/** The projection the hand-written module ran (its table shape and handlers, as they were), to upgrade from. */
const handWrittenRedirections: Projection = {
  name: 'redirections',
  version: 1,
  eventTypes: ['AppRedirectionCreated', 'AppRedirectionDeleted'],
  tables: ['app_redirections'],
  async setup(tx) {
    await tx.unsafe(`
      create table app_redirections (
        id uuid primary key, name text null, display_name text not null, from_path text not null,
        to_path text not null, created_by text null, updated_by text null, created_at timestamptz not null,
        updated_at timestamptz not null, version bigint not null)`);
  },
  async apply(tx, event) {
    const data = event.data as { id: string; name: string | null; fromPath: string; toPath: string };
    if (event.type === 'AppRedirectionDeleted') {
      await tx`delete from app_redirections where id = ${data.id}`;
      return;
    }
    const at = event.metadata.recordedAt;
    await tx`insert into app_redirections ${tx({
      id: data.id,
      name: data.name,
      display_name: data.name ?? `Redirection to ${data.toPath}`,
      from_path: data.fromPath,
      to_path: data.toPath,
      created_by: null,
      updated_by: null,
      created_at: at,
      updated_at: at,
      version: event.streamVersion.toString(),
    })}`;
  },
};

describe('a database the hand-written redirections projection kept', () => {
  it('is taken over by the resource projection: it builds from the log and replaces the read view', async () => {
    const upgraded = await createTestDatabase();
    const upgradedSql = createSql(upgraded.url, { max: 4 });
    try {
      const legacyStore = new PostgresEventStore({ sql: upgradedSql });
      const store = new PostgresEventStore({ sql: upgradedSql, contracts: createEventContractRegistry() });
      const id = randomUUID();
      const position = await append(legacyStore, id, [
        {
          type: 'AppRedirectionCreated',
          data: { id, name: null, fromPath: '/who-we-are', toPath: '/about' },
          schemaVersion: 1,
        },
      ]);
      const run = async (projection: Projection, eventStore: PostgresEventStore) => {
        const runner = createProjectionRunner({ sql: upgradedSql, eventStore, projections: [projection] });
        await runner.start();
        // the appended event's own position: the head may lag behind it while other databases' transactions are open
        const deps = { sql: upgradedSql, eventStore };
        expect((await waitForProjections(deps, [projection.name], position, 20_000)).reached).toBe(true);
        await runner.stop();
      };
      await run(handWrittenRedirections, legacyStore);
      const before = await upgradedSql`select id, display_name from read.app_redirections`;
      expect(before).toEqual([{ id, display_name: 'Redirection to /about' }]);

      const projection = resourceProjection(redirectionResource);
      expect(resourceTable(redirectionResource).table).toBe('app_redirections');
      await run(projection, store);
      const after = await upgradedSql`
        select id, name, from_path, to_path, version::int as version from read.app_redirections`;
      expect(after).toEqual([{ id, name: null, from_path: '/who-we-are', to_path: '/about', version: 0 }]);
    } finally {
      await upgradedSql.end({ timeout: 5 });
      await upgraded.drop();
    }
  });
});
