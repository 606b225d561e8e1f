import type { TransactionSql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store/postgres-event-store';
import type { RecordedEvent } from '@platform/infra/event-store/port';
import { categoryOf } from '@platform/infra/event-store/port';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import type { Projection } from '@platform/projectors/projection';
import { createProjectionRunner } from '@platform/projectors/runner';
import { EVENT_TYPES } from '../workload.ts';

/** A simple real projection: events per stream category, one upsert per batch (applyBatch). */
export function categoryCountsProjection(name: string): Projection {
  const upsert = async (tx: TransactionSql, events: RecordedEvent[]) => {
    const counts = new Map<string, number>();
    for (const e of events) counts.set(categoryOf(e.streamId), (counts.get(categoryOf(e.streamId)) ?? 0) + 1);
    const rows = [...counts].map(([category, n]) => ({ category, events: n }));
    await tx`insert into category_counts ${tx(rows)}
             on conflict (category) do update set events = category_counts.events + excluded.events`;
  };
  return {
    name,
    version: 1,
    eventTypes: EVENT_TYPES,
    // it counts streams per category, as usage statistics do: no payload needed
    readsPayload: false,
    tables: ['category_counts'],
    async setup(tx) {
      await tx`create table category_counts (category text primary key, events bigint not null)`;
    },
    apply: (tx, event) => upsert(tx, [event]),
    applyBatch: upsert,
  };
}

/**
 * Replays the projection from position 0 with the platform's projection runner, timed from the runner's start
 * until its checkpoint has reached the head of `$all` (waitForProjections, as a reader would wait).
 */
export async function replayWithRunner(url: string, batchSize: number): Promise<number> {
  const sql = createSql(url, { max: 4 });
  const eventStore = new PostgresEventStore({ sql });
  try {
    const head = await eventStore.lastCommittedPosition();
    const name = `bench_counts_${Date.now().toString(36)}`;
    const runner = createProjectionRunner({
      sql,
      eventStore,
      projections: [categoryCountsProjection(name)],
      batchSize,
    });
    await runner.start();
    const { reached } = await waitForProjections({ sql, eventStore }, [name], head, 120_000);
    await runner.stop();
    if (!reached) throw new Error('the projection did not reach the head within 120 s');
    const [row] = await sql<{ n: string }[]>`
      select coalesce(sum(events), 0)::text as n from ${sql(`proj_${name}_v1`)}.category_counts`;
    return Number(row?.n ?? 0);
  } finally {
    await sql.end();
  }
}
