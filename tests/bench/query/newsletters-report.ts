import { DELIVER_BATCH } from '@platform/host/newsletters/deliver';
import { percentile } from '../report.ts';
import type { Timing } from './newsletters-statements.ts';
import { fmt, ms } from './two-size-report.ts';

/**
 * What a timed job waits between two passes after a full batch (host/src/timed-job.ts): nothing since this bench
 * found it waiting its 250 ms floor there too, so two steps of a sending are apart by the step's own work.
 */
export const JOB_FLOOR_MS = 0;

export const NEWSLETTERS_TARGET = {
  /** letters per second at the large size at ≥ 0.8x the small one */
  delivery: 0.8,
  /** the step's read at the large size at ≤ 1.5x the small one (p50, at each position) */
  read: 1.5,
};

/** One sending measured: the bench's clock around the send and the poll, and its steps as its stream tells them. */
export interface Round {
  subject: string;
  sendingId: string;
  letters: number;
  /** the send's round trip */
  sendMs: number;
  /** from the send's answer until the poll read `finishedAt` */
  toFinishedMs: number;
  polls: number;
  /** the sending's progress events */
  steps: number;
  /** from the sending's creation to its first step's progress (the wait for the job's pass, then the step) */
  firstStepMs: number;
  /** between one step's progress and the next's */
  gaps: number[];
  /** from the sending's creation to its last step's progress (the platform's clock) */
  serverMs: number;
  /** when the last step's progress was appended (epoch ms) */
  lastStepAt: number;
}

export interface NewslettersSize {
  step: number;
  /** the contacts' table */
  size: number;
  rounds: Round[];
  /** rows per second into dev_mailbox, per measured sending: one INSERT of 20 a batch, 20 INSERTs of one */
  baseline: { multi: number[]; single: number[] };
  /** the job's statement on the platform's table, at the start, the middle and the end of the recipients */
  reads: PositionTiming[];
  /** the send's count(*) */
  count: Timing;
  /** on a copy of the table with 80% of the contacts subscribed: the count, the job's read and its variant */
  mostly: { subscribed: number; count: Timing; reads: PositionTiming[]; beforeFix: PositionTiming[] };
}

