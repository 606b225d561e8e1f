import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '../db/postgres.ts';
import { coalescedWake } from './wake.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error('never happened');
    await sleep(10);
  }
}

describe('coalescedWake', () => {
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

  async function listenTo(channel: string) {
    const received: number[] = [];
    const listener = await sql.listen(channel, () => received.push(performance.now()));
    return { received, stop: () => listener.unlisten() };
  }

  it('folds a burst of appends into one notification more', async () => {
    const channel = 'wake_test_burst';
    const { received, stop } = await listenTo(channel);
    const wake = coalescedWake(sql, { channel, spacingMs: 20 });
    // the first sends at once; the 199 others arrive while it is in flight and share the next one
    for (let i = 0; i < 200; i++) wake();
    await until(() => received.length >= 2);
    await sleep(200);
    await stop();
    expect(received).toHaveLength(2);
  });

  it('wakes at once after a quiet moment', async () => {
    const channel = 'wake_test_quiet';
    const { received, stop } = await listenTo(channel);
    const wake = coalescedWake(sql, { channel, spacingMs: 3000 });
    wake();
    await until(() => received.length === 1);
    // within the spacing: held back, then sent once for both
    wake();
    wake();
    await sleep(300);
    expect(received).toHaveLength(1);
    await until(() => received.length === 2);
    await sleep(100);
    expect(received).toHaveLength(2);
    await stop();
  });
});
