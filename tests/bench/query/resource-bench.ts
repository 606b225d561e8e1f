/**
 * The resource layer's read path beside hand-written SQL, in alternating autocannon slices of one run:
 *
 * - issue 15: a page of bench products (bench-products.ts: two to-one relationships, a tag and a user) with
 *   `include=category,owner` (GET /api/v1/bench-products?page[size]=25&sort=name&include=category,owner) beside
 *   the same document from one hand-written SQL join (handwritten-products.ts), with 25 products in the table,
 *   then with 10,000 (the same page: the first 25 by name, pointing at the same tags and users). Target: the
 *   layer at ≥ 0.9× the join at 10,000 rows.
 * - issue 11: the generic list and find of coupons (GET /api/v1/coupons?page[size]=10, GET /api/v1/coupons/{id})
 *   against the same reads written by hand over the same `read.coupons` table and through the same middleware
 *   (handwritten-coupons.ts), with the table holding 10,000 coupons. Target: ≥ 0.9× the hand-written ones.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { userStreamId } from '@platform/contracts/accounts/events';
import { tagResource } from '@platform/contracts/content/tag';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { allEventContracts } from '@platform/contracts/registry';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import type { BenchCluster } from '../env.ts';
import { benchProductEventContracts, benchProductResource } from './bench-products.ts';
import { hostPlatform } from './harness.ts';
import { interleaved, p50, p99, rateOf, type Load } from './load.ts';
import { metadata } from './seed.ts';

export interface ResourceBenchCounts {
  /** coupons, and bench products at the large size */
  rows: number;
  /** bench products at the small size (the includes case is measured at both) */
  smallRows: number;
  connections: number;
  slices: number;
  secondsPerSlice: number;
}
export const RESOURCE_FULL: ResourceBenchCounts = {
  rows: 10_000,
  smallRows: 25,
  connections: 16,
  slices: 4,
  secondsPerSlice: 2,
};
export const RESOURCE_QUICK: ResourceBenchCounts = {
  rows: 1_000,
  smallRows: 25,
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
};
export const RESOURCE_TARGET = 0.9;

/** The users and tags the bench products point at (fixed counts: only the products' table grows). */
const OWNERS = 200;
const CATEGORIES = 50;
/** the page of the includes case: the first 25 products by name, the same at every size */
export const PAGE_SIZE = 25;

type Seeded = { streamId: string; type: string; data: Record<string, unknown> };

/**
 * Appends one event per new stream, `count` streams made by `make(n)` for n from `from`, straight to the event
 * store (the events the command side writes), 16 at a time, then waits until every live projection has applied
 * them and ANALYZEs the database.
 */
