/**
 * The resource layer's read path beside hand-written SQL (issue 11): the generic list and find of coupons
 * (GET /api/v1/coupons?page[size]=10, GET /api/v1/coupons/{id}) against the same reads written by hand over the
 * same `read.coupons` table and through the same middleware (handwritten-coupons.ts), with the table holding
 * 10,000 coupons, in alternating autocannon slices of one run. Target: the generic reads at ≥ 0.9× the
 * hand-written ones.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import type { BenchCluster } from '../env.ts';
import { hostPlatform } from './harness.ts';
import { interleaved, p50, p99, rateOf, type Load } from './load.ts';
import { metadata } from './seed.ts';

export interface ResourceBenchCounts {
  rows: number;
  connections: number;
  slices: number;
  secondsPerSlice: number;
}
export const RESOURCE_FULL: ResourceBenchCounts = {
  rows: 10_000,
  connections: 16,
  slices: 4,
  secondsPerSlice: 2,
};
export const RESOURCE_QUICK: ResourceBenchCounts = {
  rows: 1_000,
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
};
export const RESOURCE_TARGET = 0.9;

/** `rows` coupons appended straight to the event store (the events the generic command side writes). */
async function seedCoupons(databaseUrl: string, rows: number): Promise<string> {
  const sql = createSql(databaseUrl, { max: 16 });
  const store = new PostgresEventStore({ sql, contracts: createEventContractRegistry() });
  let first = '';
  try {
    let next = 0;
    const worker = async () => {
      while (next < rows) {
        const n = next++;
        const id = randomUUID();
        if (n === 0) first = id;
        const meta = metadata(new Date().toISOString());
        await store.appendToStream(
          couponResource.streamId(id),
          [
            {
              eventId: meta.eventId,
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
              metadata: meta,
            },
          ],
          { expectedVersion: 'no_stream' },
        );
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const live = await sql<
      { name: string }[]
    >`select distinct name from projection_checkpoints where status = 'live'`;
    const { reached } = await waitForProjections(
      { sql, eventStore: store },
      live.map((r) => r.name),
      await store.headPosition(),
      120_000,
    );
    if (!reached) throw new Error('the projections did not reach the seeded coupons within 120 s');
    await sql`analyze`;
  } finally {
    await sql.end();
  }
  return first;
}

const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : Math.round(n).toString()) : 'n/a');

export async function resourceBench(options: {
  cluster: BenchCluster;
  counts: ResourceBenchCounts;
  log: (line: string) => void;
}): Promise<Array<{ name: string; ratio: number }>> {
  const { cluster, counts, log } = options;
  const databaseUrl = await cluster.createDatabase('resources');
  const adminToken = randomBytes(24).toString('base64url');
  const host = await hostPlatform({ databaseUrl, adminToken });
  const results: Array<{ name: string; ratio: number }> = [];
  try {
    const started = performance.now();
    const id = await seedCoupons(databaseUrl, counts.rows);
    log(
      `resource layer: ${fmt(counts.rows)} coupons seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `autocannon, ${counts.connections} connections, ${counts.slices} alternating slices of ${counts.secondsPerSlice} s per side`,
    );
    const headers = { authorization: `Bearer ${adminToken}` };
    const reads = [
      {
        name: 'list of 10 coupons',
        generic: '/api/v1/coupons?page[size]=10',
        hand: '/api/v1/bench-coupons?page[size]=10',
      },
      { name: 'coupon by id', generic: `/api/v1/coupons/${id}`, hand: `/api/v1/bench-coupons/${id}` },
    ];
    const rows: string[] = [
      '| read | generic req/s | p50 | p99 | hand-written req/s | p50 | p99 | ratio |',
      '|---|---|---|---|---|---|---|---|',
    ];
    for (const read of reads) {
      for (const path of [read.generic, read.hand]) {
        const check = await fetch(`${host.platformUrl}${path}`, { headers });
        if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
      }
      const { subject, baseline } = await interleaved(
        { url: `${host.platformUrl}${read.generic}`, headers, connections: counts.connections },
        { url: `${host.platformUrl}${read.hand}`, headers, connections: counts.connections },
        counts.slices,
        counts.secondsPerSlice,
      );
      const ratio = rateOf(subject) / rateOf(baseline);
      results.push({ name: read.name, ratio });
      const cells = (l: Load) => [fmt(rateOf(l)), ms(p50(l)), ms(p99(l))];
      rows.push(
        `| ${read.name} | ${[...cells(subject), ...cells(baseline)].join(' | ')} | ${ratio.toFixed(2)}x |`,
      );
      if (subject.failures || baseline.failures)
        log(
          `  ${read.name}: ${subject.failures} generic and ${baseline.failures} hand-written answers failed`,
        );
    }
    log('');
    for (const row of rows) log(row);
    log('');
    log(`Targets (issue 11):`);
    for (const r of results)
      log(
        `  ${r.ratio >= RESOURCE_TARGET ? 'PASS' : 'MISS'}  generic ${r.name} at ${fmt(counts.rows)} rows >= ${RESOURCE_TARGET}x hand-written SQL: ${r.ratio.toFixed(2)}x`,
      );
  } finally {
    await host.stop();
  }
  return results;
}
