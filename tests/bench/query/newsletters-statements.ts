/**
 * The newsletters section's statements (newsletters-bench.ts), timed in the bench's own process against the
 * platform's database:
 *
 * - the delivery job's read of a step's recipients (host/src/newsletters/deliver.ts), written here as the job
 *   writes it: the job builds it inside `newsletterDelivery` and exports no function for it, so the statement is
 *   replicated (the same postgres.js template, hence the same prepared statements and the same columns);
 * - the send command's count of the subscribed contacts (command-api/src/newsletters/routes.ts), likewise;
 * - the baseline: the letters' rows inserted into `dev_mailbox` by raw SQL, 20 a batch, without the platform.
 */
import type { Sql } from 'postgres';
import { lightUserResource } from '@platform/contracts/contacts/records';
import { DELIVER_BATCH } from '@platform/host/newsletters/deliver';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import { percentile } from '../report.ts';

const CONTACTS = resourceTable(lightUserResource);
const contact = (name: string) => resourceColumn(lightUserResource, name);
const SUBSCRIBED = contact('hasMailSubscription');

/** The read model's view of the contacts, where the job and the send read them. */
export const CONTACTS_VIEW = `read.${CONTACTS.table}`;

/** Where a statement reads the contacts, and how it orders them. */
export interface Reading {
  /** `schema.table`: the read model's view unless told (the mostly subscribed copy) */
  table?: string;
  /**
   * `column` (the default): by the table's uuid column, as deliver.ts orders them since this bench found the read
   * sorting (the order its primary key gives, so the scan stops after DELIVER_BATCH rows); `alias`: the statement
   * before that fix, `order by id` naming the select list's `id::text` (an output column called `id`), so every
   * remaining row was read and sorted as text; kept to show the difference
   */
  order?: 'alias' | 'column';
}

const split = (table: string) => table.split('.') as [string, string];

/**
 * deliver.ts's statement, as the job writes it: the next DELIVER_BATCH contacts still subscribed after `after`, in
 * the order of the uuid column. Only the table and the order change for the variants (`Reading`).
 */
export function recipientsAfter(sql: Sql, askedAt: Date, after: string | null, reading: Reading = {}) {
  const [schema, table] = split(reading.table ?? CONTACTS_VIEW);
  const order = reading.order === 'alias' ? sql`id` : sql`${sql(table)}.id`;
  return sql<Array<{ id: string; email: string; locale: string | null }>>`
      select id::text, ${sql(contact('email'))} as email, ${sql(contact('locale'))} as locale
        from ${sql(schema)}.${sql(table)}
       where ${sql(contact('hasMailSubscription'))} and deleted_at is null and created_at <= ${askedAt}
             ${after ? sql`and id > ${after}` : sql``}
       order by ${order}
       limit ${DELIVER_BATCH}`;
}

/**
 * routes.ts's statement: the contacts subscribed now, counted when a sending is asked; on the read model's view of
 * the contacts unless another `schema.table` is named (the mostly subscribed copy).
 */
export function subscribedCount(sql: Sql, table = CONTACTS_VIEW) {
  const [schema, name] = split(table);
  return sql<Array<{ count: number }>>`
    select count(*)::int as count from ${sql(schema)}.${sql(name)}
     where ${sql(SUBSCRIBED)} and deleted_at is null`;
}

/** The subscribed contacts' ids in the order the job writes to them. */
export async function recipientIds(sql: Sql, table = CONTACTS_VIEW): Promise<string[]> {
  const [schema, name] = split(table);
  const rows = await sql<Array<{ id: string }>>`
    select id::text as id from ${sql(schema)}.${sql(name)}
     where ${sql(SUBSCRIBED)} and deleted_at is null order by id`;
  return rows.map((r) => r.id);
}

export interface Timing {
  runs: number;
  p50: number;
  p99: number;
}

