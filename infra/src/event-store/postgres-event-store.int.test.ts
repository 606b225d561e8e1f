import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@platform/tests/support/database';
import {
  event,
  eventStoreContract,
  metadata,
  widgetContracts,
} from '@platform/tests/contract/event-store.contract';
import { createSql } from '../db/postgres.ts';
import { insertEvents } from './postgres-append.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

eventStoreContract('PostgresEventStore', async () => {
  const db = await createTestDatabase();
  const sql = createSql(db.url);
  return {
    store: new PostgresEventStore({ sql }),
    storeWithContracts: new PostgresEventStore({ sql, contracts: widgetContracts }),
    async appendLegacy(streamId, type, schemaVersion, data) {
      const m = metadata();
      await insertEvents(sql, streamId, 'any', [
        { eventId: m.eventId, type, schemaVersion, data, metadata: m },
      ]);
    },
    async teardown() {
      await sql.end();
      await db.drop();
    },
  };
});

describe('PostgresEventStore read-ahead', () => {
  it('keeps a failed read-ahead for the next turn instead of leaking it while the consumer holds a batch', async () => {
    const db = await createTestDatabase();
    const sql = createSql(db.url);
    try {
      const store = new PostgresEventStore({ sql });
      const appended = await store.appendToStream(
        `ahead-${randomUUID()}`,
        Array.from({ length: 10 }, () => event()),
      );
      expect(appended.position).toBeGreaterThan(0n);
      // The read-ahead of the second page starts when the first is handed over; the process then loses its
      // connections. Whether the read-ahead's answer arrived first is a race, so the scenario runs until the
      // read-ahead has failed a few times (vitest fails the run on an unhandled rejection).
      let failedReadAheads = 0;
      for (let attempt = 0; attempt < 40 && failedReadAheads < 3; attempt++) {
        const reader = createSql(db.url);
        try {
          const batches = new PostgresEventStore({ sql: reader }).subscribeToAll({ batchSize: 2 });
          const subscription = batches[Symbol.asyncIterator]();
          // the log is visible once every older transaction of the cluster has ended
          let first = await subscription.next();
          while (!first.done && first.value.events.length === 0) first = await subscription.next();
          expect(first.value?.events).toHaveLength(2);
          await reader.end({ timeout: 0 });
          await new Promise((r) => setTimeout(r, 20));
          // ...and a failure reaches the consumer on its next turn, never in between
          const next = await subscription.next().then(
            () => 'read',
            () => 'failed',
          );
          if (next === 'failed') failedReadAheads++;
        } finally {
          await reader.end({ timeout: 0 }).catch(() => undefined);
        }
      }
      expect(failedReadAheads).toBeGreaterThan(0);
    } finally {
      await sql.end();
      await db.drop();
    }
  });
});

describe('PostgresEventStore positions while a transaction is open', () => {
  it('holds the visible head back but names the last committed append at once', async () => {
    const db = await createTestDatabase();
    const sql = createSql(db.url);
    const store = new PostgresEventStore({ sql });
    try {
      const before = await store.appendToStream(`note-${randomUUID()}`, [event()]);
      // a transaction with an id, left open: everything committed after it waits behind it in `$all`
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const open = sql.begin(async (tx) => {
        await tx`select pg_current_xact_id()`;
        holding();
        await released;
      });
      await held;
      const after = await store.appendToStream(`note-${randomUUID()}`, [event()]);
      expect(await store.comparePositions(await store.headPosition(), after.position)).toBeLessThan(0);
      expect(await store.lastCommittedPosition()).toBe(after.position);
      release();
      await open;
      await expect.poll(() => store.headPosition(), { timeout: 20_000 }).toBe(after.position);
      expect(await store.comparePositions(before.position, after.position)).toBeLessThan(0);
    } finally {
      await sql.end();
      await db.drop();
    }
  });
});
