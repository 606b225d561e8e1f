/**
 * The query side of `npm run bench` (issue 10): the public reads of QUERY_ROUTES against the whole platform (as
 * `npm start` composes it, in a child process), each beside a bare Express endpoint answering a body of the
 * same size in the same process, at two sizes of the read model; autocannon as the load generator.
 *
 * Per size: seed (the demo site through the command API, then filler pages appended to the event store), warm
 * up, then per route the route and its baseline in alternating slices (16 connections, as fast as they answer),
 * then each route at a fixed 1,000 req/s for its p99. Printed: req/s, p50, p99, the ratio to bare Express, the
 * ratio of the large size to the small one (raw, and normalised by the baseline measured in the same slices,
 * which takes out what other processes on the machine did between the two sizes), and the targets.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchCluster } from '../env.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { interleaved, load, p50, p99, rateOf, type Load } from './load.ts';
import { QUERY_ROUTES, type BenchSite, type QueryRoute } from './routes.ts';
import { growPages, seedDemo } from './seed.ts';

export interface QueryBenchCounts {
  /** read-model sizes, in pages; the first is the small one, the last the large one */
  sizes: number[];
  connections: number;
  /** alternating slices per route and side, and their length */
  slices: number;
  secondsPerSlice: number;
  /** the fixed-rate run */
  fixedRate: number;
  fixedSeconds: number;
  warmUpSeconds: number;
}

export const QUERY_FULL: QueryBenchCounts = {
  sizes: [10, 10_000],
  connections: 16,
  slices: 4,
  secondsPerSlice: 2,
  fixedRate: 1000,
  fixedSeconds: 8,
  warmUpSeconds: 2,
};

export const QUERY_QUICK: QueryBenchCounts = {
  sizes: [10, 1_000],
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
  fixedRate: 1000,
  fixedSeconds: 2,
  warmUpSeconds: 1,
};

/** Targets of issue 10. */
export const QUERY_TARGETS = { ratioToBare: 0.5, fixedRateP99Ms: 20, largeToSmall: 0.9 };

export interface RouteFigures {
  route: string;
  bytes: number;
  subject: Load;
  baseline: Load;
  fixed: Load;
  /** bare Express at the same fixed rate: what the machine allows */
  fixedBaseline: Load;
}

export interface SizeFigures {
  pages: number;
  routes: RouteFigures[];
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '-');

async function measureSize(
  host: HostedPlatform,
  site: BenchSite,
  routes: readonly QueryRoute[],
  counts: QueryBenchCounts,
  pages: number,
  log: (line: string) => void,
  profileDir?: string,
): Promise<SizeFigures> {
  const figures: RouteFigures[] = [];
  for (const route of routes) {
    const url = `${host.platformUrl}${route.path(site)}`;
    const headers = route.headers?.(site);
    const probe = await fetch(url, headers ? { headers } : {});
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (probe.status !== 200) throw new Error(`${route.name}: GET ${url} answered ${probe.status}`);
    const subject = { url, connections: counts.connections, ...(headers ? { headers } : {}) };
    const baseline = { url: `${host.bareUrl}/bytes/${bytes}`, connections: counts.connections };
    await load({ ...subject, seconds: counts.warmUpSeconds });
    await load({ ...baseline, seconds: counts.warmUpSeconds });
    if (profileDir) {
      await host.startProfile();
      await load({ ...subject, seconds: 5 });
      await host.stopProfile(join(profileDir, `${pages}-pages-${slug(route.name)}.cpuprofile`));
    }
    const run = await interleaved(subject, baseline, counts.slices, counts.secondsPerSlice);
    const fixed = await load({ ...subject, seconds: counts.fixedSeconds, rate: counts.fixedRate });
    const fixedBaseline = await load({ ...baseline, seconds: counts.fixedSeconds, rate: counts.fixedRate });
    const row: RouteFigures = { route: route.name, bytes, ...run, fixed, fixedBaseline };
    figures.push(row);
    log(
      `  ${pages} pages  ${route.name.padEnd(18)} ${fmt(rateOf(run.subject)).padStart(7)} req/s (bare ${fmt(rateOf(run.baseline))}), ` +
        `p99 at ${counts.fixedRate}/s ${ms(p99(fixed))} ms (bare ${ms(p99(fixedBaseline))} ms)${run.subject.failures + fixed.failures ? `, ${run.subject.failures + fixed.failures} failures` : ''}`,
    );
  }
  return { pages, routes: figures };
}

