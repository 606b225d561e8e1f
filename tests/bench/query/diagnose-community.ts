/**
 * What the community section's reads cost, the layer beside the hand-written reads (issue 21): `npx tsx
 * tests/bench/query/diagnose-community.ts [items] [messages]` seeds as the section does (1,000 items and messages
 * through the event store, the rest in bulk; 100,000 items and 1,000,000 messages by default), then for each read
 * and side sends a fixed number of requests and reports per request the statements (pg_stat_database's
 * transactions: each backend flushes them at most once a second, and the projectors' polling of the event store
 * counts in them; diagnose-statements.ts counts them exactly, by statement), the CPU of
 * the served Node process and of the database's backends (/proc), a CPU profile of the served process by package
 * and function, and last the plan of each side's statement with its server time, as auto_explain logged it for
 * the requests themselves (EXPLAIN ANALYZE with buffers; the median of 20 requests one at a time). PROFILE_DIR
 * keeps the profiles (.cpuprofile, for Chrome DevTools or speedscope).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { startCluster } from '../env.ts';
import { communityReads, growLarge, seedSmall, SEARCHES } from './community-bench.ts';
import { communityIds } from './community-seed.ts';
import { profileGroups, ticks } from './cpu-profile.ts';
import { hostPlatform } from './harness.ts';

const items = Number(process.argv[2] ?? 100_000);
const messages = Number(process.argv[3] ?? 1_000_000);
const REQUESTS = 1_000;
const PLANS = 20;
const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function fire(
  url: string,
  headers: Record<string, string>,
  amount: number,
  connections = 16,
): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, amount }, (error, result) =>
      error ? reject(error) : resolve(result['2xx']),
    );
  });
}

/** auto_explain's entries in the server's log: its duration, its plan, and the statement with its parameters. */
function plansIn(text: string, marker: RegExp) {
  return text
    .split(/LOG:\s+duration: /)
    .slice(1)
    .filter((entry) => marker.test(entry))
    .map((entry) => {
      const ms = Number(/^([0-9.]+) ms/.exec(entry)?.[1] ?? Number.NaN);
      // the plan follows the statement's text and its parameters; continuation lines start with a tab
      const lines = entry.split('\n').map((l) => l.replace(/^\t/, ''));
      const textAt = lines.findIndex((l) => l.startsWith('Query Text:'));
      const paramsAt = lines.findIndex((l) => l.startsWith('Query Parameters:'));
      const planAt = paramsAt >= 0 ? paramsAt + 1 : textAt + 1;
      // up to the next line of the log (its time stamp)
      const end = lines.findIndex((l, i) => i > planAt && /^\d{4}-\d\d-\d\d /.test(l));
      const sqlText = lines
        .slice(textAt, paramsAt >= 0 ? paramsAt : planAt)
        .join('\n')
        .replace(/^Query Text: /, '');
      const params = [
        ...(paramsAt >= 0 ? lines[paramsAt]! : '').matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g),
      ].map((m) => (m[2] === 'NULL' ? null : m[3]!.replace(/''/g, "'")));
      return { ms, plan: lines.slice(planAt, end > 0 ? end : undefined).join('\n'), text: sqlText, params };
    });
}

/** Planning and execution time of a statement, the median of `runs` EXPLAIN ANALYZE (no per-node timing). */
async function serverTimes(db: postgres.Sql, text: string, params: Array<string | null>, runs = 30) {
  const planning: number[] = [];
  const execution: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = await db.unsafe<Array<{ 'QUERY PLAN': string }>>(
      `explain (analyze, timing off, summary) ${text}`,
      params as never[],
    );
    const ms = (label: string) =>
      Number(
        out
          .map((r) => r['QUERY PLAN'])
          .find((l) => l.startsWith(label))
          ?.replace(/[^0-9.]/g, '') ?? NaN,
      );
    planning.push(ms('Planning Time'));
    execution.push(ms('Execution Time'));
  }
  // and the statement itself from this client, one at a time: what planning and execution leave out (the rows'
  // output and transfer), with the size of what comes back
  const trips: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const rows = await db.unsafe(text, params as never[]);
    trips.push(performance.now() - started);
    bytes = JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)).length;
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { planning: median(planning), execution: median(execution), trip: median(trips), bytes };
}

