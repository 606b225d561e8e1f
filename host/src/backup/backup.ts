import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Sql } from 'postgres';
import type { EventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { createProjectionRunner, type RunnerLogger } from '@platform/projectors/runner';
import type { Projection } from '@platform/projectors/projection';
import {
  BackupFormatError,
  headerLine,
  KEPT_TABLES,
  parseHeader,
  parseLine,
  type BackupEvent,
  type BackupHeader,
} from './format.ts';

// Backup and restore (docs/adr/0026-backup-and-restore.md): the event log in `$all` order and the kept tables,
// streamed in batches to and from one gzip-compressed NDJSON file; the read models are rebuilt by replay.

/** Rows read per round trip of a cursor, and events per insert of a restore. */
const BATCH = 1000;
/** A restore's insert also closes when the events gathered for it reach this many characters of JSON. */
const BATCH_CHARS = 4 * 1024 * 1024;

export interface BackupSummary {
  migration: string | null;
  events: number;
  rows: Record<string, number>;
}

const keptTableNames = new Set<string>(KEPT_TABLES.map((t) => t.name));

// a timestamptz to the microsecond, in UTC, as ISO 8601 (a JavaScript Date would drop the microseconds)
const RECORDED_AT_ISO = `to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Writes the event log and the kept tables to `output`, gzip-compressed, and ends it. Everything is read in one
 * repeatable-read snapshot, so the header's counts, the events and the rows agree even while the platform keeps
 * writing (the snapshot holds no transaction id: live readers of the log are not held back). Events are read
 * through a cursor in `$all` order, a batch at a time: the log is never in memory as a whole.
 */
export async function writeBackup(
  sql: Sql,
  output: Writable,
  options: { onProgress?(events: number, total: number): void; now?: () => Date } = {},
): Promise<BackupSummary> {
  const now = options.now ?? (() => new Date());
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const [count] = await tx<{ n: string }[]>`select count(*)::text as n from es_events`;
    const events = Number(count?.n ?? 0);
    const rows: Record<string, number> = {};
    for (const table of KEPT_TABLES) {
      const [r] = await tx.unsafe<{ n: string }[]>(`select count(*)::text as n from ${table.name}`);
      rows[table.name] = Number(r?.n ?? 0);
    }
    const [last] = await tx<{ name: string }[]>`select name from migrations order by id desc limit 1`;
    const migration = last?.name ?? null;
    const header = headerLine({ migration, createdAt: now().toISOString(), events, rows });

    let written = 0;
    const writtenRows: Record<string, number> = {};
    async function* lines(): AsyncGenerator<string> {
      yield `${header}\n`;
      options.onProgress?.(0, events);
      // the payload and metadata as PostgreSQL prints them, written into the line as they are
      const eventCursor = tx<
        (Omit<BackupEvent, 'd' | 'm'> & { d: string; m: string })[]
      >`select e.global_position::text as p, e.stream_id as s, e.stream_version::text as v, e.category as c,
               e.event_id::text as id, e.event_type as t, e.schema_version as sv, ${tx.unsafe(RECORDED_AT_ISO)} as at,
               e.data::text as d, e.metadata::text as m
          from es_events e order by e.transaction_id, e.global_position`.cursor(BATCH);
      for await (const batch of eventCursor) {
        let chunk = '';
        // the payloads go out as PostgreSQL printed them: valid JSON, never parsed here
        for (const e of batch)
          chunk +=
            `{"event":{"p":"${e.p}","s":${JSON.stringify(e.s)},"v":"${e.v}","c":${JSON.stringify(e.c)},` +
            `"id":"${e.id}","t":${JSON.stringify(e.t)},"sv":${e.sv},"at":"${e.at}","d":${e.d},"m":${e.m}}}\n`;
        written += batch.length;
        yield chunk;
        options.onProgress?.(written, events);
      }
      for (const table of KEPT_TABLES) {
        let count = 0;
        const rowCursor = tx
          .unsafe<{ j: string }[]>(
            `select row_to_json(t)::text as j from ${table.name} t order by t.${table.orderBy}`,
          )
          .cursor(BATCH);
        for await (const batch of rowCursor) {
          const name = JSON.stringify(table.name);
          yield batch.map((r) => `{"table":${name},"row":${r.j}}\n`).join('');
          count += batch.length;
        }
        writtenRows[table.name] = count;
      }
      yield `${JSON.stringify({ end: { events: written, rows: writtenRows } })}\n`;
    }
    await pipeline(Readable.from(lines()), createGzip(), output);
    return { migration, events: written, rows: writtenRows };
  });
}

/** A restore that must not go ahead: the database already holds a platform, or the file is from a newer one. */
export class RestoreRefusedError extends Error {
  override readonly name = 'RestoreRefusedError';
}

/** The lines of a gzip-compressed backup, numbered from 1 (empty lines skipped). */
async function* readLines(input: NodeJS.ReadableStream): AsyncGenerator<[string, number]> {
  const gunzip = createGunzip();
  // an unreadable file or a damaged gzip stream fails the iteration below
  pipeline(input, gunzip).catch(() => undefined);
  gunzip.setEncoding('utf8');
  let rest = '';
  let n = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        n += 1;
        if (line !== '') yield [line, n];
      }
    }
  } catch (error) {
    throw new BackupFormatError(
      `The backup file is damaged or cut short (${error instanceof Error ? error.message : String(error)}).`,
    );
  } finally {
    gunzip.destroy();
  }
  if (rest !== '') yield [rest, n + 1];
}

/** Reads only the header of a backup (the CLI shows it before it starts). */
export async function readBackupHeader(input: NodeJS.ReadableStream): Promise<BackupHeader> {
  for await (const [line] of readLines(input)) return parseHeader(line);
  return parseHeader(undefined);
}

/**
 * Reads the whole file once without writing anything: every line well formed, the events before the rows, only
 * kept tables, the end line present and the counts equal to the header's and to what was read.
 */
async function verify(input: NodeJS.ReadableStream): Promise<BackupHeader> {
  let header: BackupHeader | undefined;
  let events = 0;
  const rows: Record<string, number> = {};
  let ended = false;
  for await (const [line, n] of readLines(input)) {
    if (!header) {
      header = parseHeader(line);
      continue;
    }
    if (ended) throw new BackupFormatError(`Line ${n} of the backup comes after its end line.`);
    const parsed = parseLine(line, n);
    if ('event' in parsed) {
      if (Object.keys(rows).length > 0)
        throw new BackupFormatError(`Line ${n} of the backup: an event after the tables' rows.`);
      events += 1;
    } else if ('table' in parsed) {
      if (!keptTableNames.has(parsed.table))
        throw new BackupFormatError(`Line ${n} of the backup names an unknown table, ${parsed.table}.`);
      rows[parsed.table] = (rows[parsed.table] ?? 0) + 1;
    } else {
      ended = true;
      const endRows = parsed.end.rows;
      const sameRows = (a: Record<string, number>, b: Record<string, number>) =>
        [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
      if (
        parsed.end.events !== events ||
        header.events !== events ||
        !sameRows(endRows, rows) ||
        !sameRows(header.rows, rows)
      )
        throw new BackupFormatError(
          `The backup's counts do not add up: the header says ${header.events} events, the file holds ${events}.`,
        );
    }
  }
  if (!header) return parseHeader(undefined);
  if (!ended) throw new BackupFormatError('The backup file is cut short: it has no end line.');
  return header;
}