export function formatQueryReport(
  sizes: readonly SizeFigures[],
  counts: QueryBenchCounts,
  routes: readonly QueryRoute[] = QUERY_ROUTES,
): string {
  const lines: string[] = [];
  const header =
    '| read | pages | bytes | req/s | p50 ms | p99 ms | bare req/s | bare p50 | bare p99 | ratio to bare | p99 at ' +
    `${fmt(counts.fixedRate)} req/s | bare p99 at ${fmt(counts.fixedRate)} req/s |`;
  lines.push(
    header,
    `|${header
      .split('|')
      .slice(1, -1)
      .map(() => '---')
      .join('|')}|`,
  );
  for (const size of sizes) {
    for (const r of size.routes) {
      lines.push(
        `| ${r.route} | ${fmt(size.pages)} | ${fmt(r.bytes)} | ${fmt(rateOf(r.subject))} | ${ms(p50(r.subject))} | ` +
          `${ms(p99(r.subject))} | ${fmt(rateOf(r.baseline))} | ${ms(p50(r.baseline))} | ${ms(p99(r.baseline))} | ` +
          `${fmt(rateOf(r.subject) / rateOf(r.baseline), 2)}x | ${ms(p99(r.fixed))} | ${ms(p99(r.fixedBaseline))} |`,
      );
    }
  }
  const small = sizes[0];
  const large = sizes[sizes.length - 1];
  const results: { label: string; value: string; pass: boolean }[] = [];
  if (small && large && small !== large) {
    lines.push('');
    lines.push(
      `| read | ${fmt(large.pages)} vs ${fmt(small.pages)} pages: req/s | same, normalised by bare Express |`,
    );
    lines.push('|---|---|---|');
    for (const r of large.routes) {
      const s = small.routes.find((x) => x.route === r.route);
      if (!s) continue;
      const raw = rateOf(r.subject) / rateOf(s.subject);
      const normalised = rateOf(r.subject) / rateOf(r.baseline) / (rateOf(s.subject) / rateOf(s.baseline));
      lines.push(`| ${r.route} | ${fmt(raw, 2)}x | ${fmt(normalised, 2)}x |`);
      if (routes.find((x) => x.name === r.route)?.target !== false) {
        results.push({
          label: `${r.route}: ${fmt(large.pages)} pages >= ${QUERY_TARGETS.largeToSmall}x ${fmt(small.pages)} pages (normalised)`,
          value: `${fmt(normalised, 2)}x (raw ${fmt(raw, 2)}x)`,
          pass: normalised >= QUERY_TARGETS.largeToSmall,
        });
      }
    }
  }
  for (const size of sizes) {
    for (const r of size.routes) {
      if (routes.find((x) => x.name === r.route)?.target === false) continue;
      const ratio = rateOf(r.subject) / rateOf(r.baseline);
      results.push({
        label: `${r.route} at ${fmt(size.pages)} pages >= ${QUERY_TARGETS.ratioToBare}x bare Express`,
        value: `${fmt(ratio, 2)}x`,
        pass: ratio >= QUERY_TARGETS.ratioToBare,
      });
      results.push({
        label: `${r.route} at ${fmt(size.pages)} pages: p99 <= ${QUERY_TARGETS.fixedRateP99Ms} ms at ${fmt(counts.fixedRate)} req/s`,
        value: `${ms(p99(r.fixed))} ms`,
        pass: p99(r.fixed) <= QUERY_TARGETS.fixedRateP99Ms,
      });
    }
  }
  lines.push('');
  lines.push('Targets (issue 10):');
  for (const t of results) lines.push(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.label}: ${t.value}`);
  return lines.join('\n');
}

/**
 * Runs the query section on a fresh database of `cluster`. `profileDir`: also writes a CPU profile of the
 * served process per route and size (an extra 5 s run outside the measured slices).
 */
export async function queryBench(options: {
  cluster: BenchCluster;
  counts: QueryBenchCounts;
  log: (line: string) => void;
  routes?: readonly QueryRoute[];
  profileDir?: string;
}): Promise<SizeFigures[]> {
  const { cluster, counts, log } = options;
  const routes = options.routes ?? QUERY_ROUTES;
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  const databaseUrl = await cluster.createDatabase('query');
  const adminToken = randomBytes(24).toString('base64url');
  const host = await hostPlatform({ databaseUrl, adminToken });
  const sizes: SizeFigures[] = [];
  try {
    log(
      `query side: the platform (LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}) and bare Express in one child process (pid ${host.pid}); ` +
        `autocannon, ${counts.connections} connections, ${counts.slices} alternating slices of ${counts.secondsPerSlice} s per side, ` +
        `then ${counts.fixedSeconds} s at ${fmt(counts.fixedRate)} req/s`,
    );
    const site: BenchSite = { homeId: await seedDemo(host.platformUrl, adminToken), adminToken };
    for (const target of counts.sizes) {
      const started = performance.now();
      const pages = await growPages(databaseUrl, target);
      log(`  seeded ${fmt(pages)} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      sizes.push(await measureSize(host, site, routes, counts, pages, log, options.profileDir));
    }
  } finally {
    await host.stop();
  }
  log('');
  log(formatQueryReport(sizes, counts, routes));
  return sizes;
}
