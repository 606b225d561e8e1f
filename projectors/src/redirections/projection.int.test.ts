import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectionEvent } from '@platform/contracts/redirections/events';
import { createSql } from '@platform/infra/db/postgres';
import type { RecordedEvent } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { redirectionsProjection } from './projection.ts';

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
const recorded = (events: Array<RedirectionEvent & { streamVersion: bigint }>): RecordedEvent[] =>
  events.map((e, i) => ({
    ...e,
    eventId: randomUUID(),
    streamId: `redirection-${e.data.id}`,
    globalPosition: BigInt(i + 1),
    recordedAt: new Date(at),
    metadata: {
      eventId: randomUUID(),
      correlationId: 'c',
      causationId: 'c',
      actor: { userId: 'admin-1', actingAsOrganizationId: null, impersonatorId: null },
      recordedAt: at,
      schemaVersion: 1,
    },
  }));

async function project(events: Array<RedirectionEvent & { streamVersion: bigint }>) {
  const schema = `redir_test_${randomUUID().replaceAll('-', '')}`;
  return sql.begin(async (tx) => {
    await tx.unsafe(`create schema ${schema}; set local search_path to ${schema}, public`);
    await redirectionsProjection.setup(tx);
    for (const event of recorded(events)) await redirectionsProjection.apply(tx, event);
    return tx<Record<string, unknown>[]>`
      select id, name, display_name, from_path, to_path, created_by, created_at, version::int as version
        from app_redirections order by from_path`;
  });
}

describe('redirections projection', () => {
  const one = randomUUID();
  const two = randomUUID();

  it('stores redirections with a display name built from the target when unnamed, and removes deleted ones', async () => {
    const rows = await project([
      {
        type: 'AppRedirectionCreated',
        data: { id: one, name: null, fromPath: '/old', toPath: '/new?a=1' },
        streamVersion: 0n,
      },
      {
        type: 'AppRedirectionCreated',
        data: { id: two, name: 'Legacy blog', fromPath: '/blog-old', toPath: '/blog' },
        streamVersion: 0n,
      },
      { type: 'AppRedirectionDeleted', data: { id: two, fromPath: '/blog-old' }, streamVersion: 1n },
    ]);
    expect(rows).toEqual([
      {
        id: one,
        name: null,
        display_name: 'Redirection to /new?a=1',
        from_path: '/old',
        to_path: '/new?a=1',
        created_by: 'admin-1',
        created_at: new Date(at),
        version: 0,
      },
    ]);
  });
});