async function appendAll(
  databaseUrl: string,
  streams: ReadonlyArray<{ from: number; count: number; make: (n: number) => Seeded }>,
): Promise<void> {
  const sql = createSql(databaseUrl, { max: 16 });
  const store = new PostgresEventStore({
    sql,
    contracts: new EventContractRegistry([...allEventContracts, ...benchProductEventContracts]),
  });
  try {
    for (const { from, count, make } of streams) {
      let next = from;
      const worker = async () => {
        while (next < from + count) {
          const { streamId, type, data } = make(next++);
          const meta = metadata(new Date().toISOString());
          await store.appendToStream(streamId, [{ eventId: meta.eventId, type, data, metadata: meta }], {
            expectedVersion: 'no_stream',
          });
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
    }
    const live = await sql<
      { name: string }[]
    >`select distinct name from projection_checkpoints where status = 'live'`;
    const { reached } = await waitForProjections(
      { sql, eventStore: store },
      live.map((r) => r.name),
      await store.headPosition(),
      120_000,
    );
    if (!reached) throw new Error('the projections did not reach the seeded events within 120 s');
    await sql`analyze`;
  } finally {
    await sql.end();
  }
}

/** `rows` coupons; answers the id of one of them. */
async function seedCoupons(databaseUrl: string, rows: number): Promise<string> {
  const first = randomUUID();
  await appendAll(databaseUrl, [
    {
      from: 0,
      count: rows,
      make: (n) => {
        const id = n === 0 ? first : randomUUID();
        return {
          streamId: couponResource.streamId(id),
          type: couponResource.events.created,
          data: {
            id,
            attributes: {
              name: `Coupon ${String(n).padStart(5, '0')}`,
              description: `A coupon the bench adds (${n}).`,
              amount: 500 + (n % 50) * 100,
              purchaseLimitCount: n % 3 === 0 ? 100 : null,
              purchaseIndividualLimitCount: null,
              purchaseLimitAt: null,
            },
            relationships: {},
          },
        };
      },
    },
  ]);
  return first;
}

/** Ids of the users and tags products point at, made once so both sizes point at the same ones. */
export function relatedIds() {
  return {
    owners: Array.from({ length: OWNERS }, () => randomUUID()),
    categories: Array.from({ length: CATEGORIES }, () => randomUUID()),
  };
}

export function seedRelated(databaseUrl: string, ids: ReturnType<typeof relatedIds>): Promise<void> {
  return appendAll(databaseUrl, [
    {
      from: 0,
      count: OWNERS,
      make: (n) => {
        const id = ids.owners[n]!;
        return {
          streamId: userStreamId(id),
          type: 'UserRegistered',
          data: {
            id,
            email: `member-${n}@bench.invalid`,
            firstName: `Member`,
            lastName: `Number ${n}`,
            locale: 'en',
            timezone: 'Europe/Paris',
            passwordHash: null,
            origin: 'admin',
          },
        };
      },
    },
    {
      from: 0,
      count: CATEGORIES,
      make: (n) => {
        const id = ids.categories[n]!;
        return {
          streamId: tagResource.streamId(id),
          type: tagResource.events.created,
          data: { id, attributes: { name: `Category ${String(n).padStart(2, '0')}` }, relationships: {} },
        };
      },
    },
  ]);
}

/** Products `from` .. `to` - 1, product n in category n mod 50 and owned by user n mod 200. */
export function growProducts(
  databaseUrl: string,
  ids: ReturnType<typeof relatedIds>,
  from: number,
  to: number,
): Promise<void> {
  return appendAll(databaseUrl, [
    {
      from,
      count: to - from,
      make: (n) => {
        const id = randomUUID();
        return {
          streamId: benchProductResource.streamId(id),
          type: benchProductResource.events.created,
          data: {
            id,
            attributes: {
              name: `Product ${String(n).padStart(5, '0')}`,
              description: `A product the bench adds (${n}).`,
              price: 100 + (n % 90) * 50,
            },
            relationships: { category: ids.categories[n % CATEGORIES]!, owner: ids.owners[n % OWNERS]! },
          },
        };
      },
    },
  ]);
}

const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : Math.round(n).toString()) : 'n/a');

interface Read {
  name: string;
  generic: string;
  hand: string;
  /** rows in the read's table when measured */
  rows: number;
}

interface Measured {
  read: Read;
  subject: Load;
  baseline: Load;
  ratio: number;
}

/** The resource objects of a document, as `type id` keys: data in order, included as a sorted set. */
async function documentKeys(response: Response) {
  const body = (await response.json()) as {
    data: Array<{ type: string; id: string }>;
    included?: Array<{ type: string; id: string }>;
    meta: { total: number };
  };
  const key = (r: { type: string; id: string }) => `${r.type} ${r.id}`;
  return {
    data: body.data.map(key).join(','),
    included: (body.included ?? []).map(key).sort().join(','),
    total: body.meta.total,
    count: body.data.length + (body.included?.length ?? 0),
  };
}

