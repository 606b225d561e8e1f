import type { Sql } from 'postgres';
import { KEPT_TABLES } from './format.ts';

export interface TableHash {
  rows: number;
  md5: string;
}

const keptNames = KEPT_TABLES.map((t) => t.name);

/** The key of the event log's hash in what tableHashes returns. */
export const EVENT_LOG_HASH = 'es_events in $all order';

/**
 * A hash of every row of every table a restore (or a replay) must bring back equal: the live read models (the
 * projections' tables and the `read` views over them), the kept tables, and the event log in `$all` order without
 * its transaction ids (a restore assigns new ones). Rows are hashed in their text form, sorted. Left out: the
 * projections' checkpoints (positions, counters and times of a run), sessions and sign-in counters (not kept by a
 * backup, ADR 0026), and the schemas of projections that are not live.
 */
export async function tableHashes(sql: Sql): Promise<Record<string, TableHash>> {
  const live = await sql<{ name: string; version: number }[]>`
    select name, version from projection_checkpoints where status = 'live' order by name`;
  const schemas = live.map((l) => `proj_${l.name}_v${l.version}`);
  const tables = await sql<{ schema: string; name: string }[]>`
    select table_schema as schema, table_name as name from information_schema.tables
     where table_schema = any(${schemas})
        or table_schema = 'read'
        or (table_schema = 'public' and table_name = any(${keptNames}))
     order by 1, 2`;
  const hashes: Record<string, TableHash> = {};
  for (const { schema, name } of tables) {
    const [row] = await sql.unsafe<TableHash[]>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
         from "${schema}"."${name}" t`,
    );
    hashes[`${schema}.${name}`] = row!;
  }
  const [log] = await sql<TableHash[]>`
    select count(*)::int as rows,
           md5(string_agg(concat_ws('|', global_position, stream_id, stream_version, category, event_id, event_type,
                                    schema_version, data::text, metadata::text, recorded_at::text),
                          E'\n' order by transaction_id, global_position)) as md5
      from es_events`;
  hashes[EVENT_LOG_HASH] = log!;
  return hashes;
}

/** The tables whose hashes differ between two sets (a table present in one set only counts as differing). */
export function differingTables(a: Record<string, TableHash>, b: Record<string, TableHash>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((name) => a[name]?.md5 !== b[name]?.md5 || a[name]?.rows !== b[name]?.rows)
    .sort();
}