export interface PositionTiming {
  position: string;
  timing: Timing;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Letters per second from the send's answer until finishedAt was read, over every measured sending. */
export const deliveryRate = (s: NewslettersSize) =>
  (sum(s.rounds.map((r) => r.letters)) * 1000) / sum(s.rounds.map((r) => r.toFinishedMs));

/** The figures of a size, by row of the table. */
function figures(s: NewslettersSize) {
  const gaps = s.rounds.flatMap((r) => r.gaps).sort((a, b) => a - b);
  // the first step's letters went before its progress was written: the pace is the others' over the steps' span
  const paced = sum(s.rounds.map((r) => r.letters - DELIVER_BATCH));
  const span = sum(s.rounds.map((r) => r.serverMs - r.firstStepMs));
  const gap = percentile(gaps, 50);
  const rate = deliveryRate(s);
  return {
    rate,
    pace: (paced * 1000) / span,
    firstStep: sum(s.rounds.map((r) => r.firstStepMs)) / s.rounds.length,
    gap,
    work: gap - JOB_FLOOR_MS,
    send: median(s.rounds.map((r) => r.sendMs)),
    count: s.count.p50,
    countMostly: s.mostly.count.p50,
    multi: median(s.baseline.multi),
    single: median(s.baseline.single),
  };
}

/** The table of both sizes side by side, large / small, and the targets. */
export function formatNewslettersReport(sizes: readonly NewslettersSize[], recipients: number): string {
  const [small, large] = sizes;
  if (!small || !large || !small.rounds.length || !large.rounds.length) return '';
  const a = figures(small);
  const b = figures(large);
  const sendings = `${small.rounds.length} sendings of ${fmt(recipients)} a size`;
  const lines = [
    `| measure | ${fmt(small.size)} contacts | ${fmt(large.size)} contacts | large / small |`,
    '|---|---|---|---|',
  ];
  const row = (label: string, x: number, y: number, format: (n: number) => string) =>
    lines.push(`| ${label} | ${format(x)} | ${format(y)} | ${fmt(y / x, 2)}x |`);
  const rate = (n: number) => fmt(n, 1);
  row(`delivery, letters/s from the send's answer to finishedAt read (${sendings})`, a.rate, b.rate, rate);
  row("the job's pace, letters/s from its first step's progress to its last", a.pace, b.pace, rate);
  row("wait from the send to the first step's progress, ms (mean)", a.firstStep, b.firstStep, fmt);
  row('between two steps, ms (p50)', a.gap, b.gap, fmt);
  row(
    `a step's work, ms (p50 between steps less the job's wait after a full batch, ${JOB_FLOOR_MS} ms)`,
    a.work,
    b.work,
    fmt,
  );
  row("the send command's round trip, ms (median)", a.send, b.send, ms);
  row(`the send's count(*), ms p50 (${fmt(recipients)} subscribed, in this process)`, a.count, b.count, (n) =>
    n.toFixed(2),
  );
  const mostly = `the copy with ${fmt(small.mostly.subscribed)} / ${fmt(large.mostly.subscribed)} subscribed`;
  row(`the send's count(*) on ${mostly}, ms p50`, a.countMostly, b.countMostly, (n) => n.toFixed(2));
  const reads = (label: string, x: readonly PositionTiming[], y: readonly PositionTiming[]) => {
    for (const [i, read] of x.entries()) {
      const [p, q] = [read.timing, y[i]!.timing];
      lines.push(
        `| ${label} at the ${read.position}, ms p50 (p99) | ${p.p50.toFixed(3)} (${p.p99.toFixed(3)}) | ` +
          `${q.p50.toFixed(3)} (${q.p99.toFixed(3)}) | ${fmt(q.p50 / p.p50, 2)}x |`,
      );
    }
  };
  reads("the step's read", small.reads, large.reads);
  reads(`the step's read on ${mostly}`, small.mostly.reads, large.mostly.reads);
  reads(
    `the read before its fix (sorted by the id's text), on ${mostly}`,
    small.mostly.beforeFix,
    large.mostly.beforeFix,
  );
  row('baseline: one INSERT of 20 rows a batch, rows/s (median)', a.multi, b.multi, fmt);
  row('baseline: 20 INSERTs of one row a batch, rows/s (median)', a.single, b.single, fmt);
  lines.push(
    `| delivery / baseline (one INSERT of 20; 20 INSERTs of one) | ${fmt(a.rate / a.multi, 3)}x; ${fmt(a.rate / a.single, 3)}x | ` +
      `${fmt(b.rate / b.multi, 3)}x; ${fmt(b.rate / b.single, 3)}x | |`,
  );

  lines.push('', "Targets (ADR 0065: a step reads the next 20 recipients from the last one's id):");
  const growth = b.rate / a.rate;
  lines.push(
    `  ${growth >= NEWSLETTERS_TARGET.delivery ? 'PASS' : 'MISS'}  delivery: ${fmt(large.size)} contacts >= ` +
      `${NEWSLETTERS_TARGET.delivery}x ${fmt(small.size)} (letters/s, the send's answer to finishedAt read): ${fmt(growth, 2)}x`,
  );
  for (const [i, read] of small.reads.entries()) {
    const ratio = large.reads[i]!.timing.p50 / read.timing.p50;
    lines.push(
      `  ${ratio <= NEWSLETTERS_TARGET.read ? 'PASS' : 'MISS'}  the step's read at the ${read.position}: ` +
        `${fmt(large.size)} contacts <= ${NEWSLETTERS_TARGET.read}x ${fmt(small.size)} (p50): ${fmt(ratio, 2)}x`,
    );
  }
  lines.push(
    `  (no target)  the send command: ${ms(a.send)} -> ${ms(b.send)} ms; its count(*) ${a.count.toFixed(2)} -> ` +
      `${b.count.toFixed(2)} ms, ${a.countMostly.toFixed(2)} -> ${b.countMostly.toFixed(2)} ms with most contacts subscribed`,
    `  (no target)  the step's read at the start with most contacts subscribed: ` +
      `${small.mostly.reads[0]!.timing.p50.toFixed(3)} -> ${large.mostly.reads[0]!.timing.p50.toFixed(3)} ms ` +
      `(before its fix: ${small.mostly.beforeFix[0]!.timing.p50.toFixed(3)} -> ` +
      `${large.mostly.beforeFix[0]!.timing.p50.toFixed(3)} ms)`,
  );
  return lines.join('\n');
}
