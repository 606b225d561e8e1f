import { z } from 'zod';
import { defineEvent, EventContractRegistry } from '@platform/contracts/event-contracts';
import { createTestDatabase } from '@platform/tests/support/database';
import { eventStoreContract, metadata } from '@platform/tests/contract/event-store.contract';
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
