import type { Sql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store/postgres-event-store';
import { START } from '@platform/infra/event-store/port';
import { perSecond } from './report.ts';
import type { BenchCounts } from './scenarios.ts';
import { replayWithRunner } from './subjects/ours-replay.ts';

type Log = (line: string) => void;

const ALL_COLUMNS = `e.global_position::text as global_position, e.transaction_id::text as transaction_id, e.stream_id,
  e.stream_version::text as stream_version, e.event_id::text as event_id, e.event_type, e.schema_version, e.data,
  e.metadata, e.recorded_at`;
const TEXT_JSON_COLUMNS = ALL_COLUMNS.replace('e.data,', 'e.data::text as data,').replace(
  'e.metadata,',
  'e.metadata::text as metadata,',
);
const KEY_COLUMNS = `e.global_position::text as global_position, e.transaction_id::text as transaction_id,
  e.stream_id, e.event_type`;

/** Pages through es_events in `$all` order with plain keyset SQL: the cost of the query and of decoding rows. */
async function keysetPages(
  sql: Sql,
  columns: string,
  pageSize: number,
): Promise<{ events: number; ms: number }> {
  const started = performance.now();
  let xid = '0';
  let pos = '0';
  let events = 0;
  for (;;) {
    const rows = await sql<{ global_position: string; transaction_id: string }[]>`
      select ${sql.unsafe(columns)} from es_events e
       where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         and (e.transaction_id, e.global_position) > (${xid}::xid8, ${pos}::bigint)
       order by e.transaction_id, e.global_position limit ${pageSize}`;
    events += rows.length;
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) break;
    xid = last.transaction_id;
    pos = last.global_position;
  }
  return { events, ms: performance.now() - started };
}

async function adapterCatchUp(store: PostgresEventStore, pageSize: number) {
  const head = await store.headPosition();
  const abort = new AbortController();
  const started = performance.now();
  let events = 0;
  if (head !== START) {
    for await (const batch of store.subscribeToAll({ batchSize: pageSize, signal: abort.signal })) {
      events += batch.events.length;
      if (batch.checkpoint === head) abort.abort();
    }
  }
  return { events, ms: performance.now() - started };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
interface ExplainRoot {
  'Execution Time': number;
  Plan: PlanNode;
}

/** Server time of one page in the middle of `$all` (EXPLAIN ANALYZE), to split server from client cost. */
async function serverPageMs(sql: Sql, pageSize: number): Promise<string> {
  const [mid] = await sql<{ xid: string; pos: string }[]>`
    select transaction_id::text as xid, global_position::text as pos from es_events
     order by transaction_id, global_position offset (select count(*) / 2 from es_events) limit 1`;
  if (!mid) return 'n/a';
  const plan = await sql.unsafe(
    `explain (analyze, buffers, format json)
     select ${ALL_COLUMNS} from es_events e
      where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
      order by e.transaction_id, e.global_position limit ${pageSize}`,
    [mid.xid, mid.pos],
  );
  const root = (plan[0] as unknown as { 'QUERY PLAN': [ExplainRoot] })['QUERY PLAN'][0];
  const scan = root.Plan.Plans?.[0];
  return `${root['Execution Time'].toFixed(1)} ms per ${pageSize}-event page on the server (${scan?.['Node Type'] ?? root.Plan['Node Type']}${scan?.['Index Name'] ? ` using ${scan['Index Name']}` : ''})`;
}

/**
 * Where the time of `$all` catch-up and of a replay goes, on the bench's own event store (every event the
 * append scenarios wrote): the adapter's subscription, the same keyset query without the adapter, with the JSON
 * left undecoded, without the JSON columns, the server's share, and the runner at several batch sizes.
 */
export async function diagnoseReads(url: string, counts: BenchCounts, log: Log): Promise<void> {
  const sql = createSql(url, { max: 4 });
  const store = new PostgresEventStore({ sql });
  try {
    const show = (label: string, r: { events: number; ms: number }) =>
      log(
        `  ${label.padEnd(52)} ${Math.round(perSecond(r.events, r.ms)).toString().padStart(7)} events/s (${r.events} events)`,
      );
    log(`$all catch-up, pages of ${counts.pageSize}:`);
    show('adapter subscribeToAll', await adapterCatchUp(store, counts.pageSize));
    show('same keyset SQL, no adapter', await keysetPages(sql, ALL_COLUMNS, counts.pageSize));
    show(
      'same keyset SQL, JSON left as text (no JSON.parse)',
      await keysetPages(sql, TEXT_JSON_COLUMNS, counts.pageSize),
    );
    show('same keyset SQL, without data and metadata', await keysetPages(sql, KEY_COLUMNS, counts.pageSize));
    show('adapter subscribeToAll, pages of 5000', await adapterCatchUp(store, 5000));
    log(`  ${await serverPageMs(sql, counts.pageSize)}`);
    log('projection replay with the runner, by batch size:');
    for (const batchSize of [500, counts.pageSize, 5000]) {
      const started = performance.now();
      const events = await replayWithRunner(url, batchSize);
      show(`runner, batch ${batchSize}`, { events, ms: performance.now() - started });
    }
  } finally {
    await sql.end();
  }
}