export async function resourceBench(options: {
  cluster: BenchCluster;
  counts: ResourceBenchCounts;
  log: (line: string) => void;
}): Promise<Array<{ name: string; rows: number; ratio: number }>> {
  const { cluster, counts, log } = options;
  const databaseUrl = await cluster.createDatabase('resources');
  const adminToken = randomBytes(24).toString('base64url');
  const host = await hostPlatform({ databaseUrl, adminToken });
  const headers = { authorization: `Bearer ${adminToken}` };
  const measured: Measured[] = [];
  log(
    `resource layer: autocannon, ${counts.connections} connections, ${counts.slices} alternating slices of ` +
      `${counts.secondsPerSlice} s per side`,
  );

  /** Checks both answer 200 (and, when `same`, the same resources), then measures them side by side. */
  const measure = async (read: Read, same: boolean) => {
    const answers = await Promise.all(
      [read.generic, read.hand].map((path) => fetch(`${host.platformUrl}${path}`, { headers })),
    );
    for (const [i, answer] of answers.entries())
      if (answer.status !== 200)
        throw new Error(`${[read.generic, read.hand][i]} answered ${answer.status}: ${await answer.text()}`);
    if (same) {
      const [generic, hand] = await Promise.all(answers.map(documentKeys));
      if (!generic || JSON.stringify(generic) !== JSON.stringify(hand))
        throw new Error(`${read.name}: the layer and the hand-written read answer different resources`);
      log(`  ${read.name} at ${fmt(read.rows)} rows: both answer the same ${generic.count} resources`);
    } else await Promise.all(answers.map((a) => a.arrayBuffer()));
    // warm-up, not counted: a second of each, so neither side's first slice pays for compiling its path
    await interleaved(
      { url: `${host.platformUrl}${read.generic}`, headers, connections: counts.connections },
      { url: `${host.platformUrl}${read.hand}`, headers, connections: counts.connections },
      1,
      1,
    );
    const { subject, baseline } = await interleaved(
      { url: `${host.platformUrl}${read.generic}`, headers, connections: counts.connections },
      { url: `${host.platformUrl}${read.hand}`, headers, connections: counts.connections },
      counts.slices,
      counts.secondsPerSlice,
    );
    if (subject.failures || baseline.failures)
      log(`  ${read.name}: ${subject.failures} generic and ${baseline.failures} hand-written answers failed`);
    const m = { read, subject, baseline, ratio: rateOf(subject) / rateOf(baseline) };
    log(
      `  ${read.name} at ${fmt(read.rows)} rows: ${fmt(rateOf(subject))} vs ${fmt(rateOf(baseline))} req/s, ${m.ratio.toFixed(2)}x (load average ${loadAverage()})`,
    );
    measured.push(m);
    return m;
  };

  try {
    // issue 15: a page with two includes, at a small and a large products table
    const query = `page[size]=${PAGE_SIZE}&sort=name&include=category,owner`;
    const includes = (rows: number): Read => ({
      name: `list of ${PAGE_SIZE} with 2 includes`,
      generic: `/api/v1/bench-products?${query}`,
      hand: `/api/v1/bench-products-by-hand?${query}`,
      rows,
    });
    const ids = relatedIds();
    let started = performance.now();
    await seedRelated(databaseUrl, ids);
    await growProducts(databaseUrl, ids, 0, counts.smallRows);
    log(
      `  ${OWNERS} users, ${CATEGORIES} tags and ${fmt(counts.smallRows)} products seeded in ${seconds(started)} s`,
    );
    const small = await measure(includes(counts.smallRows), true);
    started = performance.now();
    await growProducts(databaseUrl, ids, counts.smallRows, counts.rows);
    log(`  products grown to ${fmt(counts.rows)} in ${seconds(started)} s`);
    const large = await measure(includes(counts.rows), true);

    // issue 11: coupons, list and find
    started = performance.now();
    const id = await seedCoupons(databaseUrl, counts.rows);
    log(`  ${fmt(counts.rows)} coupons seeded in ${seconds(started)} s`);
    await measure(
      {
        name: 'list of 10 coupons',
        generic: '/api/v1/coupons?page[size]=10',
        hand: '/api/v1/bench-coupons?page[size]=10',
        rows: counts.rows,
      },
      true,
    );
    await measure(
      {
        name: 'coupon by id',
        generic: `/api/v1/coupons/${id}`,
        hand: `/api/v1/bench-coupons/${id}`,
        rows: counts.rows,
      },
      false,
    );

    const cells = (l: Load) => [fmt(rateOf(l)), ms(p50(l)), ms(p99(l))];
    log('');
    log('| read | rows | generic req/s | p50 | p99 | hand-written req/s | p50 | p99 | ratio |');
    log('|---|---|---|---|---|---|---|---|---|');
    for (const m of measured)
      log(
        `| ${m.read.name} | ${fmt(m.read.rows)} | ${[...cells(m.subject), ...cells(m.baseline)].join(' | ')} | ${m.ratio.toFixed(2)}x |`,
      );
    const growth = rateOf(large.subject) / rateOf(small.subject);
    const handGrowth = rateOf(large.baseline) / rateOf(small.baseline);
    log('');
    log(
      `includes, ${fmt(counts.rows)} vs ${fmt(counts.smallRows)} products: the layer ${growth.toFixed(2)}x in req/s, ` +
        `the hand join ${handGrowth.toFixed(2)}x; the layer normalised by the join ${(growth / handGrowth).toFixed(2)}x`,
    );
    log('');
    log(`Targets (issues 11 and 15):`);
    for (const m of measured.filter((m) => m.read.rows === counts.rows))
      log(
        `  ${m.ratio >= RESOURCE_TARGET ? 'PASS' : 'MISS'}  generic ${m.read.name} at ${fmt(m.read.rows)} rows >= ${RESOURCE_TARGET}x hand-written SQL: ${m.ratio.toFixed(2)}x`,
      );
  } finally {
    await host.stop();
  }
  return measured.map((m) => ({ name: m.read.name, rows: m.read.rows, ratio: m.ratio }));
}
