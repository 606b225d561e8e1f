/**
 * `npm run bench -- --only search` (issue 22): the global search (GET /api/v1/services/global-search) at 100,000
 * indexed records beside the same full-text query written by hand (handwritten-search.ts) over the same index,
 * one request at a time, as a visitor reads it (no session), in alternating slices: p50 and p99 of each.
 *
 * The index is written in bulk (the read model as its projection keeps it: the platform's own table, its generated
 * vectors and GIN indexes), not through 100,000 events: the section measures the read. Of the records, a tenth are
 * at an access level a visitor does not reach and one in a hundred is soft-deleted (both left out by the rule);
 * one in fifty has a French translation.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createSql } from '@platform/infra/db/postgres';
import type { BenchCluster } from '../env.ts';
import { percentile } from '../report.ts';
import { hostPlatform, type HostedPlatform } from './harness.ts';
import { interleaved, type Load } from './load.ts';

export interface SearchBenchCounts {
  records: number;
  slices: number;
  secondsPerSlice: number;
}
export const SEARCH_FULL: SearchBenchCounts = { records: 100_000, slices: 6, secondsPerSlice: 3 };
export const SEARCH_QUICK: SearchBenchCounts = { records: 2_000, slices: 2, secondsPerSlice: 1 };

/** The searches: one word in 2% of the titles, one in 10%, two words together (0.2%), French unaccented (2%). */
export const GLOBAL_SEARCHES = [
  { query: 'keyboard', locale: 'en' },
  { query: 'switch', locale: 'en' },
  { query: 'keyboard wheelchair', locale: 'en' },
  { query: 'contacteur electrique', locale: 'fr' },
] as const;

export interface GlobalSearchFigure {
  query: string;
  locale: string;
  records: number;
  matching: number;
  layer: Load;
  hand: Load;
}

const TYPES = [
  'articles',
  'blog-posts',
  'calendar-events',
  'repository-items',
  'forum-subjects',
  'organizations',
  'open-badges',
];

