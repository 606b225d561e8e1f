import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { event } from '@platform/tests/contract/event-store.contract';
import { createSql } from '../db/postgres.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import { WrongExpectedVersionError } from './port.ts';

describe('single appends grouped into shared statements', () => {
  let db: TestDatabase;
  let sql: Sql;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url, { max: 16 });
    store = new PostgresEventStore({ sql });
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('stores a burst of appends, several of them in one transaction', async () => {
    const streams = Array.from({ length: 48 }, () => `group-${randomUUID()}`);
    const results = await Promise.all(
      streams.map((s) => store.appendToStream(s, [event()], { expectedVersion: 'no_stream' })),
    );
    expect(results.every((r) => r.nextExpectedVersion === 0n)).toBe(true);
    expect(new Set(results.map((r) => r.position)).size).toBe(48);
    const [row] = await sql<{ events: number; transactions: number }[]>`
      select count(*)::int as events, count(distinct transaction_id)::int as transactions
        from es_events where stream_id = any(${streams})`;
    expect(row?.events).toBe(48);
    // more than one append per statement: fewer transactions than events
    expect(row?.transactions).toBeLessThan(48);
    // the next appends follow the stored revisions
    const next = await Promise.all(
      streams.map((s) => store.appendToStream(s, [event()], { expectedVersion: 0n })),
    );
    expect(next.every((r) => r.nextExpectedVersion === 1n)).toBe(true);
  });

  it("keeps each append's own answer when one of a burst is refused and another is a retry", async () => {
    const streams = Array.from({ length: 20 }, () => `group-${randomUUID()}`);
    const stored = event();
    const retriedStream = `group-${randomUUID()}`;
    const first = await store.appendToStream(retriedStream, [stored], { expectedVersion: 'no_stream' });
    const wrongStream = `group-${randomUUID()}`;
    await store.appendToStream(wrongStream, [event()], { expectedVersion: 'no_stream' });

    const outcomes = await Promise.allSettled([
      ...streams.map((s) => store.appendToStream(s, [event()], { expectedVersion: 'no_stream' })),
      store.appendToStream(wrongStream, [event()], { expectedVersion: 5n }),
      store.appendToStream(retriedStream, [stored], { expectedVersion: 'no_stream' }),
    ]);
    const good = outcomes.slice(0, 20);
    expect(good.every((o) => o.status === 'fulfilled')).toBe(true);
    const wrong = outcomes[20]!;
    expect(wrong.status).toBe('rejected');
    expect((wrong as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(((wrong as PromiseRejectedResult).reason as WrongExpectedVersionError).actualVersion).toBe(0n);
    expect(outcomes[21]).toEqual({ status: 'fulfilled', value: first });
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from es_events where stream_id = any(${[...streams, wrongStream, retriedStream]})`;
    expect(row?.n).toBe(22);
  });
});
