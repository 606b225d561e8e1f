import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventContractRegistry } from '@platform/contracts/event-contracts';
import { createTestDatabase } from '@platform/tests/support/database';
import { event, eventStoreContract, metadata } from '@platform/tests/contract/event-store.contract';
import { createSql } from '../db/postgres.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

const widgetContracts = new EventContractRegistry([
  defineEvent('WidgetNamed', z.object({ name: z.string(), size: z.string() }), {
    version: 2,
    upcasters: { 1: (v) => ({ name: (v as { title: string }).title, size: 'unknown' }) },
  }),
]);

eventStoreContract('PostgresEventStore', async () => {
  const db = await createTestDatabase();
  const sql = createSql(db.url);
  return {
    store: new PostgresEventStore({ sql }),
    storeWithContracts: new PostgresEventStore({ sql, contracts: widgetContracts }),
    async appendLegacy(streamId, type, schemaVersion, data) {
      const m = metadata();
      const payload = [{ eventId: m.eventId, type, schemaVersion, data, metadata: m }];
      await sql`select * from es_append(${streamId}, -1, ${sql.json(payload as never)})`;
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
    const reader = createSql(db.url);
    try {
      const store = new PostgresEventStore({ sql });
      const appended = await store.appendToStream(
        `ahead-${randomUUID()}`,
        Array.from({ length: 10 }, () => event()),
      );
      const reading = new PostgresEventStore({ sql: reader }).subscribeToAll({ batchSize: 2 });
      const subscription = reading[Symbol.asyncIterator]();
      // the log is visible once every older transaction of the cluster has ended
      let first = await subscription.next();
      while (!first.done && first.value.events.length === 0) first = await subscription.next();
      expect(first.value?.events).toHaveLength(2);
      expect(appended.position).toBeGreaterThan(0n);
      // the process loses its connections while the consumer is busy with the batch: the read-ahead fails now
      await reader.end({ timeout: 0 });
      await new Promise((r) => setTimeout(r, 50));
      // ...and the failure reaches the consumer on its next turn (vitest fails the run on an unhandled rejection)
      await expect(subscription.next()).rejects.toThrow();
    } finally {
      await reader.end({ timeout: 0 }).catch(() => undefined);
      await sql.end();
      await db.drop();
    }
  });
});
