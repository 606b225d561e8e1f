import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { environmentEventContracts } from '@platform/contracts/environment/events';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { specMetadata } from '@platform/tests/support/decider-spec';
import { recordEnvironmentUpdated } from './record.ts';

let db: TestDatabase;
let sql: Sql;
let eventStore: PostgresEventStore;
const contracts = new EventContractRegistry(environmentEventContracts);
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, { max: 2 });
  eventStore = new PostgresEventStore({ sql, contracts });
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

describe('recordEnvironmentUpdated', () => {
  it('appends one signal per causing command, and none again when the command is retried', async () => {
    const deps = { eventStore, contracts };
    const reason = { resourceType: 'app-menu-items', resourceId: 'item-1', action: 'saved' } as const;
    const first = await recordEnvironmentUpdated(deps, {
      metadata: specMetadata(),
      reason,
      causeEventIds: ['e1'],
    });
    const retried = await recordEnvironmentUpdated(deps, {
      metadata: specMetadata(),
      reason,
      causeEventIds: ['e1'],
    });
    const other = await recordEnvironmentUpdated(deps, {
      metadata: specMetadata(),
      reason,
      causeEventIds: ['e2'],
    });
    expect(retried.position).toBe(first.position);
    expect(other.position).toBeGreaterThan(first.position);
    const stored = await eventStore.readStream('environment-main');
    expect(stored.map((e) => [e.type, e.data, e.metadata.actor.userId])).toEqual([
      ['AppEnvironmentUpdated', { reason }, specMetadata().actor.userId],
      ['AppEnvironmentUpdated', { reason }, specMetadata().actor.userId],
    ]);
  });

  it('refuses a reason outside the contract', async () => {
    await expect(
      recordEnvironmentUpdated(
        { eventStore, contracts },
        { metadata: specMetadata(), reason: { resourceType: '', resourceId: 'x', action: 'saved' } },
      ),
    ).rejects.toThrow();
  });
});
