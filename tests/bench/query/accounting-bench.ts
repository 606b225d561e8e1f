/**
 * `npm run bench -- --only accounting` (ADR 0058): a member's account records, `GET /api/v1/account-transactions?
 * filter[account]=<id>` with the account's balance (`meta.totals.balance`, credits less debits over every matching
 * movement, a second statement after the page), as the member's account screen asks for it (web/src/features/
 * accounting/accounting-api.ts: sorted by -createdAt, twenty a page), signed in as that member (a session cookie,
 * so the owner rule applies), at two sizes of the movements' table. The claim: the page with its balance costs
 * what one account's movements cost, through the relationship's index, not what the table holds.
 *
 * Seeding: the member (through the users API, then one sign-in after each start of the platform) and the first
 * `projected` movements through the event store, the platform's projection writing them (the member's 50 among
 * them, every `projected / member`-th); then, the platform stopped, the rest in bulk beside the read model
 * (community-bulk.ts: the `AccountTransactionCreated` events into `es_events`, the rows into the projection's table
 * by set-based SQL), then `vacuum analyze`. The member's movements are the same 50 at both sizes; only the other
 * accounts' grow (`accounts` of them, movement n on account n mod accounts), their dates spread over the same year
 * as the member's, so the member's rows are interleaved with everybody's in the table's `created_at` order.
 *
 * Per size, in rotating autocannon slices (16 connections): the member's first page with the balance; the same
 * list without the filter (the owner rule alone: the same 50 rows, no totals); the balance read with the API token
 * (the same SQL without the session's statements); the raw-SQL baseline: the layer's two statements (the page with
 * its capped count, then the sum) run straight on a pool of the platform's read pool kind and size (slonik, 10
 * connections) from this process, 16 in flight; and bare Express answering as many bytes as the balance read. Each
 * read is first checked: the page's ids, the total and the balance against what the seed put there, and the raw
 * statements against the layer's answer. Then EXPLAIN (ANALYZE, BUFFERS) of both statements at each size.
 * Target: the balance read at the large size at ≥ 0.9× the small one, normalised by bare Express (as the community
 * section holds its lists flat).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { accountTransactionResource } from '@platform/contracts/accounting/records';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { createSql } from '@platform/infra/db/postgres';
import { resourceTable } from '@platform/infra/resources/table';
import { anyRow, createReadPool, sql as slonik } from '@platform/query-api/db';
import { z } from 'zod/v4';
import type { BenchCluster } from '../env.ts';
import { percentile } from '../report.ts';
import { benchProductResource } from './bench-products.ts';
import { bulkCreate } from './community-bulk.ts';
import { appendSeed, type SeedEvent } from './community-seed.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { load, p50, rateOf, rotate, type Load } from './load.ts';

export interface AccountingBenchCounts {
  /** movements in the table, the small size first */
  sizes: [number, number];
  /** movements written through the event store and the platform's projection (the member's among them) */
  projected: number;
  /** the measured member's movements (the same at both sizes) */
  member: number;
  /** the other accounts the movements are spread over */
  accounts: number;
  connections: number;
  slices: number;
  secondsPerSlice: number;
}
export const ACCOUNTING_FULL: AccountingBenchCounts = {
  sizes: [10_000, 1_000_000],
  projected: 1_000,
  member: 50,
  // about 50 movements an account at the large size, as many as the measured member
  accounts: 20_000,
  connections: 16,
  slices: 4,
  secondsPerSlice: 2,
};
export const ACCOUNTING_QUICK: AccountingBenchCounts = {
  sizes: [2_000, 20_000],
  projected: 1_000,
  member: 50,
  accounts: 400,
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
};