async function main() {
  let serverLog = '';
  const cluster = await startCluster({ log: (line) => void (serverLog += `${line}\n`) });
  // PROFILE_DIR: keep the CPU profiles there (a temporary folder, removed at the end, otherwise)
  const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'community-profile-'));
  try {
    const databaseUrl = await cluster.createDatabase('diagnose_community');
    const adminToken = randomBytes(24).toString('base64url');
    const ids = communityIds();
    let host = await hostPlatform({ databaseUrl, adminToken });
    await seedSmall(databaseUrl, ids, { items: 1_000, messages: 1_000 }, log);
    await host.stop();
    await growLarge(databaseUrl, ids, { items: 1_000, messages: 1_000 }, { items, messages }, log);
    host = await hostPlatform({ databaseUrl, adminToken });
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const sides = [
      ...communityReads(ids).map((r) => ({ name: r.name, layer: r.layer, hand: r.hand, locale: 'en' })),
      ...SEARCHES.slice(0, 2).map((s) => {
        const q = `include=image,tags,categories,organization&page[number]=1&page[size]=12&filter[search]=${encodeURIComponent(s.query)}`;
        return {
          name: `search "${s.query}"`,
          layer: `/api/v1/repository-items?${q}`,
          hand: `/api/v1/bench-repository-items?${q}`,
          locale: s.locale,
        };
      }),
    ];
    try {
      log(`${items} items, ${messages} messages; load average ${loadAverage()}`);
      const backends = async () =>
        (
          await db<{ pid: number }[]>`
            select pid from pg_stat_activity
             where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`
        ).map((r) => r.pid);
      const transactions = async () =>
        Number(
          (
            await db<{ n: string }[]>`
              select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = current_database()`
          )[0]!.n,
        );
      for (const read of sides) {
        const headers = { 'accept-language': read.locale };
        log(`\n${read.name}`);
        for (const [side, path] of [
          ['layer', read.layer],
          ['hand-written', read.hand],
        ] as const) {
          const url = `${host.platformUrl}${path}`;
          await fire(url, headers, 200); // warm-up
          const pids = await backends();
          const before = {
            node: ticks(host.pid),
            pg: new Map(pids.map((p) => [p, ticks(p)])),
            tx: await transactions(),
          };
          const started = performance.now();
          const ok = await fire(url, headers, REQUESTS);
          const seconds = (performance.now() - started) / 1000;
          const tx = (await transactions()) - before.tx - 1;
          const pgTicks = (await backends()).reduce((s, p) => s + ticks(p) - (before.pg.get(p) ?? 0), 0);
          const nodeTicks = ticks(host.pid) - before.node;
          log(
            `  ${side}: ${ok}/${REQUESTS} in ${seconds.toFixed(1)} s (${(ok / seconds).toFixed(0)} req/s); ` +
              `${(tx / REQUESTS).toFixed(2)} statements per request; CPU per request: Node ` +
              `${((nodeTicks * 10) / REQUESTS).toFixed(2)} ms, PostgreSQL backends ${((pgTicks * 10) / REQUESTS).toFixed(2)} ms`,
          );
          await host.startProfile();
          await fire(url, headers, REQUESTS);
          const file = join(profileDir, `${read.name}-${side}.cpuprofile`.replace(/[^\w.-]+/g, '-'));
          await host.stopProfile(file);
          const { groups, functions, inclusive } = profileGroups(file);
          log(`  ${side}: CPU profile of the served process, self time by package`);
          for (const line of groups.slice(0, 8)) log(`    ${line}`);
          log(`  ${side}: by function`);
          for (const line of functions.slice(0, 10)) log(`    ${line}`);
          // the middleware's time holds what it calls next (the whole chain): only the reads' own code here
          log(`  ${side}: the reads' own functions with what they call`);
          for (const line of inclusive
            .filter((l) => /resources\/|jsonapi\/|query\/|contracts|db\.ts/.test(l))
            .slice(0, 24))
            log(`    ${line}`);
        }
      }
      // the plans, as the requests themselves run them: auto_explain in every new session of the database
      const name = new URL(databaseUrl).pathname.slice(1);
      await host.stop();
      await db.unsafe(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
      for (const [setting, value] of Object.entries({
        log_min_duration: '0',
        log_analyze: 'on',
        log_buffers: 'on',
        log_timing: 'on',
        log_nested_statements: 'off',
      }))
        await db.unsafe(`alter database ${name} set auto_explain.${setting} = '${value}'`);
      host = await hostPlatform({ databaseUrl, adminToken });
      log(`\nplans (auto_explain, median of ${PLANS} requests one at a time; server time of the statement)`);
      for (const read of sides) {
        const headers = { 'accept-language': read.locale };
        for (const [side, path, marker] of [
          ['layer', read.layer, /list_total/],
          ['hand-written', read.hand, /json_build_object\('type'/],
        ] as const) {
          await fire(`${host.platformUrl}${path}`, headers, 20, 1);
          const from = serverLog.length;
          await fire(`${host.platformUrl}${path}`, headers, PLANS, 1);
          const plans = plansIn(serverLog.slice(from), marker);
          const times = plans.map((p) => p.ms).sort((a, b) => a - b);
          const first = plans[0];
          const server = first ? await serverTimes(db, first.text, first.params) : null;
          log(
            `\n${read.name}, ${side}: ${times[Math.floor(times.length / 2)]?.toFixed(2) ?? '?'} ms as logged ` +
              `(${plans.length} plans); EXPLAIN ANALYZE without per-node timing, median of 30: planning ` +
              `${server?.planning.toFixed(2)} ms, execution ${server?.execution.toFixed(2)} ms; sent alone ` +
              `${server?.trip.toFixed(2)} ms for ${server?.bytes} bytes of rows (as JSON); ` +
              `${first?.text.length ?? 0} characters of SQL, ${first?.params.length ?? 0} parameters\n${first?.plan ?? ''}`,
          );
        }
      }
    } finally {
      await db.end();
      await host.stop();
    }
  } finally {
    if (!process.env.PROFILE_DIR) rmSync(profileDir, { recursive: true, force: true });
    await cluster.stop();
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => process.exit(process.exitCode ?? 0));