export interface RestoreSummary {
  header: BackupHeader;
  events: number;
  rows: Record<string, number>;
}

/** Refuses a database that already holds events or kept rows, or that does not know the backup's last migration. */
async function assertRestorable(sql: Sql, header: BackupHeader): Promise<void> {
  const [events] = await sql<{ any: boolean }[]>`select exists (select 1 from es_events) as any`;
  if (events?.any)
    throw new RestoreRefusedError(
      'The event store is not empty: a backup is restored into an empty database only (a new data directory, or ' +
        'a new database for DATABASE_URL). Nothing was changed.',
    );
  for (const table of KEPT_TABLES) {
    const [row] = await sql.unsafe<{ any: boolean }[]>(`select exists (select 1 from ${table.name}) as any`);
    if (row?.any)
      throw new RestoreRefusedError(
        `The table ${table.name} is not empty: a backup is restored into an empty database only. Nothing was changed.`,
      );
  }
  if (header.migration !== null) {
    const [known] = await sql<{ any: boolean }[]>`
      select exists (select 1 from migrations where name = ${header.migration}) as any`;
    if (!known?.any)
      throw new RestoreRefusedError(
        `The backup was taken by a newer version of the platform (migration ${header.migration} is unknown here): ` +
          'restore it with that version or a later one. Nothing was changed.',
      );
  }
}

