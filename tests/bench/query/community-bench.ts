/**
 * `npm run bench -- --only community` (issue 21): the community's reads on the resource layer beside the same reads
 * written by hand (handwritten-repository.ts, handwritten-forum.ts) over the same tables, in alternating autocannon
 * slices of one run, as a visitor reads them (Accept-Language en, no session):
 *
 * - the repository's list as its CMS component asks for it, filtered by a category and by a tag;
 * - a forum category's subjects, pinned first, with their tags and latest messages;
 * - full-text search over the repository items (`filter[search]`, the locale's configuration with unaccent), one
 *   request at a time for a reader's p50 and p99, at the large size.
 *
 * Two sizes: 1,000 items and 1,000 messages (seeded through the event store, the platform's projections making
 * the read model), then 100,000 items and 1,000,000 messages (the rest written in bulk with the read model,
 * community-bulk.ts, and every kept count checked against the rows). The forum's 500 subjects are the same at both
 * sizes; only their messages grow, so their list must not slow down. Each read is measured in slices rotating it,
 * its hand-written twin and bare Express answering as many bytes (what the shared machine allowed meanwhile).
 * Targets: every read at ≥ 0.9× its hand-written twin at each size, and the subject list at the large size at
 * ≥ 0.9× the small one, normalised by bare Express (as the query section normalises its sizes).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { forumSubjectMessageResource } from '@platform/contracts/forum/records';
import { repositoryItemResource } from '@platform/contracts/repository/records';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { createSql } from '@platform/infra/db/postgres';
import type { BenchCluster } from '../env.ts';
import { benchProductResource } from './bench-products.ts';
import { bulkCreate, checkKeptCounts } from './community-bulk.ts';
import {
  comparable,
  differences,
  formatCommunityReport,
  type CommunityFigure,
  type SearchFigure,
} from './community-report.ts';
import {
  appendSeed,
  COMMUNITY_FIXED,
  communityIds,
  fixedEvents,
  forumMessageEvent,
  repositoryItemEvent,
  type CommunityIds,
} from './community-seed.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { interleaved, rotated, type Load } from './load.ts';

export interface CommunityBenchCounts {
  /** the small size first: repository items and forum messages */
  sizes: Array<{ items: number; messages: number }>;
  connections: number;
  slices: number;
  secondsPerSlice: number;
}
export const COMMUNITY_FULL: CommunityBenchCounts = {
  sizes: [
    { items: 1_000, messages: 1_000 },
    { items: 100_000, messages: 1_000_000 },
  ],
  connections: 16,
  // six rotations of the layer, its hand-written twin and bare Express: the machine is shared, and its load moves
  slices: 6,
  secondsPerSlice: 2,
};
export const COMMUNITY_QUICK: CommunityBenchCounts = {
  sizes: [
    { items: 1_000, messages: 1_000 },
    { items: 5_000, messages: 20_000 },
  ],
  connections: 16,
  slices: 2,
  secondsPerSlice: 1,
};

/** The catalogue the bench's platform serves (query/server.ts). */
const CATALOGUE = [...resourceCatalogue, benchProductResource];
const HEADERS = { 'accept-language': 'en' };
const REPOSITORY = 'include=image,tags,categories,organization&page[number]=1&page[size]=12';
const SUBJECTS =
  'include=tags,latestMessage&sort=-pinnedOnCategoryAt,-updatedAt&page[number]=1&page[size]=20';
export const SUBJECT_LIST = "forum, a category's subjects";

interface Read {
  name: string;
  unit: 'items' | 'messages';
  layer: string;
  hand: string;
}

export const communityReads = (ids: CommunityIds): Read[] => [
  {
    name: 'repository, a category',
    unit: 'items',
    layer: `/api/v1/repository-items?${REPOSITORY}&filter[categories]=${ids.repositoryCategories[3]}`,
    hand: `/api/v1/bench-repository-items?${REPOSITORY}&filter[categories]=${ids.repositoryCategories[3]}`,
  },
  {
    name: 'repository, a tag',
    unit: 'items',
    layer: `/api/v1/repository-items?${REPOSITORY}&filter[tags]=${ids.tags[5]}`,
    hand: `/api/v1/bench-repository-items?${REPOSITORY}&filter[tags]=${ids.tags[5]}`,
  },
  {
    name: SUBJECT_LIST,
    unit: 'messages',
    layer: `/api/v1/forum-subjects?${SUBJECTS}&filter[category]=${ids.forumCategories[0]}`,
    hand: `/api/v1/bench-forum-subjects?${SUBJECTS}&filter[category]=${ids.forumCategories[0]}`,
  },
];

