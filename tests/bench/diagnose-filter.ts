import postgres, { type Sql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store/postgres-event-store';
import { perSecond } from './report.ts';
import { batchedAppends, type BenchCounts } from './scenarios.ts';
import { oursSubject } from './subjects/ours.ts';
import { EVENT_TYPES } from './workload.ts';

type Log = (line: string) => void;

interface Read {
  events: number;
  ms: number;
}

async function adapterFiltered(store: PostgresEventStore, types: string[], pageSize: number): Promise<Read> {
  const head = await store.headPosition();
  const abort = new AbortController();
  const started = performance.now();
  let events = 0;
  for await (const batch of store.subscribeToAll({
    batchSize: pageSize,
    signal: abort.signal,
    filter: { eventTypes: types },
  })) {
    events += batch.events.length;
    if (batch.checkpoint === head) abort.abort();
  }
  return { events, ms: performance.now() - started };
}

/**
 * An alternative filtered page: one ordered range of the (event_type, transaction_id, global_position) index per
 * wanted type, at most `limit` rows each, merged. Its cost per page is bounded by types x limit whatever the
 * statistics say and however rare or common the types are.
 */
async function perTypeRanges(sql: Sql, types: string[], pageSize: number): Promise<Read> {
  const started = performance.now();
  let xid = '0';
  let pos = '0';
  let events = 0;
  for (;;) {
    const rows = await sql<{ global_position: string; transaction_id: string }[]>`
      with snap as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
      select p.* from unnest(${types}::text[]) as t(event_type)
      cross join lateral (
        select e.global_position::text as global_position, e.transaction_id::text as transaction_id, e.stream_id,
               e.stream_version::text as stream_version, e.event_id::text as event_id, e.event_type,
               e.schema_version, e.data, e.metadata, e.recorded_at, e.transaction_id as xid, e.global_position as pos
          from es_events e
         where e.event_type = t.event_type and e.transaction_id < (select xmin from snap)
           and (e.transaction_id, e.global_position) > (${xid}::xid8, ${pos}::bigint)
         order by e.transaction_id, e.global_position limit ${pageSize}) p
      order by p.xid, p.pos limit ${pageSize}`;
    events += rows.length;
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) break;
    xid = last.transaction_id;
    pos = last.global_position;
  }
  return { events, ms: performance.now() - started };
}

/** The node the planner puts under the Limit for a filtered page, and its server time. */
async function filteredPlan(sql: Sql, types: string[], pageSize: number): Promise<string> {
  const [mid] = await sql<{ xid: string; pos: string }[]>`
    select transaction_id::text as xid, global_position::text as pos from es_events
     order by transaction_id, global_position offset (select count(*) / 2 from es_events) limit 1`;
  if (!mid) return 'n/a';
  const rows = await sql.unsafe(
    `explain (analyze, format json)
     with snap as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
     select e.global_position from es_events e
      where e.transaction_id < (select xmin from snap)
        and (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint) and e.event_type = any($3)
      order by e.transaction_id, e.global_position limit ${pageSize}`,
    [mid.xid, mid.pos, types],
  );
  type Node = { 'Node Type': string; 'Index Name'?: string; Plans?: Node[]; 'Actual Rows'?: number };
  const root = (rows[0] as unknown as { 'QUERY PLAN': [{ 'Execution Time': number; Plan: Node }] })[
    'QUERY PLAN'
  ][0];
  const shape: string[] = [];
  for (
    let node: Node | undefined = root.Plan;
    node;
    node = node.Plans?.find((p) => p['Node Type'] !== 'Result')
  ) {
    shape.push(`${node['Node Type']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
  }
  return `${root['Execution Time'].toFixed(1)} ms: ${shape.join(' > ')}`;
}

/**
 * Filtered `$all` reads (what every projection does: the runner filters by its event types) on a log loaded in
 * one go, before and after PostgreSQL has gathered statistics on it (autovacuum off in this scratch database,
 * so the "before" is deterministic). Compares the adapter with per-type index ranges and with the adapter on
 * connections that cannot choose a bitmap scan or a sort.
 */
export async function diagnoseFilteredReads(url: string, counts: BenchCounts, log: Log): Promise<void> {
  const sql = createSql(url, { max: 4 });
  const store = new PostgresEventStore({ sql });
  // the same adapter on connections where the planner may not pick a bitmap scan or a sort: the ordered walk
  // of es_events_all_order is then the only plan left for a page, whatever the statistics
  const pinnedSql = postgres(url, {
    max: 2,
    onnotice: () => {},
    connection: { enable_bitmapscan: 'off', enable_sort: 'off' } as Record<string, string>,
  });
  const pinned = new PostgresEventStore({ sql: pinnedSql });
  const writer = oursSubject(url, counts.writers);
  try {
    await sql`alter table es_events set (autovacuum_enabled = false)`;
    const batches = Math.max(1, Math.floor(counts.batchesPerWriter / 2));
    await batchedAppends(writer, { ...counts, batchesPerWriter: batches });
    const show = (label: string, r: Read) =>
      log(
        `  ${label.padEnd(52)} ${Math.round(perSecond(r.events, r.ms)).toString().padStart(7)} events/s (${r.events} events)`,
      );
    const all = [...EVENT_TYPES];
    const one = [EVENT_TYPES[0]];
    for (const stats of ['before ANALYZE', 'after ANALYZE']) {
      if (stats === 'after ANALYZE') await sql`analyze es_events`;
      log(`filtered $all reads, ${stats}, pages of ${counts.pageSize}:`);
      log(`  page plan, 4 of 4 types: ${await filteredPlan(sql, all, counts.pageSize)}`);
      show('adapter, filter = all 4 event types', await adapterFiltered(store, all, counts.pageSize));
      show('per-type index ranges (lateral), 4 types', await perTypeRanges(sql, all, counts.pageSize));
      show(
        'adapter, bitmap scans and sorts disabled, 4 types',
        await adapterFiltered(pinned, all, counts.pageSize),
      );
      show('adapter, filter = 1 event type (25%)', await adapterFiltered(store, one, counts.pageSize));
      show('per-type index ranges (lateral), 1 type', await perTypeRanges(sql, one, counts.pageSize));
      show(
        'adapter, bitmap scans and sorts disabled, 1 type',
        await adapterFiltered(pinned, one, counts.pageSize),
      );
    }
  } finally {
    await writer.close();
    await pinnedSql.end();
    await sql.end();
  }
}