/**
 * Restores a backup into a migrated, empty database: refuses a store that holds events; reads the file a first
 * time to check it whole (nothing is written from a damaged or cut file); then inserts the events with their ids,
 * stream versions, global positions, metadata and recorded times, and the kept tables' rows, and moves the
 * sequences past them. The read models are not touched: rebuild them by replay (rebuildReadModels).
 *
 * `$all` is ordered by (transaction id, global position). A restore cannot keep the old transaction ids (they
 * belong to another server's counter), so it inserts the file's events in their order, a run of increasing
 * positions per statement (one transaction each): within a run the one new transaction id leaves the positions to
 * order the events; a position lower than the one before it (an event committed late) starts a new statement,
 * whose later transaction id keeps it after them. The restored `$all` is the original order exactly.
 */
export async function restoreBackup(
  sql: Sql,
  open: () => NodeJS.ReadableStream,
  options: { onProgress?(events: number, total: number): void } = {},
): Promise<RestoreSummary> {
  const header = await readBackupHeader(open());
  await assertRestorable(sql, header);
  await verify(open());

  let events = 0;
  let run: string[] = [];
  let runChars = 0;
  let previous = -1n;
  const flush = async () => {
    if (run.length === 0) return;
    const json = `[${run.join(',')}]`;
    await sql`
      insert into es_events (global_position, stream_id, stream_version, category, event_id, event_type,
                             schema_version, data, metadata, recorded_at)
      select r."p", r."s", r."v", r."c", r."id", r."t", r."sv", r."d", r."m", r."at"
        from jsonb_to_recordset(${json}::text::jsonb) as r("p" bigint, "s" text, "v" bigint, "c" text, "id" uuid,
             "t" text, "sv" int, "d" jsonb, "m" jsonb, "at" timestamptz)`;
    events += run.length;
    run = [];
    runChars = 0;
    options.onProgress?.(events, header.events);
  };

  const rows: Record<string, number> = Object.fromEntries(KEPT_TABLES.map((t) => [t.name, 0]));
  let table: string | null = null;
  let tableRows: string[] = [];
  const flushRows = async () => {
    if (!table || tableRows.length === 0) return;
    // the name is one of KEPT_TABLES (checked by verify)
    await sql.unsafe(
      `insert into ${table} select * from json_populate_recordset(null::${table}, $1::text::json)`,
      [`[${tableRows.join(',')}]`],
    );
    rows[table] = (rows[table] ?? 0) + tableRows.length;
    tableRows = [];
  };

  options.onProgress?.(0, header.events);
  let first = true;
  for await (const [line, n] of readLines(open())) {
    if (first) {
      first = false;
      continue;
    }
    const parsed = parseLine(line, n);
    if ('event' in parsed) {
      const e: BackupEvent = parsed.event;
      const position = BigInt(e.p);
      if (position <= previous || run.length >= BATCH || runChars >= BATCH_CHARS) await flush();
      previous = position;
      const text = JSON.stringify(e);
      run.push(text);
      runChars += text.length;
    } else if ('table' in parsed) {
      await flush();
      if (parsed.table !== table || tableRows.length >= BATCH) await flushRows();
      table = parsed.table;
      tableRows.push(JSON.stringify(parsed.row));
    }
  }
  await flush();
  await flushRows();

  await sql`select setval(pg_get_serial_sequence('es_events', 'global_position'),
                          coalesce((select max(global_position) from es_events), 0) + 1, false)`;
  for (const kept of KEPT_TABLES)
    if (kept.sequence)
      await sql.unsafe(
        `select setval(pg_get_serial_sequence('${kept.name}', '${kept.sequence}'),
                       coalesce((select max(${kept.sequence}) from ${kept.name}), 0) + 1, false)`,
      );
  // fresh statistics before the replay reads the whole log (filtered `$all` reads plan on them)
  await sql`analyze es_events`;
  return { header, events, rows };
}

