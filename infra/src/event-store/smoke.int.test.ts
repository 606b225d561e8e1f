import { describe, it, expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@platform/tests/support/database';
import { createSql } from '../db/postgres.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

describe('smoke', () => {
  it('appends and reads', async () => {
    const db = await createTestDatabase();
    const sql = createSql(db.url);
    const store = new PostgresEventStore({ sql });
    const meta = () => ({ eventId: randomUUID(), correlationId: 'c', causationId: 'c', actor: { userId: null, actingAsOrganizationId: null, impersonatorId: null }, recordedAt: new Date().toISOString(), schemaVersion: 1 });
    const e1 = { eventId: randomUUID(), type: 'A', data: { n: 1 }, metadata: meta() };
    const r = await store.appendToStream('page-1', [e1], { expectedVersion: 'no_stream' });
    expect(r.nextExpectedVersion).toBe(0n);
    const again = await store.appendToStream('page-1', [e1], { expectedVersion: 'no_stream' });
    expect(again).toEqual(r);
    await expect(store.appendToStream('page-1', [{ ...e1, eventId: randomUUID() }], { expectedVersion: 'no_stream' })).rejects.toThrow(/Wrong expected/);
    const all = await store.readAll();
    expect(all.length).toBe(1);
    console.log(all[0]);
    await sql.end();
    await db.drop();
  });
});