/** Writes `records` rows of the index in one statement, as its projection would have made them. */
async function seedIndex(databaseUrl: string, records: number) {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    for (let tries = 0; ; tries++) {
      const [ready] = await sql`select to_regclass('read.search_index') is not null as ready`;
      if (ready?.ready) break;
      if (tries > 600) throw new Error('the search index was never set up');
      await new Promise((r) => setTimeout(r, 100));
    }
    await sql`
      insert into read.search_index (type, id, title, description, translations, path_key, created_by,
                                     deleted_at, published_at, access_level)
      select t.type, t.id, t.title, t.description, t.translations, t.id, null,
             -- organizations are never soft-deleted (not soft-deletable: the rule reads no deleted_at of theirs)
             case when n % 100 = 7 and t.type <> 'organizations' then now() end,
             case when t.type not in ('organizations', 'forum-subjects') then '2020-01-01T00:00:00Z'::timestamptz end,
             case when n % 10 = 5 then 'member_level_1' end
        from generate_series(1::bigint, ${records}::bigint) n
        cross join lateral (select
          (${TYPES}::text[])[1 + n % 7] as type,
          gen_random_uuid()::text as id,
          concat_ws(' ', 'Item', 'w' || (n * 7919 % 5003),
            case when n % 50 = 0 then 'keyboard' end,
            case when n % 10 = 2 then 'switch' end,
            case when n % 500 = 0 then 'wheelchair' end,
            'w' || (n * 104729 % 4999)) as title,
          (select string_agg('d' || ((n * k * 2654435761) % 9973), ' ') from generate_series(1, 20) k)
            || case when n % 40 = 1 then ' a keyboard for one hand' else '' end as description,
          case when n % 50 = 3
            then jsonb_build_object('fr', jsonb_build_object('title', 'Contacteur électrique ' || n))
            else '{}'::jsonb end as translations) t`;
    await sql`vacuum analyze`;
  } finally {
    await sql.end();
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (l: Load, p: number) => percentile(l.latencies, p).toFixed(1);

/** Both answer 200 with the same results (types, ids, titles, descriptions, paths) and the same hasMore. */
async function sameResults(
  host: HostedPlatform,
  layer: string,
  hand: string,
  headers: Record<string, string>,
) {
  const [a, b] = await Promise.all(
    [layer, hand].map(async (path) => {
      const answer = await fetch(`${host.platformUrl}${path}`, { headers });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${text.slice(0, 500)}`);
      return JSON.parse(text) as { data: unknown[]; meta: { hasMore: Record<string, boolean> } };
    }),
  );
  const hasMore = (d: { meta: { hasMore: Record<string, boolean> } }) =>
    Object.fromEntries(
      Object.entries(d.meta.hasMore)
        .filter(([, more]) => more)
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  if (
    JSON.stringify(a!.data) !== JSON.stringify(b!.data) ||
    JSON.stringify(hasMore(a!)) !== JSON.stringify(hasMore(b!))
  ) {
    const first = a!.data.findIndex((item, i) => JSON.stringify(item) !== JSON.stringify(b!.data[i]));
    throw new Error(
      `${layer} and ${hand} answer different results, first at ${first}: ` +
        `${JSON.stringify(a!.data[first])} / ${JSON.stringify(b!.data[first])}; ` +
        `${JSON.stringify(hasMore(a!))} / ${JSON.stringify(hasMore(b!))}`,
    );
  }
  return a!.data.length;
}

export function formatSearchReport(figures: readonly GlobalSearchFigure[]): string {
  const lines = [
    '| search | locale | records | answered | global search p50 / p99 (ms) | by hand p50 / p99 (ms) | p50 ratio |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const f of figures) {
    const ratio = percentile(f.layer.latencies, 50) / percentile(f.hand.latencies, 50);
    lines.push(
      `| "${f.query}" | ${f.locale} | ${fmt(f.records)} | ${f.matching} | ${ms(f.layer, 50)} / ${ms(f.layer, 99)} | ` +
        `${ms(f.hand, 50)} / ${ms(f.hand, 99)} | ${ratio.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

export async function searchBench(options: {
  cluster: BenchCluster;
  counts: SearchBenchCounts;
  log: (line: string) => void;
}): Promise<GlobalSearchFigure[]> {
  const { cluster, counts, log } = options;
  const databaseUrl = await cluster.createDatabase('search');
  const adminToken = randomBytes(24).toString('base64url');
  log(
    `search: ${fmt(counts.records)} indexed records; one request at a time, ${counts.slices} alternating slices ` +
      `of ${counts.secondsPerSlice} s per side`,
  );
  const host = await hostPlatform({ databaseUrl, adminToken });
  const figures: GlobalSearchFigure[] = [];
  try {
    const started = performance.now();
    await seedIndex(databaseUrl, counts.records);
    log(`  index written and analyzed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    for (const { query, locale } of GLOBAL_SEARCHES) {
      const q = `search=${encodeURIComponent(query)}`;
      const headers = { 'accept-language': locale };
      const layer = `/api/v1/services/global-search?${q}`;
      const hand = `/api/v1/bench-global-search?${q}`;
      const matching = await sameResults(host, layer, hand, headers);
      const side = (path: string) => ({ url: `${host.platformUrl}${path}`, headers, connections: 1 });
      await interleaved(side(layer), side(hand), 1, 1);
      const { subject, baseline } = await interleaved(
        side(layer),
        side(hand),
        counts.slices,
        counts.secondsPerSlice,
      );
      figures.push({ query, locale, records: counts.records, matching, layer: subject, hand: baseline });
      log(
        `  "${query}" (${locale}): ${ms(subject, 50)} / ${ms(subject, 99)} ms beside ${ms(baseline, 50)} / ` +
          `${ms(baseline, 99)} ms by hand (load average ${loadavg()[0]!.toFixed(2)})`,
      );
    }
  } finally {
    await host.stop();
  }
  log('');
  log(formatSearchReport(figures));
  return figures;
}