export interface RebuildSummary {
  projections: number;
  /** events applied, summed over the projections (each counts the event types it reads) */
  eventsApplied: number;
  durationMs: number;
}

/**
 * Rebuilds every read model from position 0 with the projection runner, as a first start does, and stops once
 * each projection has reached the head of the log. Fails when the projections stop advancing for `stallMs` (a
 * projection that keeps failing: the runner retries it for ever).
 */
export async function rebuildReadModels(options: {
  sql: Sql;
  eventStore: EventStore;
  projections: readonly Projection[];
  logger?: RunnerLogger;
  onProgress?(applied: number, total: number): void;
  stallMs?: number;
}): Promise<RebuildSummary> {
  const { sql, eventStore, projections } = options;
  const stallMs = options.stallMs ?? 120_000;
  const started = performance.now();
  const byType = new Map(
    (
      await sql<{ t: string; n: string }[]>`
        select event_type as t, count(*)::text as n from es_events group by event_type`
    ).map((r) => [r.t, Number(r.n)]),
  );
  const all = [...byType.values()].reduce((a, b) => a + b, 0);
  // what the bar counts to: each projection's runner reads only its own event types
  const total = projections.reduce(
    (sum, p) =>
      sum + (p.eventTypes.length === 0 ? all : p.eventTypes.reduce((s, t) => s + (byType.get(t) ?? 0), 0)),
    0,
  );
  const names = projections.map((p) => p.name);
  const applied = async () => {
    const [row] = await sql<{ n: string | null }[]>`
      select sum(events_applied)::text as n from projection_checkpoints
       where name = any(${names}) and status = 'live'`;
    return Number(row?.n ?? 0);
  };

  // every restored event, visible yet or not: a transaction open elsewhere on the server holds the visible head
  // back, and a rebuild that stopped there would leave the read models empty
  const head = await eventStore.lastCommittedPosition();
  const runner = createProjectionRunner({
    sql,
    eventStore,
    projections,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await runner.start();
  try {
    let last = -1;
    let lastMoved = performance.now();
    for (;;) {
      const { reached } = await waitForProjections({ sql, eventStore }, names, head, 500);
      const now = await applied();
      options.onProgress?.(now, total);
      if (reached) {
        return {
          projections: projections.length,
          eventsApplied: now,
          durationMs: performance.now() - started,
        };
      }
      if (now !== last) {
        last = now;
        lastMoved = performance.now();
      } else if (performance.now() - lastMoved > stallMs) {
        throw new Error(
          `The read models stopped advancing for ${Math.round(stallMs / 1000)} s before reaching the head of the ` +
            'log: a projection keeps failing (see the log above). The events are restored; start the platform to ' +
            'retry, or fix the projection.',
        );
      }
    }
  } finally {
    await runner.stop();
  }
}