const timing = (samples: number[]): Timing => {
  samples.sort((a, b) => a - b);
  return { runs: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

/**
 * Each statement run `runs` times, in turns (a, b, c, a, b, c, ...) after `warmUp` runs of each, so that a spike of
 * the machine's other work lands on all alike; each run's time in this process (round trip included).
 */
export async function timeInTurns(
  statements: ReadonlyArray<() => Promise<unknown>>,
  runs: number,
  warmUp = 20,
): Promise<Timing[]> {
  for (const run of statements) for (let i = 0; i < warmUp; i++) await run();
  const samples: number[][] = statements.map(() => []);
  for (let i = 0; i < runs; i++)
    for (const [k, run] of statements.entries()) {
      const started = performance.now();
      await run();
      samples[k]!.push(performance.now() - started);
    }
  return samples.map(timing);
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** recipientsAfter as text, `$1` the time the sending was asked and `$2` the last contact written to. */
function recipientsText(withAfter: boolean, reading: Reading) {
  const [schema, table] = split(reading.table ?? CONTACTS_VIEW);
  return `select id::text, ${ident(contact('email'))} as email, ${ident(contact('locale'))} as locale
        from ${ident(schema)}.${ident(table)}
       where ${ident(SUBSCRIBED)} and deleted_at is null and created_at <= $1
             ${withAfter ? 'and id > $2' : ''}
       order by ${reading.order === 'alias' ? 'id' : `${ident(table)}.id`}
       limit ${DELIVER_BATCH}`;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** A plan's nodes outermost first, with the rows each gave and those its filter removed, and its buffers. */
function planSummary(plan: { Plan: PlanNode; 'Execution Time': number }) {
  const nodes: string[] = [];
  const walk = (node: PlanNode) => {
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const removed = node['Rows Removed by Filter']
      ? `, ${node['Rows Removed by Filter']} removed by filter`
      : '';
    nodes.push(`${node['Node Type']}${on}${index} (${node['Actual Rows'] ?? '?'} rows${removed})`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
  return `${nodes.join(' > ')}; ${plan['Execution Time'].toFixed(3)} ms, ${buffers} buffers`;
}

/**
 * The job's statement at each position, as a prepared statement run six times first (PostgreSQL then chooses its
 * generic plan or keeps a custom one, as for the job's own prepared statement), then EXPLAIN (ANALYZE, BUFFERS)
 * EXECUTE: the plan it runs. `db` must hold one connection (the prepared statement is the session's). Each
 * position's plan summarised, and with `full`, the middle one's in full.
 */
export async function explainRecipients(
  db: Sql,
  askedAt: Date,
  positions: ReadonlyArray<{ name: string; after: string | null }>,
  log: (line: string) => void,
  options: { reading?: Reading; label?: string; full?: boolean } = {},
) {
  const reading = options.reading ?? {};
  const label = options.label ?? "the step's read";
  await db.unsafe(`prepare bench_first(timestamptz) as ${recipientsText(false, reading)}`);
  await db.unsafe(`prepare bench_next(timestamptz, uuid) as ${recipientsText(true, reading)}`);
  const at = literal(askedAt.toISOString());
  const execute = (after: string | null) =>
    after ? `execute bench_next(${at}, ${literal(after)})` : `execute bench_first(${at})`;
  try {
    for (const { after } of positions) for (let i = 0; i < 6; i++) await db.unsafe(execute(after));
    for (const { name, after } of positions) {
      const [row] = await db.unsafe<Array<{ 'QUERY PLAN': unknown }>>(
        `explain (analyze, buffers, format json) ${execute(after)}`,
      );
      const plan = (row!['QUERY PLAN'] as Array<Parameters<typeof planSummary>[0]>)[0]!;
      log(`    EXPLAIN ${label}, ${name}: ${planSummary(plan)}`);
    }
    if (!options.full) return;
    const middle = positions[Math.floor(positions.length / 2)]!;
    const text = await db.unsafe<Array<{ 'QUERY PLAN': string }>>(
      `explain (analyze, buffers) ${execute(middle.after)}`,
    );
    log(`    EXPLAIN (ANALYZE, BUFFERS) ${label}, ${middle.name}:`);
    for (const line of text) log(`      ${line['QUERY PLAN']}`);
  } finally {
    await db.unsafe('deallocate all');
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the send's count on `table`, summarised. */
export async function explainCount(db: Sql, table: string): Promise<string> {
  const [schema, name] = split(table);
  const [row] = await db.unsafe<Array<{ 'QUERY PLAN': unknown }>>(
    `explain (analyze, buffers, format json) select count(*)::int as count from ${ident(schema)}.${ident(name)}
      where ${ident(SUBSCRIBED)} and deleted_at is null`,
  );
  return planSummary((row!['QUERY PLAN'] as Array<Parameters<typeof planSummary>[0]>)[0]!);
}

/**
 * A copy of the contacts' table (its columns and indexes) with 80% of the rows subscribed, in `public`, vacuumed
 * and analyzed: where the send's count and the step's read are timed as if most contacts read the newsletters,
 * which the delivery's fixed number of recipients does not let the platform's own table be. Answers its
 * `schema.table`; the caller drops it.
 */
export async function mostlySubscribedCopy(db: Sql): Promise<string> {
  const [live] = await db<Array<{ schema: string }>>`
    select 'proj_' || name || '_v' || version as schema from projection_checkpoints
     where name = ${CONTACTS.projection} and status = 'live'`;
  if (!live) throw new Error(`no live projection ${CONTACTS.projection}`);
  const copy = 'bench_contacts_mostly_subscribed';
  await db.unsafe(`drop table if exists public.${copy}`);
  await db.unsafe(
    `create table public.${copy} (like ${ident(live.schema)}.${ident(CONTACTS.table)} including all)`,
  );
  await db.unsafe(`insert into public.${copy} select * from ${ident(live.schema)}.${ident(CONTACTS.table)}`);
  await db.unsafe(
    `update public.${copy} set ${ident(SUBSCRIBED)} = (('x' || substr(md5(id::text), 1, 8))::bit(32)::int % 5 <> 0)`,
  );
  await db.unsafe(`vacuum (full, analyze) public.${copy}`);
  return `public.${copy}`;
}

/** A letter as the dev mailbox keeps it. */
export interface MailboxRow {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
}

/**
 * The baseline: `rows` copies of a delivered letter (each to its own address) inserted into `dev_mailbox` by raw
 * SQL, 20 a batch, one batch after the other on one connection: `multi`, one INSERT of 20 rows a batch; `single`,
 * 20 INSERTs of one row a batch, each its own statement, as the mailer writes them. Answers the rows per second.
 */
export async function baselineInserts(
  db: Sql,
  letter: MailboxRow,
  rows: number,
  mode: 'multi' | 'single',
  tag: string,
): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < rows; start += DELIVER_BATCH) {
    const batch = [];
    for (let n = start; n < Math.min(rows, start + DELIVER_BATCH); n++)
      batch.push({
        to_address: `baseline-${tag}-${n}@example.org`,
        subject: `${letter.subject} (baseline)`,
        text_body: letter.text_body,
        html_body: letter.html_body,
        headers: letter.headers ? db.json(letter.headers) : null,
      });
    if (mode === 'multi')
      await db`insert into dev_mailbox ${db(batch, 'to_address', 'subject', 'text_body', 'html_body', 'headers')}`;
    else
      for (const row of batch)
        await db`insert into dev_mailbox (to_address, subject, text_body, html_body, headers)
          values (${row.to_address}, ${row.subject}, ${row.text_body}, ${row.html_body}, ${row.headers})`;
  }
  return (rows * 1000) / (performance.now() - started);
}
