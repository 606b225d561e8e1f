import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { allEventContracts } from '@platform/contracts/registry';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';

/**
 * Waits until every live projection of the platform's database has applied the last committed event (after a
 * bulk seeding beside the read model), then analyzes, so that what is timed next reads settled tables with fresh
 * statistics. Throws when `timeoutMs` passes first.
 */
export async function settle(databaseUrl: string, timeoutMs = 1_800_000): Promise<void> {
  const sql = createSql(databaseUrl, { max: 2 });
  const store = new PostgresEventStore({ sql, contracts: new EventContractRegistry([...allEventContracts]) });
  try {
    const head = await store.lastCommittedPosition();
    const live = await sql<{ name: string }[]>`
      select distinct name from projection_checkpoints where status = 'live'`;
    const { reached } = await waitForProjections(
      { sql, eventStore: store },
      live.map((r) => r.name),
      head,
      timeoutMs,
    );
    if (!reached) throw new Error('the projections did not reach the head in time');
    await sql`analyze`;
  } finally {
    await sql.end();
  }
}
