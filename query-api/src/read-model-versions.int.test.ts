import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import { CHECKPOINT_CHANNEL } from '@platform/infra/projections/checkpoints';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { eventually } from '@platform/tests/support/projectors';
import { readModelVersions, type ReadModelVersions } from './read-model-versions.ts';

/**
 * The read cache's counters (read-model-versions.ts) against real PostgreSQL: the checkpoint rows and the
 * notifications are written here as the projectors write them (apply-batch.ts), so each rule is tried alone.
 */
let db: TestDatabase;
let sql: Sql;
let versions: ReadModelVersions | undefined;
let polls = 0;

beforeEach(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  polls = 0;
  await sql`
    insert into projection_checkpoints (name, version, position, status, events_applied, updated_at)
    values ('pages', 1, 10, 'live', 4, now()), ('menu', 1, 10, 'live', 2, now())`;
});

afterEach(async () => {
  await versions?.stop();
  versions = undefined;
  await sql.end({ timeout: 5 });
  await db.drop();
});

async function started() {
  versions = readModelVersions(sql, { pollMs: 10, onPoll: () => (polls += 1) });
  await versions.start();
  return versions;
}

/** waits for the condition itself (tests/support/projectors.ts's eventually, which fails when it never holds) */
const until = (done: () => boolean) => eventually(async () => done());

/** two more polls of the checkpoints than now: one at least began after what the test wrote before */
const twoPollsFromNow = () => {
  const from = polls;
  return () => polls >= from + 2;
};

const notify = (payload: string) => sql`select pg_notify(${CHECKPOINT_CHANNEL}, ${payload})`;

describe('read model versions', () => {
  it('keeps the counter of a projection whose checkpoint only moved past events it does not read', async () => {
    const v = await started();
    const pages = v.generation(['pages']);
    const menu = v.generation(['menu']);
    expect(pages).toBeDefined();
    // what an append of a menu event does: the menu applies it, the pages' checkpoint moves idle beside it
    await sql.begin(async (tx) => {
      await tx`update projection_checkpoints set position = 11 where name = 'pages'`;
      await tx`select pg_notify(${CHECKPOINT_CHANNEL}, 'idle:pages')`;
    });
    await sql.begin(async (tx) => {
      await tx`update projection_checkpoints set position = 11, events_applied = 3 where name = 'menu'`;
      await tx`select pg_notify(${CHECKPOINT_CHANNEL}, 'menu')`;
    });
    // the menu's notice came after the pages' one on the same connection: both have been heard
    await until(() => v.generation(['menu']) !== menu);
    // and the poll, which saw both positions move, bumps only what applied events
    await until(twoPollsFromNow());
    expect(v.generation(['pages'])).toBe(pages);
    expect(v.generation(['menu'])).toBeGreaterThan(menu!);
  });

  it('reads several names from one notification of idle moves, and bumps none of them', async () => {
    const v = await started();
    const before = v.generation(['pages', 'menu']);
    await notify('idle:pages,menu');
    await notify('sentinel');
    await until(() => v.generation(['sentinel']) !== v.generation([]));
    expect(v.generation(['pages', 'menu'])).toBe(before);
  });

  it('bumps a projection whose events were applied even when its notification was lost (the poll)', async () => {
    const v = await started();
    const pages = v.generation(['pages']);
    const menu = v.generation(['menu']);
    await sql`update projection_checkpoints set position = 12, events_applied = 5 where name = 'pages'`;
    await until(() => v.generation(['pages']) !== pages);
    expect(v.generation(['menu'])).toBe(menu);
  });
});
