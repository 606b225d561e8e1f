import { StatsRecorded } from '@platform/contracts/stats/records';
import type { Projection } from '../projection.ts';
import { applyDailyCountsBatch } from './daily-counts-batch.ts';

type Recorded = (typeof StatsRecorded)['schema']['_output'];

/**
 * `stats_daily_counts` (issue 22, ADR 0038): how many records of each event each resource received per day (UTC)
 * and origin, and from how many distinct senders (`stats_daily_senders` keeps who counted once). Built from the
 * StatsRecorded batches alone, so a replay of the log rebuilds it row for row.
 */
export const statsCountsProjection: Projection = {
  name: 'stats_counts',
  version: 1,
  eventTypes: [StatsRecorded.type],
  tables: ['stats_daily_counts', 'stats_daily_senders'],
  async setup(tx) {
    await tx.unsafe(`
      create table stats_daily_counts (
        day date not null,
        resource_type text not null,
        resource_id text not null,
        event text not null,
        origin text not null,
        records bigint not null,
        senders bigint not null,
        primary key (day, resource_type, resource_id, event, origin)
      );
      create index stats_daily_counts_resource on stats_daily_counts (resource_type, resource_id, day);
      create table stats_daily_senders (
        day date not null,
        resource_type text not null,
        resource_id text not null,
        event text not null,
        origin text not null,
        sender text not null,
        primary key (day, resource_type, resource_id, event, origin, sender)
      );
    `);
  },
  async apply(tx, event) {
    const d = event.data as Recorded;
    const day = d.recordedAt.slice(0, 10);
    // one row per (resource, event) of the batch, with how many records it holds
    const counts = new Map<string, { type: string; id: string; event: string; n: number }>();
    for (const r of d.records) {
      const key = `${r.resourceType}\n${r.resourceId}\n${r.event}`;
      const row = counts.get(key);
      if (row) row.n += 1;
      else counts.set(key, { type: r.resourceType, id: r.resourceId, event: r.event, n: 1 });
    }
    for (const row of counts.values()) {
      const [first] = await tx`insert into stats_daily_senders
          (day, resource_type, resource_id, event, origin, sender)
        values (${day}, ${row.type}, ${row.id}, ${row.event}, ${d.origin}, ${d.visitor})
        on conflict do nothing returning 1`;
      const newSender = first ? 1 : 0;
      await tx`insert into stats_daily_counts (day, resource_type, resource_id, event, origin, records, senders)
        values (${day}, ${row.type}, ${row.id}, ${row.event}, ${d.origin}, ${row.n}, ${newSender})
        on conflict (day, resource_type, resource_id, event, origin) do update set
          records = stats_daily_counts.records + excluded.records,
          senders = stats_daily_counts.senders + excluded.senders`;
    }
  },
  // the same rows, a batch at a time (a replay, the analysts' export: host/src/stats/export.ts)
  applyBatch: applyDailyCountsBatch,
};
