import { p50, p99, rateOf, type Load } from './load.ts';

/** A number as the reports print it: grouped, with `digits` decimals; '-' when not a number. */
export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';
/** Milliseconds: one decimal under ten. */
export const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '-');

/** One call measured at one of the two sizes (step 0 the small, 1 the large), bare Express's included. */
export interface TwoSizeFigure {
  step: number;
  call: string;
  /** the rows the call's size counts at the start of its slices and at their end, when it says */
  rows: { start: number; end: number } | null;
  bytes: number;
  load: Load;
}

/**
 * The report of a section that measures calls at two sizes beside bare Express (the software, the advanced forms):
 * the table of the calls per size, each against bare Express in the same slice; the growth between the sizes, raw
 * and normalised by bare Express's own growth; and the targets, each call's normalised growth against `flat`. The
 * lines are returned, for a section to add its own.
 */
export function twoSizeReport(
  figures: readonly TwoSizeFigure[],
  spec: {
    /** the third column's title: what `rows` counts */
    rowsHeader: string;
    /** the size a figure was measured at, in words ('' for bare Express) */
    sizeOf(figure: TwoSizeFigure): string;
    /** bare Express's call a call is compared with (its GET or its POST) */
    bareOf(call: string): string;
    bareCalls: readonly string[];
    /** what the targets say of the calls, and which calls have one */
    heading: string;
    targets: readonly string[];
    flat: number;
    /** a target's sizes in words: its small and large size */
    sizesOf(call: string, at: (step: number, call: string) => TwoSizeFigure | undefined): [string, string];
  },
): string[] {
  const at = (step: number, call: string) => figures.find((f) => f.step === step && f.call === call);
  const lines = [
    `| call | size (seeded) | ${spec.rowsHeader}, start -> end | answer bytes | req/s | p50 ms | p99 ms | vs bare Express |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const bare = at(f.step, spec.bareOf(f.call));
    lines.push(
      `| ${f.call} | ${spec.sizeOf(f)} | ${f.rows ? `${fmt(f.rows.start)} -> ${fmt(f.rows.end)}` : ''} | ` +
        `${fmt(f.bytes)} | ${fmt(rateOf(f.load))} | ${ms(p50(f.load))} | ${ms(p99(f.load))} | ` +
        `${bare && bare !== f ? `${fmt(rateOf(f.load) / rateOf(bare.load), 3)}x` : ''} |` +
        `${f.load.failures ? ` ${f.load.failures} failed` : ''}`,
    );
  }
  lines.push(
    '',
    '| call | sizes | large / small (req/s) | normalised by bare Express | p50, large / small | p99, large / small |',
    '|---|---|---|---|---|---|',
  );
  const normalised = new Map<string, number>();
  for (const f of figures.filter((x) => x.step === 0)) {
    const l = at(1, f.call);
    const bareSmall = at(0, spec.bareOf(f.call));
    const bareLarge = at(1, spec.bareOf(f.call));
    if (!l || !bareSmall || !bareLarge) continue;
    const growth = rateOf(l.load) / rateOf(f.load);
    const bareGrowth = rateOf(bareLarge.load) / rateOf(bareSmall.load);
    const isBare = spec.bareCalls.includes(f.call);
    if (!isBare) normalised.set(f.call, growth / bareGrowth);
    lines.push(
      `| ${f.call} | ${isBare ? '' : `${spec.sizeOf(f)} -> ${spec.sizeOf(l)}`} | ${fmt(growth, 2)}x | ` +
        `${isBare ? '' : `${fmt(growth / bareGrowth, 2)}x`} | ${fmt(p50(l.load) / p50(f.load), 2)}x | ` +
        `${fmt(p99(l.load) / p99(f.load), 2)}x |`,
    );
  }
  lines.push('', spec.heading);
  for (const call of spec.targets) {
    const value = normalised.get(call) ?? Number.NaN;
    const [small, large] = spec.sizesOf(call, at);
    lines.push(
      `  ${value >= spec.flat ? 'PASS' : 'MISS'}  ${call}: ${large} >= ${spec.flat}x ${small} ` +
        `(req/s, normalised by bare Express): ${fmt(value, 2)}x`,
    );
  }
  return lines;
}
