/**
 * What the database does for one request of the community section's reads, the layer beside the hand-written
 * twin (issue 21): `npx tsx tests/bench/query/diagnose-statements.ts [items] [messages] [part of a read's name]`
 * seeds as the section does (1,000 items and messages through the event store, the rest in bulk), on an embedded
 * PostgreSQL with pg_stat_statements preloaded, then for each read and side sends REQUESTS requests (1,000) one
 * at a time and over 16 connections (CONNECTIONS=1,16), ROUNDS times (1), and reports per request:
 *
 * - every statement the database ran, by its normalised text: calls, planning and execution time (wall time,
 *   so under load they stretch), buffers, JIT functions. The projectors' polling of the event store shows too:
 *   it runs by the clock, not by the request, so a slower side counts more of it per request;
 * - the CPU of the read pool's backends (the served process's other pool, `application_name` platform, left
 *   out) and of the served Node process, from the scheduler's account, so not stretched by the machine's load;
 * - the minor page faults of those backends: memory a backend gave back to the system after a statement and
 *   touched again in the next (glibc trims its heap when the free memory at its top passes a threshold that
 *   follows the largest block it had mapped; a statement that plans with more memory than the others a backend
 *   runs can fault its memory in again at every request).
 *
 * pg_stat_database's transaction counts (diagnose-community.ts) are flushed by each backend at most once a
 * second; these counts are exact.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { startCluster } from '../env.ts';
import { communityReads, growLarge, seedSmall } from './community-bench.ts';
import { communityIds, type CommunityIds } from './community-seed.ts';
import { cpuMs, minorFaults } from './cpu-profile.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';

const items = Number(process.argv[2] ?? 100_000);
const messages = Number(process.argv[3] ?? 1_000_000);
const only = process.argv[4];
const REQUESTS = Number(process.env.REQUESTS ?? 1_000);
const CONNECTIONS = (process.env.CONNECTIONS ?? '1,16').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function fire(url: string, headers: Record<string, string>, amount: number, connections: number) {
  return new Promise<number>((resolve, reject) => {
    autocannon({ url, headers, connections, amount }, (error, result) =>
      error ? reject(error) : resolve(result['2xx']),
    );
  });
}

interface StatementRow {
  query: string;
  calls: string;
  plans: string;
  total_plan_time: number;
  total_exec_time: number;
  shared_blks_hit: string;
  jit_functions: string;
}

async function main() {
  // a database seeded before (DIAGNOSE_DATABASE_URL, on a server preloading pg_stat_statements) and the ids it
  // was seeded with (DIAGNOSE_IDS, a JSON file of communityIds()): the same rows measured again, without seeding
  const existing = process.env.DIAGNOSE_DATABASE_URL;
  if (existing) {
    const ids = JSON.parse(readFileSync(process.env.DIAGNOSE_IDS ?? '', 'utf8')) as CommunityIds;
    const host = await hostPlatform({
      databaseUrl: existing,
      adminToken: randomBytes(24).toString('base64url'),
    });
    try {
      await measure(existing, host, ids);
    } finally {
      await host.stop();
    }
    return;
  }
  const cluster = await startCluster({
    settings: {
      shared_preload_libraries: 'pg_stat_statements',
      'pg_stat_statements.track': 'top',
      'pg_stat_statements.track_utility': 'on',
      'pg_stat_statements.track_planning': 'on',
    },
  });
  try {
    const databaseUrl = await cluster.createDatabase('diagnose_statements');
    const adminToken = randomBytes(24).toString('base64url');
    const ids = communityIds();
    let host = await hostPlatform({ databaseUrl, adminToken });
    await seedSmall(databaseUrl, ids, { items: 1_000, messages: 1_000 }, log);
    await host.stop();
    if (items > 1_000)
      await growLarge(databaseUrl, ids, { items: 1_000, messages: 1_000 }, { items, messages }, log);
    host = await hostPlatform({ databaseUrl, adminToken });
    try {
      await measure(databaseUrl, host, ids);
    } finally {
      await host.stop();
    }
  } finally {
    await cluster.stop();
  }
}

async function measure(databaseUrl: string, host: HostedPlatform, ids: CommunityIds) {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await db`create extension if not exists pg_stat_statements`;
    const settings = await db<{ name: string; setting: string }[]>`
      select name, setting from pg_settings
       where name in ('jit', 'jit_above_cost', 'jit_provider', 'plan_cache_mode',
                      'default_transaction_isolation', 'max_parallel_workers_per_gather', 'work_mem')`;
    log(`${items} items, ${messages} messages; load average ${loadAverage()}`);
    log(`settings: ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`);
    const database = (
      await db<{ oid: number }[]>`select oid from pg_database where datname = current_database()`
    )[0]!.oid;
    // the read pool's backends: the served process's other pool (projectors, event store) names itself
    const readBackends = async () =>
      (
        await db<{ pid: number }[]>`
          select pid from pg_stat_activity
           where datname = current_database() and backend_type = 'client backend'
             and pid <> pg_backend_pid() and application_name <> 'platform'`
      ).map((r) => r.pid);
    for (const read of communityReads(ids).filter((r) => !only || r.name.includes(only))) {
      const headers = { 'accept-language': 'en' };
      log(`\n${read.name}`);
      for (const connections of CONNECTIONS)
        for (let round = 0; round < ROUNDS; round++)
          for (const [side, path] of [
            ['layer', read.layer],
            ['hand-written', read.hand],
          ] as const) {
            const url = `${host.platformUrl}${path}`;
            await fire(url, headers, 200, connections); // warm-up
            await db`select pg_stat_statements_reset()`;
            const pids = await readBackends();
            const before = {
              node: cpuMs(host.pid),
              cpu: new Map(pids.map((p) => [p, cpuMs(p)])),
              faults: new Map(pids.map((p) => [p, minorFaults(p)])),
            };
            const started = performance.now();
            const ok = await fire(url, headers, REQUESTS, connections);
            const seconds = (performance.now() - started) / 1000;
            const after = await readBackends();
            const per = (total: number) => (total / REQUESTS).toFixed(2);
            const backendMs = after.reduce((s, p) => s + cpuMs(p) - (before.cpu.get(p) ?? 0), 0);
            const faults = after.reduce((s, p) => s + minorFaults(p) - (before.faults.get(p) ?? 0), 0);
            const nodeMs = cpuMs(host.pid) - before.node;
            const rows = await db<StatementRow[]>`
              select query, calls::text, plans::text, total_plan_time, total_exec_time,
                     shared_blks_hit::text, jit_functions::text
                from pg_stat_statements
               where dbid = ${database} and query not like '%pg_stat_%'
               order by calls desc, total_exec_time desc`;
            const calls = rows.reduce((s, r) => s + Number(r.calls), 0);
            log(
              `  ${side}, ${connections} connection${connections > 1 ? 's' : ''}: ${ok}/${REQUESTS} in ` +
                `${seconds.toFixed(1)} s (${(ok / seconds).toFixed(0)} req/s, load ${loadAverage()}); per request: ` +
                `${per(calls)} statements, CPU of the read pool's ${after.length} backends ${per(backendMs)} ms ` +
                `(${(faults / REQUESTS).toFixed(0)} page faults), of Node ${per(nodeMs)} ms`,
            );
            for (const r of rows.slice(0, 8)) {
              const n = Number(r.calls);
              log(
                `    ${(n / REQUESTS).toFixed(3)}/request: planning ${(r.total_plan_time / Math.max(1, Number(r.plans))).toFixed(2)} ms, ` +
                  `execution ${(r.total_exec_time / n).toFixed(2)} ms, ${(Number(r.shared_blks_hit) / n).toFixed(0)} buffers, ` +
                  `JIT functions ${r.jit_functions}; ${r.query.length} characters: ` +
                  `${r.query.replace(/\s+/g, ' ').slice(0, 100)}`,
              );
            }
          }
    }
  } finally {
    await db.end();
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => process.exit(process.exitCode ?? 0));
