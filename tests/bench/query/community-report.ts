/**
 * The pure parts of the community section (community-bench.ts): whether the layer and the hand-written read
 * answer the same document, and the report in the format of the other query sections (a markdown table, the
 * ratios, one PASS or MISS line per target).
 */
import { p50, p99, rateOf, type Load } from './load.ts';

/** A JSON:API document as both sides must agree on it: its own links left out (they name the path asked), the
 * included records in type and id order (their order is not part of the document's meaning). */
export function comparable(document: unknown): unknown {
  const doc = { ...(document as Record<string, unknown>) };
  delete doc.links;
  if (Array.isArray(doc.included))
    doc.included = [...(doc.included as Array<{ type: string; id: string }>)].sort((a, b) =>
      `${a.type} ${a.id}`.localeCompare(`${b.type} ${b.id}`),
    );
  return doc;
}

/** The paths where two JSON values differ (`data[0].attributes.title`), at most `max` of them. */
export function differences(a: unknown, b: unknown, max = 10, path = ''): string[] {
  const found: string[] = [];
  const walk = (x: unknown, y: unknown, at: string) => {
    if (found.length >= max) return;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) found.push(`${at || '.'} (${x.length} vs ${y.length} entries)`);
      for (let i = 0; i < Math.min(x.length, y.length); i++) walk(x[i], y[i], `${at}[${i}]`);
      return;
    }
    if (x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y)) {
      const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
      for (const key of keys)
        walk(
          (x as Record<string, unknown>)[key],
          (y as Record<string, unknown>)[key],
          at ? `${at}.${key}` : key,
        );
      return;
    }
    if (JSON.stringify(x) !== JSON.stringify(y))
      found.push(`${at || '.'}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`.slice(0, 300));
  };
  walk(a, b, path);
  return found;
}

/** One read measured beside its hand-written twin at one size. */
export interface CommunityFigure {
  read: string;
  /** repository items, or forum messages, in the tables when measured */
  size: number;
  /** what `size` counts */
  unit: 'items' | 'messages';
  /** the rows the read's filter matches (meta.total) */
  total: number;
  /** meta.totalCapped: the list counted no further than `total` (ADR 0045), more match */
  capped?: boolean;
  bytes: number;
  layer: Load;
  hand: Load;
  /** bare Express answering as many bytes in the same slices: what the machine allowed meanwhile */
  bare: Load;
  /** a ratio target (≥ 0.9× the hand-written read) applies to it */
  target: boolean;
}

/** A search measured one request at a time (a reader's latency) beside its hand-written twin. */
export interface SearchFigure {
  query: string;
  locale: string;
  size: number;
  total: number;
  /** meta.totalCapped (ADR 0045) */
  capped?: boolean;
  layer: Load;
  hand: Load;
}

export const COMMUNITY_TARGETS = {
  /** the layer's reads at ≥ 0.9× the same reads written by hand */
  ratio: 0.9,
  /** a list at the large size at ≥ 0.9× the small one (normalised by bare Express in the same slices) */
  flat: 0.9,
};

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '-');
/** a list's count, "1,000+" where it stopped counting (ADR 0045) */
const counted = (f: { total: number; capped?: boolean }) => `${fmt(f.total)}${f.capped ? '+' : ''}`;
const ratioOf = (f: { layer: Load; hand: Load }) => rateOf(f.layer) / rateOf(f.hand);

/** The report: the table of reads, growth between sizes, the searches, and the targets. */
export function formatCommunityReport(
  figures: readonly CommunityFigure[],
  searches: readonly SearchFigure[],
  options: { flat: readonly string[] } = { flat: [] },
): string {
  const lines: string[] = [];
  lines.push(
    '| read | size | matching | bytes | layer req/s | p50 | p99 | hand-written req/s | p50 | p99 | ratio | bare Express req/s |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const f of figures)
    lines.push(
      `| ${f.read} | ${fmt(f.size)} ${f.unit} | ${counted(f)} | ${fmt(f.bytes)} | ${fmt(rateOf(f.layer))} | ` +
        `${ms(p50(f.layer))} | ${ms(p99(f.layer))} | ${fmt(rateOf(f.hand))} | ${ms(p50(f.hand))} | ` +
        `${ms(p99(f.hand))} | ${fmt(ratioOf(f), 2)}x | ${fmt(rateOf(f.bare))} |`,
    );
  const results: { label: string; value: string; pass: boolean }[] = [];
  const reads = [...new Set(figures.map((f) => f.read))];
  const growth: string[] = [];
  for (const read of reads) {
    const sized = figures.filter((f) => f.read === read).sort((a, b) => a.size - b.size);
    const small = sized[0];
    const large = sized[sized.length - 1];
    if (!small || !large || small === large) continue;
    const raw = rateOf(large.layer) / rateOf(small.layer);
    const hand = rateOf(large.hand) / rateOf(small.hand);
    const bare = rateOf(large.bare) / rateOf(small.bare);
    growth.push(
      `| ${read} | ${fmt(large.size)} vs ${fmt(small.size)} ${large.unit} | ${fmt(raw, 2)}x | ${fmt(hand, 2)}x | ` +
        `${fmt(bare, 2)}x | ${fmt(raw / bare, 2)}x |`,
    );
    if (options.flat.includes(read))
      results.push({
        label: `${read}: ${fmt(large.size)} ${large.unit} >= ${COMMUNITY_TARGETS.flat}x ${fmt(small.size)} (req/s, normalised by bare Express)`,
        value: `${fmt(raw / bare, 2)}x (raw ${fmt(raw, 2)}x)`,
        pass: raw / bare >= COMMUNITY_TARGETS.flat,
      });
  }
  if (growth.length)
    lines.push(
      '',
      '| read | sizes | layer, large vs small (req/s) | hand-written, same | bare Express, same | layer normalised by bare Express |',
      '|---|---|---|---|---|---|',
      ...growth,
    );
  if (searches.length) {
    lines.push(
      '',
      '| search (filter[search], one request at a time) | locale | items | matching | layer p50 ms | p99 | hand-written p50 | p99 | ratio (req/s) |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of searches)
      lines.push(
        `| ${s.query} | ${s.locale} | ${fmt(s.size)} | ${counted(s)} | ${ms(p50(s.layer))} | ${ms(p99(s.layer))} | ` +
          `${ms(p50(s.hand))} | ${ms(p99(s.hand))} | ${fmt(ratioOf(s), 2)}x |`,
      );
  }
  for (const f of figures)
    if (f.target)
      results.push({
        label: `${f.read} at ${fmt(f.size)} ${f.unit} >= ${COMMUNITY_TARGETS.ratio}x hand-written SQL`,
        value: `${fmt(ratioOf(f), 2)}x`,
        pass: ratioOf(f) >= COMMUNITY_TARGETS.ratio,
      });
  lines.push('', 'Targets (issue 21):');
  for (const t of results) lines.push(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.label}: ${t.value}`);
  return lines.join('\n');
}
