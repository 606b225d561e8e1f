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
import { request } from 'node:http';
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

/**
 * The clients the reads are measured for: `plain` sends no Accept-Encoding (so the platform never compresses);
 * `browser` sends what a browser sends, so the platform's on-the-fly compression is in the figures (issue 17).
 * The bare Express baseline never compresses, and gets the same request headers.
 */
export const QUERY_CLIENTS = {
  plain: {},
  browser: { 'accept-encoding': 'gzip, deflate, br' },
} as const satisfies Record<string, Record<string, string>>;
export type QueryClient = keyof typeof QUERY_CLIENTS;

/** Targets of issue 10. */
export const QUERY_TARGETS = { ratioToBare: 0.5, fixedRateP99Ms: 20, largeToSmall: 0.9 };

export interface RouteFigures {
  route: string;
  /** the answer's bytes, uncompressed (the baseline answers as many) */
  bytes: number;
  /** the browser-like client's rows: the encoding the answer came in and its bytes as sent */
  sent?: { encoding: string; bytes: number };
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

/** One GET as sent (node:http decodes nothing, where fetch would): its status, encoding and bytes on the wire. */
function probe(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; bytes: number }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          bytes,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The row's name: the route's, marked for the browser-like client. */
const rowName = (route: QueryRoute, client: QueryClient) =>
  client === 'plain' ? route.name : `${route.name}, browser`;

async function measureSize(
  host: HostedPlatform,
  site: BenchSite,
  routes: readonly QueryRoute[],
  clients: readonly QueryClient[],
  counts: QueryBenchCounts,
  pages: number,
  log: (line: string) => void,
  profileDir?: string,
): Promise<SizeFigures> {
  const figures: RouteFigures[] = [];
  for (const route of routes) {
    for (const client of clients) {
      figures.push(await measureRoute(host, site, route, client, counts, pages, log, profileDir));
    }
  }
  return { pages, routes: figures };
}

async function measureRoute(
  host: HostedPlatform,
  site: BenchSite,
  route: QueryRoute,
  client: QueryClient,
  counts: QueryBenchCounts,
  pages: number,
  log: (line: string) => void,
  profileDir?: string,
): Promise<RouteFigures> {
  const name = rowName(route, client);
  const url = `${host.platformUrl}${route.path(site)}`;
  const headers: Record<string, string> = { ...route.headers?.(site), ...QUERY_CLIENTS[client] };
  const plain = await probe(url, route.headers?.(site) ?? {});
  if (plain.status !== 200) throw new Error(`${route.name}: GET ${url} answered ${plain.status}`);
  const bytes = plain.bytes;
  const asSent = client === 'plain' ? undefined : await probe(url, headers);
  const subject = { url, connections: counts.connections, headers };
  const baseline = {
    url: `${host.bareUrl}/bytes/${bytes}`,
    connections: counts.connections,
    headers: { ...QUERY_CLIENTS[client] },
  };
  await load({ ...subject, seconds: counts.warmUpSeconds });
  await load({ ...baseline, seconds: counts.warmUpSeconds });
  if (profileDir) {
    await host.startProfile();
    await load({ ...subject, seconds: 5 });
    await host.stopProfile(join(profileDir, `${pages}-pages-${slug(name)}.cpuprofile`));
  }
  const run = await interleaved(subject, baseline, counts.slices, counts.secondsPerSlice);
  const fixed = await load({ ...subject, seconds: counts.fixedSeconds, rate: counts.fixedRate });
  const fixedBaseline = await load({ ...baseline, seconds: counts.fixedSeconds, rate: counts.fixedRate });
  const row: RouteFigures = {
    route: name,
    bytes,
    ...(asSent ? { sent: { encoding: asSent.encoding, bytes: asSent.bytes } } : {}),
    ...run,
    fixed,
    fixedBaseline,
  };
  log(
    `  ${pages} pages  ${name.padEnd(27)} ${fmt(rateOf(run.subject)).padStart(7)} req/s (bare ${fmt(rateOf(run.baseline))}), ` +
      `p99 at ${counts.fixedRate}/s ${ms(p99(fixed))} ms (bare ${ms(p99(fixedBaseline))} ms)` +
      `${asSent ? `, sent ${asSent.encoding} ${fmt(asSent.bytes)} B` : ''}` +
      `${run.subject.failures + fixed.failures ? `, ${run.subject.failures + fixed.failures} failures` : ''}`,
  );
  return row;
}

/** The route a row measured (a browser-like client's row is named after its route). */
const routeOf = (routes: readonly QueryRoute[], row: string) =>
  routes.find((x) => x.name === row || `${x.name}, browser` === row);

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
        `| ${r.route} | ${fmt(size.pages)} | ${fmt(r.bytes)}${r.sent ? ` (${r.sent.encoding} ${fmt(r.sent.bytes)})` : ''} | ${fmt(rateOf(r.subject))} | ${ms(p50(r.subject))} | ` +
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
      if (routeOf(routes, r.route)?.target !== false) {
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
      if (routeOf(routes, r.route)?.target === false) continue;
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
  /** the clients each read is measured for, a row each (default both) */
  clients?: readonly QueryClient[];
  profileDir?: string;
}): Promise<SizeFigures[]> {
  const { cluster, counts, log } = options;
  const routes = options.routes ?? QUERY_ROUTES;
  const clients = options.clients ?? (['plain', 'browser'] as const);
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  const databaseUrl = await cluster.createDatabase('query');
  const adminToken = randomBytes(24).toString('base64url');
  const host = await hostPlatform({ databaseUrl, adminToken });
  const sizes: SizeFigures[] = [];
  try {
    log(
      `query side: the platform (LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}) and bare Express in one child process (pid ${host.pid}); ` +
        `autocannon, ${counts.connections} connections, ${counts.slices} alternating slices of ${counts.secondsPerSlice} s per side, ` +
        `then ${counts.fixedSeconds} s at ${fmt(counts.fixedRate)} req/s; clients: ${clients
          .map((c) =>
            c === 'plain'
              ? 'plain (no Accept-Encoding)'
              : `browser (Accept-Encoding: ${QUERY_CLIENTS.browser['accept-encoding']})`,
          )
          .join(', ')}`,
    );
    const site: BenchSite = { homeId: await seedDemo(host.platformUrl, adminToken), adminToken };
    for (const target of counts.sizes) {
      const started = performance.now();
      const pages = await growPages(databaseUrl, target);
      log(`  seeded ${fmt(pages)} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      sizes.push(await measureSize(host, site, routes, clients, counts, pages, log, options.profileDir));
    }
  } finally {
    await host.stop();
  }
  log('');
  log(formatQueryReport(sizes, counts, routes));
  return sizes;
}
