import type { SubjectName } from './workload.ts';

export interface Metric {
  key: MetricKey;
  label: string;
  unit: 'events/s' | 'ms';
  values: Partial<Record<SubjectName, number>>;
}

export type MetricKey =
  'append-single' | 'append-overlap' | 'append-batch' | 'catch-up' | 'replay' | 'visible-p50' | 'visible-p99';

export interface TargetResult {
  target: string;
  pass: boolean;
  measured: string;
}

/** Nearest-rank percentile of an ascending array (p in 0..100); NaN when empty. */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(Math.max(rank, 1), sortedAscending.length) - 1]!;
}

export function perSecond(events: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (events * 1000) / elapsedMs : Number.NaN;
}

function formatValue(value: number | undefined, unit: Metric['unit']): string {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  if (unit === 'ms') return value.toFixed(1);
  return Math.round(value).toLocaleString('en-US');
}

function ratio(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0)
    return 'n/a';
  return `${(a / b).toFixed(2)}x`;
}

/** The results table: metric | ours | raw INSERT | Emmett | ours/raw | ours/emmett. */
export function formatTable(metrics: readonly Metric[]): string {
  const header = ['metric', 'ours', 'raw INSERT', 'Emmett', 'ours/raw', 'ours/emmett'];
  const rows = metrics.map((m) => [
    `${m.label} (${m.unit})`,
    formatValue(m.values.ours, m.unit),
    formatValue(m.values.raw, m.unit),
    formatValue(m.values.emmett, m.unit),
    ratio(m.values.ours, m.values.raw),
    ratio(m.values.ours, m.values.emmett),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const find = (metrics: readonly Metric[], key: MetricKey) => metrics.find((m) => m.key === key)?.values ?? {};

function atLeast(label: string, value: number | undefined, bound: number, unit: string): TargetResult {
  if (value === undefined || !Number.isFinite(value)) return { target: label, pass: false, measured: 'n/a' };
  return { target: label, pass: value >= bound, measured: `${value.toFixed(2)}${unit}` };
}

/**
 * The targets of the issue: appends (single and batched) >= 0.8x raw INSERT and >= 2x Emmett; replay >= 100k
 * events/s; append-to-visible p99 <= 50 ms. A figure that is missing fails its target.
 */
export function evaluateTargets(metrics: readonly Metric[]): TargetResult[] {
  const results: TargetResult[] = [];
  for (const key of ['append-single', 'append-batch'] as const) {
    const label = metrics.find((m) => m.key === key)?.label ?? key;
    const v = find(metrics, key);
    const toRaw = v.ours !== undefined && v.raw ? v.ours / v.raw : undefined;
    const toEmmett = v.ours !== undefined && v.emmett ? v.ours / v.emmett : undefined;
    results.push(atLeast(`${label}: ours >= 0.8x raw INSERT`, toRaw, 0.8, 'x'));
    results.push(atLeast(`${label}: ours >= 2x Emmett`, toEmmett, 2, 'x'));
  }
  results.push(atLeast('replay >= 100,000 events/s', find(metrics, 'replay').ours, 100_000, ' events/s'));
  const p99 = find(metrics, 'visible-p99').ours;
  const p99ok = p99 !== undefined && Number.isFinite(p99) && p99 <= 50;
  results.push({
    target: 'append-to-visible p99 <= 50 ms',
    pass: p99ok,
    measured: p99 === undefined || !Number.isFinite(p99) ? 'n/a' : `${p99.toFixed(1)} ms`,
  });
  return results;
}

export function formatTargets(results: readonly TargetResult[]): string {
  return results.map((r) => `${r.pass ? 'PASS' : 'FAIL'}  ${r.target}  (measured ${r.measured})`).join('\n');
}
