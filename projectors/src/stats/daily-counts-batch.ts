import type { TransactionSql } from 'postgres';
import type { StatsRecorded } from '@platform/contracts/stats/records';
import type { RecordedEvent } from '@platform/infra/event-store';

type Recorded = (typeof StatsRecorded)['schema']['_output'];

/** The UTC day of a batch: the command writes `toISOString()`, an offset is brought back to UTC. */
export function dayOf(recordedAt: string): string {
  return recordedAt.endsWith('Z') ? recordedAt.slice(0, 10) : new Date(recordedAt).toISOString().slice(0, 10);
}

interface Key {
  day: string;
  type: string;
  id: string;
  event: string;
  origin: string;
  records: number;
  senders: Set<string>;
}

/**
 * The daily counts of a whole batch of StatsRecorded events in two statements, whatever its size: the records are
 * summed per (day, resource, event, origin) in memory, the new senders are inserted (those already counted are
 * not returned) and the counts upserted with how many of those senders are new. The same rows as applying the
 * events one at a time (stats-counts-projection.ts), a round trip per batch instead of two per resource and event:
 * a replay of a million records is bound by PostgreSQL's inserts, not by round trips (docs/benchmarks.md).
 * Unqualified tables: the caller sets the search path to the build's schema.
 */
export async function applyDailyCountsBatch(
  tx: TransactionSql,
  events: readonly RecordedEvent[],
): Promise<void> {
  const keys = new Map<string, Key>();
  for (const event of events) {
    const d = event.data as Recorded;
    const day = dayOf(d.recordedAt);
    for (const r of d.records) {
      const name = `${day}\n${r.resourceType}\n${r.resourceId}\n${r.event}\n${d.origin}`;
      let key = keys.get(name);
      if (!key) {
        key = {
          day,
          type: r.resourceType,
          id: r.resourceId,
          event: r.event,
          origin: d.origin,
          records: 0,
          senders: new Set(),
        };
        keys.set(name, key);
      }
      key.records += 1;
      key.senders.add(d.visitor);
    }
  }
  if (keys.size === 0) return;
  const counts = { day: [] as string[], type: [] as string[], id: [] as string[], event: [] as string[] };
  const origins: string[] = [];
  const records: number[] = [];
  const senders = {
    day: [] as string[],
    type: [] as string[],
    id: [] as string[],
    event: [] as string[],
    origin: [] as string[],
    sender: [] as string[],
  };
  for (const key of keys.values()) {
    counts.day.push(key.day);
    counts.type.push(key.type);
    counts.id.push(key.id);
    counts.event.push(key.event);
    origins.push(key.origin);
    records.push(key.records);
    for (const sender of key.senders) {
      senders.day.push(key.day);
      senders.type.push(key.type);
      senders.id.push(key.id);
      senders.event.push(key.event);
      senders.origin.push(key.origin);
      senders.sender.push(sender);
    }
  }
  await tx`
    with fresh as (
      insert into stats_daily_senders (day, resource_type, resource_id, event, origin, sender)
      select * from unnest(${senders.day}::date[], ${senders.type}::text[], ${senders.id}::text[],
                           ${senders.event}::text[], ${senders.origin}::text[], ${senders.sender}::text[])
      on conflict do nothing
      returning day, resource_type, resource_id, event, origin
    ),
    fresh_count as (
      select day, resource_type, resource_id, event, origin, count(*) as n from fresh
      group by day, resource_type, resource_id, event, origin
    )
    insert into stats_daily_counts (day, resource_type, resource_id, event, origin, records, senders)
    select c.day, c.resource_type, c.resource_id, c.event, c.origin, c.records, coalesce(f.n, 0)
      from unnest(${counts.day}::date[], ${counts.type}::text[], ${counts.id}::text[], ${counts.event}::text[],
                  ${origins}::text[], ${records}::bigint[])
           as c (day, resource_type, resource_id, event, origin, records)
      left join fresh_count f using (day, resource_type, resource_id, event, origin)
    on conflict (day, resource_type, resource_id, event, origin) do update set
      records = stats_daily_counts.records + excluded.records,
      senders = stats_daily_counts.senders + excluded.senders`;
}
