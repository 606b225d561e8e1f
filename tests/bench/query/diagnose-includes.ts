/**
 * What a page with two includes costs, the layer beside the hand-written join (issue 15): `npx tsx
 * tests/bench/query/diagnose-includes.ts [rows]` seeds the resource bench's products (10,000 by default), then for
 * each side (and a hand-written read sending four statements: the page, its count and each included type by id)
 * sends a fixed number of requests and reports per request: the SQL statements (transactions counted
 * by pg_stat_database; every read is one autocommit statement), the CPU of the served Node process and of the
 * database's backends (/proc), and a CPU profile of the served process grouped by package; last, each statement's
 * plan and server time (EXPLAIN ANALYZE, median of repeated runs).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { startCluster } from '../env.ts';
import { profileGroups as groups, ticks } from './cpu-profile.ts';
import { hostPlatform } from './harness.ts';
import { growProducts, PAGE_SIZE, relatedIds, seedRelated } from './resource-bench.ts';

const rows = Number(process.argv[2] ?? 10_000);
const REQUESTS = 2_000;
const log = (line: string) => process.stdout.write(`${line}\n`);
function fire(url: string, headers: Record<string, string>, amount: number): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 16, amount }, (error, result) =>
      error ? reject(error) : resolve(result['2xx']),
    );
  });
}

async function main() {
  const cluster = await startCluster();
  const profileDir = mkdtempSync(join(tmpdir(), 'includes-profile-'));
  try {
    const databaseUrl = await cluster.createDatabase('includes');
    const adminToken = randomBytes(24).toString('base64url');
    const host = await hostPlatform({ databaseUrl, adminToken });
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const ids = relatedIds();
      await seedRelated(databaseUrl, ids);
      await growProducts(databaseUrl, ids, 0, rows);
      log(
        `${rows} products; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' / ')}`,
      );
      const headers = { authorization: `Bearer ${adminToken}` };
      const query = `page[size]=${PAGE_SIZE}&sort=name&include=category,owner`;
      const sides = {
        layer: `${host.platformUrl}/api/v1/bench-products?${query}`,
        'hand join': `${host.platformUrl}/api/v1/bench-products-by-hand?${query}`,
        'hand, 4 statements': `${host.platformUrl}/api/v1/bench-products-by-hand-in-four?${query}`,
      };
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
      for (const url of Object.values(sides)) await fire(url, headers, 500); // warm-up
      for (const [name, url] of Object.entries(sides)) {
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
        const after = await backends();
        const pgTicks = after.reduce((s, p) => s + ticks(p) - (before.pg.get(p) ?? 0), 0);
        const nodeTicks = ticks(host.pid) - before.node;
        log(
          `${name}: ${ok}/${REQUESTS} answered in ${seconds.toFixed(1)} s (${(ok / seconds).toFixed(0)} req/s); ` +
            `${(tx / REQUESTS).toFixed(2)} statements per request; CPU per request: Node ${((nodeTicks * 10) / REQUESTS).toFixed(2)} ms, ` +
            `PostgreSQL backends ${((pgTicks * 10) / REQUESTS).toFixed(2)} ms`,
        );
      }
      for (const [name, url] of Object.entries(sides)) {
        await host.startProfile();
        await fire(url, headers, REQUESTS);
        const file = join(profileDir, `${name.replace(/\W+/g, '-')}.cpuprofile`);
        await host.stopProfile(file);
        const { groups: g, functions } = groups(file);
        log(`\n${name}: CPU profile of the served process, self time by package`);
        for (const line of g) log(`  ${line}`);
        log(`${name}: by function`);
        for (const line of functions) log(`  ${line}`);
      }
      // the statements each side sends (the layer's one statement in its parts, as routes.ts builds them for an
      // administrator: the page and its count, then each included type by the page's ids)
      const [sample] = await db<{ category_ids: string[]; owner_ids: string[] }[]>`
        select array_agg(category_id::text) as category_ids, array_agg(owner_id::text) as owner_ids
          from (select category_id, owner_id from read.bench_products where deleted_at is null
                 order by name, id limit ${PAGE_SIZE}) p`;
      const statements: Array<[string, string, unknown[]]> = [
        [
          'layer: page',
          `select * from read.bench_products r where ((true and r.deleted_at is null)) order by r.name asc, r.id limit ${PAGE_SIZE} offset 0`,
          [],
        ],
        [
          'layer: count',
          `select count(*)::int as total from read.bench_products r where ((true and r.deleted_at is null))`,
          [],
        ],
        [
          'layer: tags by id',
          `select * from read.tags r where r.id = any($1::uuid[]) and (true)`,
          [[...new Set(sample!.category_ids)]],
        ],
        [
          'layer: users by id',
          `select id::text, first_name, last_name from read.users where id = any($1::uuid[])`,
          [[...new Set(sample!.owner_ids)]],
        ],
        [
          'hand: join',
          `select p.id, p.name, p.description, p.price, p.category_id, p.owner_id, p.created_at, p.updated_at,
                  p.deleted_at, p.version, t.name as tag_name, t.created_at as tag_created_at,
                  t.updated_at as tag_updated_at, t.version as tag_version,
                  u.first_name as user_first_name, u.last_name as user_last_name
             from read.bench_products p
             left join read.tags t on t.id = p.category_id
             left join read.users u on u.id = p.owner_id
            where p.deleted_at is null order by p.name asc, p.id limit ${PAGE_SIZE} offset 0`,
          [],
        ],
        [
          'hand: count',
          `select count(*)::int as total from read.bench_products where deleted_at is null`,
          [],
        ],
      ];
      log('\nEXPLAIN ANALYZE, median of 50 runs (planning + execution, ms)');
      for (const [name, text, params] of statements) {
        const times: number[] = [];
        let plan = '';
        for (let i = 0; i < 50; i++) {
          const out = await db.unsafe<Array<{ 'QUERY PLAN': string }>>(
            `explain (analyze, buffers) ${text}`,
            params as never[],
          );
          const lines = out.map((r) => r['QUERY PLAN']);
          const ms = (label: string) =>
            Number(lines.find((l) => l.startsWith(label))?.replace(/[^0-9.]/g, '') ?? NaN);
          times.push(ms('Planning Time') + ms('Execution Time'));
          if (i === 0) plan = lines.filter((l) => !/Time:|Buffers:|Planning:/.test(l.trim())).join('\n    ');
        }
        times.sort((a, b) => a - b);
        log(`  ${name}: ${times[25]!.toFixed(3)} ms\n    ${plan}`);
      }
    } finally {
      await db.end();
      await host.stop();
    }
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await cluster.stop();
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => process.exit(process.exitCode ?? 0));
