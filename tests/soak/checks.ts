// The soak's checks (tests/soak/soak.ts), apart so that a test can show they fail on a damaged database
// (checks.int.test.ts), and the faults `npm run soak -- --inject …` puts in to see a run fail.
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import postgres, { type Sql } from 'postgres';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { migrate } from '@platform/infra/db/migrate';
import { PostgresEventStore } from '@platform/infra/event-store';
import { rebuildReadModels, restoreBackup, writeBackup } from '@platform/host/backup/backup';
import { differingTables, tableHashes } from '@platform/host/backup/table-hashes';
import { eventContractsOf, platformModules, projectionsOf } from '@platform/host/modules';

export type Attributes = Record<string, unknown>;

/** What a client was told happened to one record; `null` attributes: deleted. */
export interface Acknowledged {
  type: 'app-short-urls' | 'coupons';
  id: string;
  /** the attributes of the last acknowledged command (null: its delete was acknowledged) */
  expected: Attributes | null;
  /** what a command sent and not acknowledged (the kill came first) would have made it: there or not */
  inDoubt?: Attributes | null;
  /** the position of the last acknowledged command's event */
  position: string;
  cycle: number;
}

/** Where the platform answers, and the admin token its checks read with. */
export interface Api {
  baseUrl: string;
  adminToken: string;
}

const matches = (actual: Attributes, expected: Attributes) =>
  Object.entries(expected).every(([k, v]) => actual[k] === v);

/** Whether an answer shows a record as `want` says (undefined: nothing to compare with). */
function shows(status: number, actual: Attributes, want: Attributes | null | undefined): boolean {
  if (want === undefined) return false;
  if (want === null) return status === 404 || status === 410;
  return status === 200 && matches(actual, want);
}

/**
 * The acknowledged commands that are not there: every record of every cycle with its last acknowledged event in
 * the log, on its own stream; and each record of `cycle` whose event is there read through the API at its
 * acknowledged position (as acknowledged, or as the command in doubt would have made it). A record whose event is
 * gone is named for that alone: a read at a position the log no longer holds would wait the whole
 * read-your-writes bound for nothing.
 */
export async function lostCommands(
  api: Api,
  sql: Sql,
  records: Acknowledged[],
  cycle: number,
): Promise<string[]> {
  const lost: string[] = [];
  const positions = records.map((r) => r.position);
  const rows = await sql<{ p: string; s: string }[]>`
    select global_position::text as p, stream_id as s from es_events where global_position = any(${positions}::bigint[])`;
  const streams = new Map(rows.map((r) => [r.p, r.s]));
  const logged = (record: Acknowledged) => streams.get(record.position)?.endsWith(record.id) ?? false;
  for (const record of records)
    if (!logged(record)) lost.push(`${record.type}/${record.id}: no event at position ${record.position}`);
  const queue = records.filter((r) => r.cycle === cycle && logged(r));
  const reader = async () => {
    for (let record = queue.shift(); record; record = queue.shift()) {
      const answer = await fetch(
        `${api.baseUrl}/api/v1/${record.type}/${record.id}?minPosition=${record.position}`,
        { headers: { Authorization: `Bearer ${api.adminToken}` } },
      );
      const text = await answer.text();
      const body = (text ? JSON.parse(text) : {}) as { data?: { attributes?: Attributes } };
      const actual = body.data?.attributes ?? {};
      if (!shows(answer.status, actual, record.expected) && !shows(answer.status, actual, record.inDoubt))
        lost.push(`${record.type}/${record.id}: ${answer.status} ${JSON.stringify(actual)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, reader));
  return lost;
}

async function head(sql: Sql): Promise<string> {
  const [row] = await sql<{ p: string | null }[]>`select max(global_position)::text as p from es_events`;
  return row?.p ?? '0';
}

/**
 * The read models of a live database against a clean replay: a backup of it restored into a fresh database
 * `replayDatabase` on the same server (`url(name)` addresses a database there), every read model rebuilt from
 * position 0, and the tables' hashes compared (tableHashes: the projections' checkpoints and the session
 * tables are left out). Answers the tables that differ.
 */
export async function readModelMismatches(
  sql: Sql,
  options: { url: (database: string) => string; workDir: string; replayDatabase: string },
): Promise<{ differing: string[]; compared: number }> {
  const file = join(options.workDir, 'soak-backup.ndjson.gz');
  const headBefore = await head(sql);
  const live = await tableHashes(sql);
  await writeBackup(sql, createWriteStream(file));
  if ((await head(sql)) !== headBefore) throw new Error('the log moved while the read models were hashed');

  const name = options.replayDatabase;
  await sql.unsafe(`drop database if exists ${name}`);
  await sql.unsafe(`create database ${name}`);
  await migrate(options.url(name));
  const replay = postgres(options.url(name), { max: 10, onnotice: () => {} });
  try {
    await restoreBackup(replay, () => createReadStream(file));
    const modules = platformModules();
    await rebuildReadModels({
      sql: replay,
      eventStore: new PostgresEventStore({
        sql: replay,
        contracts: new EventContractRegistry(eventContractsOf(modules)),
      }),
      projections: projectionsOf(modules),
      logger: { info() {}, warn() {}, error() {} },
    });
    return {
      differing: differingTables(live, await tableHashes(replay)),
      compared: Object.keys(live).length,
    };
  } finally {
    await replay.end({ timeout: 5 });
    await sql.unsafe(`drop database if exists ${name} with (force)`);
  }
}

// --- faults, to see the checks fail ------------------------------------------------------------------------------

export const FAULTS = ['drop-event', 'damage-table'] as const;
export type Fault = (typeof FAULTS)[number];

/**
 * Removes the event of an acknowledged command from the log, as a lost write would (the log refuses deletes to
 * the platform: its triggers are set aside for this one transaction, as the superuser). Answers the record.
 */
export async function dropEvent(sql: Sql, record: Acknowledged): Promise<string> {
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    const deleted = await tx`delete from es_events where global_position = ${record.position}::bigint`;
    if (deleted.count !== 1) throw new Error(`no event at position ${record.position} to drop`);
  });
  return `${record.type}/${record.id}`;
}

/**
 * Changes one row of a read model behind the projections' back: the first table compared (tableHashes) that
 * has a row, `preferred` first when it has one. Answers the table's name.
 */
export async function damageTable(sql: Sql, preferred?: string): Promise<string> {
  // the projections' own tables (the `read` views and the log are not rows one can damage)
  const tables = Object.keys(await tableHashes(sql))
    .filter((t) => t.startsWith('proj_'))
    .sort();
  const order = preferred ? [preferred, ...tables.filter((t) => t !== preferred)] : tables;
  for (const table of order) {
    if (!tables.includes(table)) continue;
    const ident = table
      .split('.')
      .map((part) => `"${part.replace(/"/g, '""')}"`)
      .join('.');
    const deleted = await sql
      .unsafe(`delete from ${ident} where ctid = (select ctid from ${ident} limit 1)`)
      .catch(() => ({ count: 0 })); // a row others refer to: the next table
    if (deleted.count === 1) return table;
  }
  throw new Error('no read model has a row to damage');
}
