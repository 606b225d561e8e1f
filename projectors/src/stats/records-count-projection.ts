import { StatsRecorded } from '@platform/contracts/stats/records';
import { RECORDS_COUNT_PROJECTION, RECORDS_COUNT_TABLE } from '@platform/contracts/stats/records-count';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { TransactionSql } from 'postgres';
import type { Projection } from '../projection.ts';

type Recorded = (typeof StatsRecorded)['schema']['_output'];

/** The records of a batch of events summed per resource, then added in one statement. */
async function addRecords(tx: TransactionSql, events: readonly RecordedEvent[]): Promise<void> {
  const counts = new Map<string, { type: string; id: string; n: number }>();
  for (const event of events)
    for (const r of (event.data as Recorded).records) {
      const key = `${r.resourceType}\n${r.resourceId}`;
      const row = counts.get(key);
      if (row) row.n += 1;
      else counts.set(key, { type: r.resourceType, id: r.resourceId, n: 1 });
    }
  if (counts.size === 0) return;
  const rows = [...counts.values()];
  await tx`
    insert into stats_records_counts (resource_type, resource_id, records)
    select * from unnest(${rows.map((r) => r.type)}::text[], ${rows.map((r) => r.id)}::text[],
                         ${rows.map((r) => r.n)}::bigint[])
    on conflict (resource_type, resource_id) do update set
      records = stats_records_counts.records + excluded.records`;
}

/**
 * `stats_records_counts` (issue 22, seed 001 §3 recordsCount): how many view and download records each resource
 * received, every day and origin together, from the StatsRecorded batches alone. The resource layer reads it as
 * the `recordsCount` of the types that declare it (contracts/src/stats/records-count.ts): one row per resource, so
 * a record's count is one index lookup beside its row.
 */
export const recordsCountProjection: Projection = {
  name: RECORDS_COUNT_PROJECTION,
  version: 1,
  eventTypes: [StatsRecorded.type],
  tables: [RECORDS_COUNT_TABLE],
  async setup(tx) {
    await tx.unsafe(`
      create table stats_records_counts (
        resource_type text not null,
        resource_id text not null,
        records bigint not null,
        primary key (resource_type, resource_id)
      );
    `);
  },
  apply: (tx, event) => addRecords(tx, [event]),
  applyBatch: addRecords,
};