/** The catalogue the bench's platform serves (query/server.ts). */
const CATALOGUE = [...resourceCatalogue, benchProductResource];
const SHAPE = resourceTable(accountTransactionResource);
const TABLE = `read.${SHAPE.table}`;
/** the account screen's page (web/src/features/accounting/accounting-api.ts ACCOUNT_PAGE_SIZE) */
const PAGE_SIZE = 20;
/** what the list counts at most (ADR 0045: max(1,000, the page's end), one more to tell it stopped) */
const COUNT_LIMIT = 1_001;
/** the platform's read pool (query-api/src/db.ts createReadPool's default) */
const READ_POOL = 10;

const BASE = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '-');
const p95 = (l: Load) => percentile(l.latencies, 95);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

export interface Ids {
  member: string;
  admin: string;
  accounts: string[];
}

/** The member's k-th movement: two credits, then a debit; once a week over the year before BASE. */
export function memberMovement(k: number) {
  const operation = k % 3 === 2 ? ('debit' as const) : ('credit' as const);
  return {
    amount: 500 + ((k * 7_919) % 100) * 100,
    operation,
    comment: operation === 'debit' ? `Invoice ${k + 1}` : `Payment ${k + 1}`,
    recordedAt: new Date(BASE - k * 7 * DAY + 3_600_000).toISOString(),
  };
}

/** Credits less debits of the member's `count` movements, in cents. */
export const memberBalance = (count: number) =>
  Array.from({ length: count }, (_, k) => memberMovement(k)).reduce(
    (sum, m) => sum + (m.operation === 'debit' ? -m.amount : m.amount),
    0,
  );

/** Movement n: the member's every `stride`-th among the projected ones, else account n mod accounts. */
export function movementEvent(n: number, ids: Ids, counts: AccountingBenchCounts): SeedEvent {
  const id = randomUUID();
  const stride = Math.floor(counts.projected / counts.member);
  const mine = n < counts.projected && n % stride === 0 && n / stride < counts.member;
  const m = mine
    ? memberMovement(n / stride)
    : {
        amount: 100 + ((n * 31) % 10_000) * 10,
        operation: n % 2 === 0 ? ('debit' as const) : ('credit' as const),
        comment: n % 4 === 0 ? `Movement ${n}` : null,
        // spread over the year before BASE (a permutation of the numbers, so that sizes interleave too)
        recordedAt: new Date(BASE - ((n * 7_919) % 1_000_003) * 31_536).toISOString(),
      };
  return {
    streamId: accountTransactionResource.streamId(id),
    type: accountTransactionResource.events.created,
    actorId: ids.admin,
    recordedAt: m.recordedAt,
    data: {
      id,
      attributes: { amount: m.amount, operation: m.operation, comment: m.comment },
      relationships: { account: mine ? ids.member : ids.accounts[n % ids.accounts.length]! },
    },
  };
}