/** The searches: every item, one word (2%), two words (0.05%), and French words written without accents (2%). */
export const SEARCHES = [
  { query: 'model', locale: 'en' },
  { query: 'keyboard', locale: 'en' },
  { query: 'keyboard wheelchair', locale: 'en' },
  { query: 'contacteur electrique', locale: 'fr' },
] as const;

const fmt = (n: number) => n.toLocaleString('en-US');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Both paths answer 200 and the same document; answers its byte size and meta.total. */
async function sameDocument(
  host: HostedPlatform,
  name: string,
  layer: string,
  hand: string,
  headers: object,
) {
  const [a, b] = await Promise.all(
    [layer, hand].map(async (path) => {
      const answer = await fetch(`${host.platformUrl}${path}`, {
        headers: headers as Record<string, string>,
      });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${text.slice(0, 500)}`);
      return { text, body: JSON.parse(text) as { meta: { total: number; totalCapped?: boolean } } };
    }),
  );
  const found = differences(comparable(a!.body), comparable(b!.body));
  if (found.length)
    throw new Error(`${name}: the layer and the hand-written read differ at\n  ${found.join('\n  ')}`);
  const { total, totalCapped } = a!.body.meta;
  return { bytes: Buffer.byteLength(a!.text), total, capped: totalCapped === true };
}

async function measureSize(
  host: HostedPlatform,
  ids: CommunityIds,
  size: { items: number; messages: number },
  counts: CommunityBenchCounts,
  log: (line: string) => void,
): Promise<CommunityFigure[]> {
  const figures: CommunityFigure[] = [];
  for (const read of communityReads(ids)) {
    const { bytes, total, capped } = await sameDocument(host, read.name, read.layer, read.hand, HEADERS);
    const side = (url: string) => ({ url, headers: HEADERS, connections: counts.connections });
    // bare Express answering as many bytes, in the same slices: what the machine allowed meanwhile
    const sides = [
      side(`${host.platformUrl}${read.layer}`),
      side(`${host.platformUrl}${read.hand}`),
      side(`${host.bareUrl}/bytes/${bytes}`),
    ];
    // warm-up, not counted: a second of each
    await rotated(sides, 1, 1);
    const [subject, baseline, bare] = (await rotated(sides, counts.slices, counts.secondsPerSlice)) as [
      Load,
      Load,
      Load,
    ];
    const figure: CommunityFigure = {
      read: read.name,
      size: read.unit === 'items' ? size.items : size.messages,
      unit: read.unit,
      total,
      capped,
      bytes,
      layer: subject,
      hand: baseline,
      bare,
      target: true,
    };
    figures.push(figure);
    const rate = (l: Load) => l.requests / l.seconds;
    log(
      `  ${read.name} at ${fmt(figure.size)} ${read.unit} (${fmt(total)}${capped ? '+' : ''} matching): ${fmt(Math.round(rate(subject)))} vs ` +
        `${fmt(Math.round(rate(baseline)))} req/s, ${(rate(subject) / rate(baseline)).toFixed(2)}x` +
        `${subject.failures + baseline.failures ? `, ${subject.failures} + ${baseline.failures} failed` : ''} (load average ${loadAverage()})`,
    );
  }
  return figures;
}

async function measureSearches(
  host: HostedPlatform,
  items: number,
  counts: CommunityBenchCounts,
  log: (line: string) => void,
): Promise<SearchFigure[]> {
  const figures: SearchFigure[] = [];
  for (const { query, locale } of SEARCHES) {
    const q = `${REPOSITORY}&filter[search]=${encodeURIComponent(query)}`;
    const headers = { 'accept-language': locale };
    const layer = `/api/v1/repository-items?${q}`;
    const hand = `/api/v1/bench-repository-items?${q}`;
    const { total, capped } = await sameDocument(host, `search "${query}"`, layer, hand, headers);
    const side = (path: string) => ({ url: `${host.platformUrl}${path}`, headers, connections: 1 });
    await interleaved(side(layer), side(hand), 1, 1);
    const { subject, baseline } = await interleaved(
      side(layer),
      side(hand),
      counts.slices,
      counts.secondsPerSlice,
    );
    figures.push({ query, locale, size: items, total, capped, layer: subject, hand: baseline });
    log(
      `  search "${query}" (${locale}, ${fmt(total)}${capped ? '+' : ''} matching): ${subject.requests} and ${baseline.requests} answers`,
    );
  }
  return figures;
}

type Size = { items: number; messages: number };

/**
 * The small size through the event store, the platform (running) projecting it: the records everything points
 * at, each subject's first message, the other messages, the items.
 */
export async function seedSmall(
  databaseUrl: string,
  ids: CommunityIds,
  small: Size,
  log: (line: string) => void,
) {
  if (small.messages < COMMUNITY_FIXED.subjects)
    throw new Error(`the small size needs one message per subject (${COMMUNITY_FIXED.subjects})`);
  const started = performance.now();
  const fixed = fixedEvents(ids);
  await appendSeed(databaseUrl, 0, fixed.length, (n) => fixed[n]!, { log });
  // each subject's first message before the others, which answer it
  await appendSeed(databaseUrl, 0, COMMUNITY_FIXED.subjects, (n) => forumMessageEvent(n, ids), { log });
  await appendSeed(databaseUrl, COMMUNITY_FIXED.subjects, small.messages, (n) => forumMessageEvent(n, ids), {
    log,
  });
  await appendSeed(databaseUrl, 0, small.items, (n) => repositoryItemEvent(n, ids), { log });
  log(
    `  ${fmt(fixed.length)} records they point at, ${fmt(small.items)} items and ${fmt(small.messages)} messages ` +
      `appended and projected in ${seconds(started)} s`,
  );
}

/**
 * From the small size to the large one in bulk (community-bulk.ts), the platform stopped; then every kept count is
 * checked against the rows, and the database vacuumed and analyzed, as autovacuum would leave it settled.
 */
export async function growLarge(
  databaseUrl: string,
  ids: CommunityIds,
  small: Size,
  large: Size,
  log: (line: string) => void,
) {
  const started = performance.now();
  const sql = createSql(databaseUrl, { max: 2 });
  try {
    const items = await bulkCreate(sql, {
      catalogue: CATALOGUE,
      definition: repositoryItemResource,
      from: small.items,
      to: large.items,
      make: (n) => repositoryItemEvent(n, ids),
      log,
    });
    log(`  items grown to ${fmt(large.items)} in ${items.seconds.toFixed(0)} s`);
    const messages = await bulkCreate(sql, {
      catalogue: CATALOGUE,
      definition: forumSubjectMessageResource,
      from: small.messages,
      to: large.messages,
      make: (n) => forumMessageEvent(n, ids),
      log,
    });
    log(`  messages grown to ${fmt(large.messages)} in ${messages.seconds.toFixed(0)} s`);
    const wrong = await checkKeptCounts(sql, CATALOGUE, [
      repositoryItemResource,
      forumSubjectMessageResource,
    ]);
    if (wrong.length) throw new Error(`kept counts differ from the rows: ${wrong.join('; ')}`);
    await sql`vacuum analyze`;
    // and written out: the checkpointer would otherwise spend the next minutes writing what the bulk and the
    // vacuum dirtied, beside the measurement (a server reached by DATABASE_URL may refuse it to a non-superuser)
    await sql`checkpoint`.catch(() => undefined);
  } finally {
    await sql.end();
  }
  log(
    `  large size written, counts checked, vacuumed in ${seconds(started)} s (load average ${loadAverage()})`,
  );
}

export async function communityBench(options: {
  cluster: BenchCluster;
  counts: CommunityBenchCounts;
  log: (line: string) => void;
}): Promise<{ figures: CommunityFigure[]; searches: SearchFigure[] }> {
  const { cluster, counts, log } = options;
  const [small, large] = counts.sizes;
  if (!small || !large) throw new Error('the community section takes two sizes');
  const databaseUrl = await cluster.createDatabase('community');
  const adminToken = randomBytes(24).toString('base64url');
  const ids = communityIds();
  const figures: CommunityFigure[] = [];
  let searches: SearchFigure[] = [];
  log(
    `community: autocannon, ${counts.connections} connections, ${counts.slices} alternating slices of ` +
      `${counts.secondsPerSlice} s per side; searches one request at a time`,
  );
  let host = await hostPlatform({ databaseUrl, adminToken });
  try {
    await seedSmall(databaseUrl, ids, small, log);
    figures.push(...(await measureSize(host, ids, small, counts, log)));

    // the large size in bulk, the platform stopped meanwhile
    await host.stop();
    await growLarge(databaseUrl, ids, small, large, log);
    host = await hostPlatform({ databaseUrl, adminToken });
    figures.push(...(await measureSize(host, ids, large, counts, log)));
    searches = await measureSearches(host, large.items, counts, log);
  } finally {
    await host.stop();
  }
  log('');
  // every list flat between the sizes (the issue's proof): the repository's since its count is capped (ADR 0045)
  log(formatCommunityReport(figures, searches, { flat: communityReads(ids).map((r) => r.name) }));
  return { figures, searches };
}
