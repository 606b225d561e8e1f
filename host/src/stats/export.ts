import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import type { Sql } from 'postgres';
import { ident } from '@platform/projectors/target';

/**
 * The analysts' export (issue 22): `npm run stats -- …` (stats-cli.ts) replays the log into a statistics run's own
 * schema (projectors/src/stats/statistics-run.ts) and writes its daily counts as CSV and JSON, one row per day ×
 * resourceType × resourceId × event × origin. The same log always gives the same bytes: the rows are sorted by
 * bytes (collation "C", not the server's locale), the numbers and dates are written one way, and nothing of the
 * run (its time, its schema) is written into them.
 */

export const STATS_USAGE = `Usage: npm run stats -- [--from YYYY-MM-DD] [--csv <path|->] [--json <path|->] [--batch-size N] [--keep]
  Replays the event log's statistics records into a fresh projection of its own, then exports the daily counts
  (day, resourceType, resourceId, event, origin, records, senders), sorted.
  --from        only the records of this UTC day and after (default: from the start of the log)
  --csv, --json where to write each export ("-" for the standard output); with neither, CSV on the standard output
  --batch-size  events per read while catching up (1 to 100000, default 2000)
  --keep        keep the run's schema (its name is printed) instead of dropping it after the export
`;

export interface StatsExportArguments {
  from?: string;
  csv?: string;
  json?: string;
  batchSize: number;
  keep: boolean;
  help: boolean;
}

/** A real calendar day written YYYY-MM-DD. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The command's arguments, or what is wrong with them (the command prints it with the usage, exit code 2). */
export function parseStatsArguments(
  argv: readonly string[],
): { ok: true; value: StatsExportArguments } | { ok: false; message: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.filter((a) => a !== '--'),
      options: {
        from: { type: 'string' },
        csv: { type: 'string' },
        json: { type: 'string' },
        'batch-size': { type: 'string' },
        keep: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const v = parsed.values;
  if (v.from !== undefined && !isDay(v.from))
    return { ok: false, message: `--from takes a day written YYYY-MM-DD, not "${v.from}".` };
  for (const name of ['csv', 'json'] as const) {
    const path = v[name];
    if (path !== undefined && (path === '' || (path.startsWith('-') && path !== '-')))
      return { ok: false, message: `--${name} takes a file path or "-", not "${path}".` };
  }
  if (v.csv === '-' && v.json === '-')
    return { ok: false, message: 'Only one export can go to the standard output.' };
  const batchSize = v['batch-size'] === undefined ? 2000 : Number(v['batch-size']);
  if (
    !/^\d+$/.test(v['batch-size'] ?? '2000') ||
    !Number.isInteger(batchSize) ||
    batchSize < 1 ||
    batchSize > 100_000
  )
    return { ok: false, message: '--batch-size takes an integer from 1 to 100000.' };
  return {
    ok: true,
    value: {
      ...(v.from !== undefined ? { from: v.from } : {}),
      ...(v.csv === undefined && v.json === undefined ? { csv: '-' } : {}),
      ...(v.csv !== undefined ? { csv: v.csv } : {}),
      ...(v.json !== undefined ? { json: v.json } : {}),
      batchSize,
      keep: v.keep ?? false,
      help: v.help ?? false,
    },
  };
}

/** A run's schema name: when it ran, and a few random letters so two runs at once never meet. */
export function statisticsRunSchema(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `stats_run_${stamp}_${randomBytes(3).toString('hex')}`;
}

/** One exported row, its members in this order in both formats. */
export interface StatsExportRow {
  day: string;
  resourceType: string;
  resourceId: string;
  event: string;
  origin: string;
  records: number;
  senders: number;
}

export const STATS_EXPORT_COLUMNS = [
  'day',
  'resourceType',
  'resourceId',
  'event',
  'origin',
  'records',
  'senders',
] as const satisfies readonly (keyof StatsExportRow)[];

/** The run's rows in their one order, a page at a time (an export of millions of rows is never held whole). */
export async function* exportRows(
  sql: Sql,
  schema: string,
  pageSize = 5000,
): AsyncGenerator<StatsExportRow[]> {
  const table = `${ident(schema)}.stats_daily_counts`;
  const cursor = sql
    .unsafe<
      {
        day: string;
        resource_type: string;
        resource_id: string;
        event: string;
        origin: string;
        records: string;
        senders: string;
      }[]
    >(
      `select to_char(day, 'YYYY-MM-DD') as day, resource_type, resource_id, event, origin,
              records::text, senders::text
         from ${table}
        order by day, resource_type collate "C", resource_id collate "C", event collate "C", origin collate "C"`,
    )
    .cursor(pageSize);
  for await (const rows of cursor)
    yield rows.map((r) => ({
      day: r.day,
      resourceType: r.resource_type,
      resourceId: r.resource_id,
      event: r.event,
      origin: r.origin,
      records: Number(r.records),
      senders: Number(r.senders),
    }));
}

/** CSV (RFC 4180 by csv-stringify: quotes only where a value needs them, `\n` line ends), one page of rows. */
export function csvLines(rows: readonly StatsExportRow[], header: boolean): string {
  return stringify(
    rows.map((r) => STATS_EXPORT_COLUMNS.map((c) => String(r[c]))),
    {
      ...(header ? { header: true, columns: [...STATS_EXPORT_COLUMNS] } : {}),
      record_delimiter: 'unix',
      eof: true,
    },
  );
}

/**
 * JSON: an array of row objects, one a line, members in the columns' order, so that it is written a page at a
 * time and compared line by line.
 */
export function jsonLines(rows: readonly StatsExportRow[], first: boolean): string {
  return rows
    .map((r, i) => `${first && i === 0 ? '' : ',\n'}${JSON.stringify(r, [...STATS_EXPORT_COLUMNS])}`)
    .join('');
}

/** Writes one format of the run's rows to `write` (a file or the standard output), as it pages through them. */
export async function writeExport(
  sql: Sql,
  schema: string,
  format: 'csv' | 'json',
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  let count = 0;
  if (format === 'json') await write('[\n');
  for await (const rows of exportRows(sql, schema)) {
    if (!rows.length) continue;
    await write(format === 'csv' ? csvLines(rows, count === 0) : jsonLines(rows, count === 0));
    count += rows.length;
  }
  if (format === 'csv' && count === 0) await write(csvLines([], true));
  if (format === 'json') await write(count === 0 ? ']\n' : '\n]\n');
  return count;
}