/** The member as the back office creates one (verified e-mail), and a sign-in answering its session cookie. */
export async function createMember(host: HostedPlatform, adminToken: string) {
  const email = `bench-member-${Date.now().toString(36)}@bench.invalid`;
  const password = 'correct horse battery staple';
  const created = await fetch(`${host.platformUrl}/api/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: {
        type: 'users',
        attributes: { firstName: 'Bench', lastName: 'Member', email, password, emailVerified: true },
      },
    }),
  });
  const text = await created.text();
  if (created.status !== 201) throw new Error(`the member: ${created.status} ${text.slice(0, 300)}`);
  const id = (JSON.parse(text) as { data: { id: string } }).data.id;
  return { id, email, password };
}

export async function signIn(host: HostedPlatform, member: { email: string; password: string }) {
  // the users' read model may not have the member yet: a few tries
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(`${host.platformUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    const cookie = answer.headers
      .getSetCookie()
      .map((set) => /^atc_session=([^;]+)/.exec(set)?.[1])
      .find(Boolean);
    const text = await answer.text();
    if (answer.status === 200 && cookie) return cookie;
    if (attempt >= 20) throw new Error(`the member's sign-in: ${answer.status} ${text.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The layer's two statements for the member's first page, as query-api/src/resources/routes.ts writes them for the
 * list and its totals: the owner rule as the member's visibility (readableSql of `either(APP_ADMINS, 'owner')`), then
 * the filter; the page with its capped count (ADR 0045), then the sum. Rows as the layer reads them (`r.*`, unparsed).
 */
function statements(member: string) {
  const table = slonik.identifier(['read', SHAPE.table]);
  const where = slonik.fragment`(("r"."account_id" = ${member})) and "r"."account_id" = ${member}`;
  return {
    page: slonik.type(ANY_ROW)`select r.*, (select count(*)::int from (select 1 from ${table} r where ${where}
        limit ${COUNT_LIMIT}) c) as list_total
      from ${table} r where ${where} order by "r"."created_at" desc nulls last, "r"."id" limit ${PAGE_SIZE} offset ${0}`,
    sum: slonik.type(
      ANY_ROW,
    )`select coalesce(sum(case when "r"."operation" = any(${slonik.array(['debit'], 'text')})
        then -"r"."amount" else "r"."amount" end), 0)::bigint as "balance"
      from ${table} r where ${where}`,
  };
}
const ANY_ROW = anyRow(z.record(z.string(), z.unknown()));

/** A statement with its values written out, for EXPLAIN (the platform's statements are unnamed: planned for
 * their values each time, as these are). */
function inline(token: { sql: string; values: readonly unknown[] }): string {
  return token.sql.replace(/\$slonik_(\d+)/g, (_, n: string) => {
    const value = token.values[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    if (Array.isArray(value)) return `'{${value.join(',')}}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

interface Side {
  name: string;
  /** the read's answer in bytes (HTTP sides) */
  bytes?: number;
  run(seconds: number): Promise<Load>;
}

/** `inFlight` loops running `task` back to back for `seconds`, each run's latency kept (as autocannon's). */
async function closedLoop(task: () => Promise<void>, inFlight: number, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        const at = performance.now();
        try {
          await task();
          latencies.push(performance.now() - at);
        } catch {
          failures++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    failures,
  };
}

interface ListDocument {
  data: Array<{ id: string }>;
  meta: { total: number; totals?: { balance?: number } };
}

async function read(url: string, headers: Record<string, string>) {
  const answer = await fetch(url, { headers });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${text.slice(0, 300)}`);
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) as ListDocument };
}

export interface AccountingFigure {
  size: number;
  read: string;
  bytes?: number;
  load: Load;
}

/** A plan's nodes, outermost first (`Limit > Sort > Bitmap Heap Scan on …`), its time and its buffers. */
function planSummary(plan: {
  Plan: Record<string, unknown>;
  'Execution Time': number;
  'Planning Time': number;
}) {
  const nodes: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const index = node['Index Name'] ? ` using ${String(node['Index Name'])}` : '';
    const on = node['Relation Name'] ? ` on ${String(node['Relation Name'])}` : '';
    nodes.push(`${String(node['Node Type'])}${on}${index}`);
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
  };
  walk(plan.Plan);
  const hit = Number(plan.Plan['Shared Hit Blocks'] ?? 0);
  const readBlocks = Number(plan.Plan['Shared Read Blocks'] ?? 0);
  return `${nodes.join(' > ')}; planning ${plan['Planning Time'].toFixed(2)} ms, execution ${plan['Execution Time'].toFixed(2)} ms, ${hit + readBlocks} buffers (${readBlocks} read)`;
}

async function explain(databaseUrl: string, member: string, log: (line: string) => void) {
  const db = createSql(databaseUrl, { max: 1 });
  try {
    const s = statements(member);
    for (const [name, token] of [
      ['page', s.page],
      ['sum', s.sum],
    ] as const) {
      const text = inline(token);
      // twice: the second is the warm one the measurement saw
      await db.unsafe(`explain (analyze, buffers, format json) ${text}`);
      const [row] = await db.unsafe<Array<{ 'QUERY PLAN': unknown }>>(
        `explain (analyze, buffers, format json) ${text}`,
      );
      const plan = (row!['QUERY PLAN'] as Array<Parameters<typeof planSummary>[0]>)[0]!;
      log(`    EXPLAIN ${name}: ${planSummary(plan)}`);
    }
    const [stats] = await db<Array<{ rows: string; pages: number; size: string }>>`
      select c.reltuples::bigint::text as rows, c.relpages as pages, pg_size_pretty(pg_total_relation_size(c.oid)) as size
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relname = ${SHAPE.table} and c.relkind = 'r' and n.nspname like 'proj_%'`;
    if (stats)
      log(
        `    table: ${fmt(Number(stats.rows))} rows, ${fmt(stats.pages)} pages, ${stats.size} with its indexes`,
      );
  } finally {
    await db.end();
  }
}

async function measureSize(options: {
  host: HostedPlatform;
  databaseUrl: string;
  adminToken: string;
  cookie: string;
  ids: Ids;
  size: number;
  counts: AccountingBenchCounts;
  log: (line: string) => void;
}): Promise<AccountingFigure[]> {
  const { host, databaseUrl, adminToken, cookie, ids, size, counts, log } = options;
  const member = { cookie: `atc_session=${cookie}` };
  const token = { authorization: `Bearer ${adminToken}` };
  const query = `sort=-createdAt&page[number]=1&page[size]=${PAGE_SIZE}`;
  const balancePath = `/api/v1/account-transactions?filter[account]=${ids.member}&${query}`;
  const listPath = `/api/v1/account-transactions?${query}`;
  const expected = memberBalance(counts.member);

  // the answers, checked before anything is timed
  const balance = await read(`${host.platformUrl}${balancePath}`, member);
  const list = await read(`${host.platformUrl}${listPath}`, member);
  const byToken = await read(`${host.platformUrl}${balancePath}`, token);
  for (const [name, doc, totals] of [
    ['balance read', balance.body, true],
    ['list without the filter', list.body, false],
    ['balance read, API token', byToken.body, true],
  ] as const) {
    if (doc.meta.total !== counts.member || doc.data.length !== Math.min(PAGE_SIZE, counts.member))
      throw new Error(`${name}: ${doc.meta.total} movements, ${doc.data.length} on the page`);
    if (totals && doc.meta.totals?.balance !== expected)
      throw new Error(`${name}: balance ${doc.meta.totals?.balance}, the seed makes it ${expected}`);
    if (!totals && doc.meta.totals !== undefined) throw new Error(`${name} answered totals`);
  }
  const pageIds = balance.body.data.map((d) => d.id).join(',');
  if (list.body.data.map((d) => d.id).join(',') !== pageIds)
    throw new Error('the list without the filter answers another page');

  const pool = await createReadPool(databaseUrl, { maximumPoolSize: READ_POOL });
  try {
    const s = statements(ids.member);
    const runRaw = async () => {
      const rows = await pool.any(s.page);
      const sum = await pool.oneFirst(s.sum);
      return { rows, sum };
    };
    const raw = await runRaw();
    if (
      raw.rows.map((r) => String(r.id)).join(',') !== pageIds ||
      Number(raw.rows[0]?.list_total) !== counts.member ||
      Number(raw.sum) !== expected
    )
      throw new Error('the raw statements answer another page, total or balance than the layer');

    const http = (name: string, path: string, headers: Record<string, string>, bytes?: number): Side => ({
      name,
      ...(bytes !== undefined ? { bytes } : {}),
      run: (secs) =>
        load({ url: `${host.platformUrl}${path}`, headers, connections: counts.connections, seconds: secs }),
    });
    const sides: Side[] = [
      http('balance read (member)', balancePath, member, balance.bytes),
      http('list without the filter (member)', listPath, member, list.bytes),
      http('balance read (API token)', balancePath, token, byToken.bytes),
      {
        name: 'raw SQL, the two statements',
        run: (secs) =>
          closedLoop(
            async () => {
              await runRaw();
            },
            counts.connections,
            secs,
          ),
      },
      {
        name: 'bare Express, same bytes',
        bytes: balance.bytes,
        run: (secs) =>
          load({
            url: `${host.bareUrl}/bytes/${balance.bytes}`,
            connections: counts.connections,
            seconds: secs,
          }),
      },
    ];
    // warm-up, not counted: a second of each
    await rotate(sides, 1, 1);
    const loads = await rotate(sides, counts.slices, counts.secondsPerSlice);
    const figures = sides.map((side, i) => ({
      size,
      read: side.name,
      ...(side.bytes !== undefined ? { bytes: side.bytes } : {}),
      load: loads[i]!,
    }));
    for (const f of figures)
      log(
        `  ${f.read.padEnd(34)} at ${fmt(size)} movements: ${fmt(rateOf(f.load))} req/s, p50 ${ms(p50(f.load))} ms, ` +
          `p95 ${ms(p95(f.load))} ms${f.load.failures ? `, ${f.load.failures} failed` : ''}`,
      );
    log(`  (load average ${loadAverage()})`);
    await explain(databaseUrl, ids.member, log);
    return figures;
  } finally {
    await pool.end();
  }
}

/**
 * The movements `from` .. `to` - 1 in bulk beside the read model (community-bulk.ts), the platform stopped; then the
 * table's rows counted, the database vacuumed and analyzed and written out, as community-bench's growLarge does.
 */
export async function grow(
  databaseUrl: string,
  ids: Ids,
  from: number,
  to: number,
  counts: AccountingBenchCounts,
  log: (line: string) => void,
) {
  const started = performance.now();
  const db = createSql(databaseUrl, { max: 2 });
  try {
    const { seconds: bulk } = await bulkCreate(db, {
      catalogue: CATALOGUE,
      definition: accountTransactionResource,
      from,
      to,
      make: (n) => movementEvent(n, ids, counts),
      log,
    });
    log(`  movements grown to ${fmt(to)} in ${bulk.toFixed(0)} s`);
    const [rows] = await db.unsafe<Array<{ all: number; mine: number }>>(
      `select count(*)::int as all, count(*) filter (where account_id = $1)::int as mine from ${TABLE}`,
      [ids.member],
    );
    if (rows!.all !== to || rows!.mine !== counts.member)
      throw new Error(`${rows!.all} movements (${rows!.mine} the member's), ${to} (${counts.member}) seeded`);
    await db`vacuum analyze`;
    await db`checkpoint`.catch(() => undefined);
  } finally {
    await db.end();
  }
  log(
    `  ${fmt(to)} movements written, counted, vacuumed in ${seconds(started)} s (load average ${loadAverage()})`,
  );
}

export async function accountingBench(options: {
  cluster: BenchCluster;
  counts: AccountingBenchCounts;
  log: (line: string) => void;
}): Promise<AccountingFigure[]> {
  const { cluster, counts, log } = options;
  const [small, large] = counts.sizes;
  if (counts.projected > small || counts.projected < counts.member)
    throw new Error("the projected movements hold the member's and fit in the small size");
  const databaseUrl = await cluster.createDatabase('accounting');
  const adminToken = randomBytes(24).toString('base64url');
  log(
    `accounting: autocannon, ${counts.connections} connections, ${counts.slices} rotating slices of ` +
      `${counts.secondsPerSlice} s per side; the member's ${counts.member} movements among ${fmt(small)} then ` +
      `${fmt(large)}, the others over ${fmt(counts.accounts)} accounts`,
  );
  const figures: AccountingFigure[] = [];
  let host = await hostPlatform({ databaseUrl, adminToken });
  try {
    let started = performance.now();
    const created = await createMember(host, adminToken);
    const ids: Ids = {
      member: created.id,
      admin: randomUUID(),
      accounts: Array.from({ length: counts.accounts }, () => randomUUID()),
    };
    // signed in once before the seed waits for every projection (a sign-in may append)
    await signIn(host, created);
    await appendSeed(databaseUrl, 0, counts.projected, (n) => movementEvent(n, ids, counts), { log });
    log(
      `  the member and ${fmt(counts.projected)} movements (the member's ${counts.member}) appended and projected in ` +
        `${seconds(started)} s`,
    );
    for (const [from, to] of [
      [counts.projected, small],
      [small, large],
    ] as const) {
      await host.stop();
      await grow(databaseUrl, ids, from, to, counts, log);
      host = await hostPlatform({ databaseUrl, adminToken });
      started = performance.now();
      const cookie = await signIn(host, created);
      figures.push(
        ...(await measureSize({ host, databaseUrl, adminToken, cookie, ids, size: to, counts, log })),
      );
      log(`  ${fmt(to)} movements measured in ${seconds(started)} s`);
    }
  } finally {
    await host.stop();
  }
  log('');
  log(formatAccountingReport(figures));
  return figures;
}

export const ACCOUNTING_TARGET = {
  /** the balance read at the large size at ≥ 0.9× the small one, normalised by bare Express */
  flat: 0.9,
};
const BALANCE = 'balance read (member)';
const BARE = 'bare Express, same bytes';
const RAW = 'raw SQL, the two statements';

/** The table of reads per size, the ratios, the growth between the sizes and the target. */
export function formatAccountingReport(figures: readonly AccountingFigure[]): string {
  const sizes = [...new Set(figures.map((f) => f.size))].sort((a, b) => a - b);
  const at = (size: number, read: string) => figures.find((f) => f.size === size && f.read === read);
  const lines = [
    '| read | movements | bytes | req/s | p50 ms | p95 ms | vs raw SQL | vs bare Express |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const size of sizes)
    for (const f of figures.filter((x) => x.size === size)) {
      const raw = at(size, RAW);
      const bare = at(size, BARE);
      const ratio = (other: AccountingFigure | undefined) =>
        other && other !== f ? `${fmt(rateOf(f.load) / rateOf(other.load), 2)}x` : '';
      lines.push(
        `| ${f.read} | ${fmt(size)} | ${f.bytes !== undefined ? fmt(f.bytes) : ''} | ${fmt(rateOf(f.load))} | ` +
          `${ms(p50(f.load))} | ${ms(p95(f.load))} | ${ratio(raw)} | ${ratio(bare)} |`,
      );
    }
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  if (small === undefined || large === undefined || small === large) return lines.join('\n');
  lines.push(
    '',
    `| read | ${fmt(large)} vs ${fmt(small)} movements (req/s) | normalised by bare Express | p50, large / small |`,
    '|---|---|---|---|',
  );
  const bareGrowth = rateOf(at(large, BARE)!.load) / rateOf(at(small, BARE)!.load);
  let balanceGrowth = Number.NaN;
  for (const f of figures.filter((x) => x.size === small)) {
    const l = at(large, f.read);
    if (!l) continue;
    const growth = rateOf(l.load) / rateOf(f.load);
    if (f.read === BALANCE) balanceGrowth = growth / bareGrowth;
    lines.push(
      `| ${f.read} | ${fmt(growth, 2)}x | ${f.read === BARE ? '' : `${fmt(growth / bareGrowth, 2)}x`} | ` +
        `${fmt(p50(l.load) / p50(f.load), 2)}x |`,
    );
  }
  lines.push(
    '',
    'Target (ADR 0058):',
    `  ${balanceGrowth >= ACCOUNTING_TARGET.flat ? 'PASS' : 'MISS'}  ${BALANCE}: ${fmt(large)} movements >= ` +
      `${ACCOUNTING_TARGET.flat}x ${fmt(small)} (req/s, normalised by bare Express): ${fmt(balanceGrowth, 2)}x`,
  );
  return lines.join('\n');
}
