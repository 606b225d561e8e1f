import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { event } from '@platform/tests/contract/event-store.contract';
import { createSql } from '../db/postgres.ts';
import { insertEvents } from './postgres-append.ts';
import { PostgresEventStore } from './postgres-event-store.ts';
import type { RecordedEvent } from './port.ts';

const WRITERS = 16;
const APPENDS_PER_WRITER = 60;
const STREAMS = 6;

/**
 * Writers commit out of position order on purpose: some append inside a transaction that sleeps before
 * committing, so a larger global position becomes visible before a smaller one; an unrelated transaction
 * also holds the snapshot xmin back now and then. The subscriber must still see every acknowledged event
 * exactly once, each stream in version order.
 */
describe('subscribeToAll under concurrent writers', () => {
  let db: TestDatabase;
  let sql: Sql;
  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url, { max: WRITERS + 4 });
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('delivers every acknowledged event exactly once, streams in order', async () => {
    const store = new PostgresEventStore({ sql });
    const run = randomUUID().slice(0, 8);
    const streams = Array.from({ length: STREAMS }, (_, i) => `stress${run}-${i}`);
    const acknowledged = new Set<string>();
    const received: RecordedEvent[] = [];
    const controller = new AbortController();

    const subscriber = (async () => {
      for await (const batch of store.subscribeToAll({
        filter: { categories: [`stress${run}`] },
        signal: controller.signal,
        batchSize: 37,
      })) {
        received.push(...batch.events);
      }
    })();

    const slowAppend = async (streamId: string, e: ReturnType<typeof event>) => {
      // another writer may take the revision first (a race of `any`, which aborts the transaction): try it again
      for (;;) {
        const stored = await sql
          .begin(async (tx) => {
            if (!(await insertEvents(tx, streamId, 'any', [{ ...e, schemaVersion: 1 }]))) return false;
            await tx`select pg_sleep(${Math.random() * 0.02})`;
            return true;
          })
          .catch((error: unknown) => {
            if ((error as { code?: string }).code === '23505') return false;
            throw error;
          });
        if (stored) break;
      }
      // as the adapter does once an append has committed
      await sql`select pg_notify('es_appended', '')`;
    };

    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const streamId = streams[(w + i) % STREAMS]!;
        const e = event('Stressed', { w, i });
        if ((w + i) % 5 === 0) await slowAppend(streamId, e);
        else await store.appendToStream(streamId, [e], { expectedVersion: 'any' });
        acknowledged.add(e.eventId);
      }
    });
    const xminHolder = (async () => {
      for (let i = 0; i < 10; i++) {
        await sql.begin(async (tx) => {
          await tx`select pg_current_xact_id()`;
          await tx`select pg_sleep(0.03)`;
        });
      }
    })();
    await Promise.all([...writers, xminHolder]);

    const deadline = Date.now() + 20_000;
    while (received.length < acknowledged.size && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // give a duplicate, if any, the chance to show up
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    await subscriber;

    expect(acknowledged.size).toBe(WRITERS * APPENDS_PER_WRITER);
    const ids = received.map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(acknowledged.size);
    for (const id of acknowledged) expect(ids).toContain(id);
    for (const streamId of streams) {
      const versions = received.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
      expect(versions).toEqual(versions.map((_, i) => BigInt(i)));
    }
  });
});
