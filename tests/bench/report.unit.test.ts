import { describe, expect, it } from 'vitest';
import { evaluateTargets, formatTable, percentile, perSecond, type Metric } from './report.ts';

const metrics = (over: Partial<Record<Metric['key'], Metric['values']>> = {}): Metric[] =>
  [
    {
      key: 'append-single',
      label: 'single',
      unit: 'events/s',
      values: { ours: 900, raw: 1000, emmett: 400 },
    },
    {
      key: 'append-batch',
      label: 'batch',
      unit: 'events/s',
      values: { ours: 20_000, raw: 20_000, emmett: 9_000 },
    },
    { key: 'replay', label: 'replay', unit: 'events/s', values: { ours: 120_000, raw: 150_000 } },
    { key: 'visible-p99', label: 'p99', unit: 'ms', values: { ours: 12.5, raw: 8 } },
  ].map((m) => ({ ...m, values: over[m.key as Metric['key']] ?? m.values }) as Metric);

describe('percentile', () => {
  it('takes the nearest rank of an ascending array', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  it('is NaN without samples, so a missing figure cannot pass a target', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('perSecond', () => {
  it('converts a count over milliseconds, NaN for no elapsed time', () => {
    expect(perSecond(500, 250)).toBe(2000);
    expect(perSecond(10, 0)).toBeNaN();
  });
});

describe('evaluateTargets', () => {
  it('passes when every figure meets its target', () => {
    expect(evaluateTargets(metrics()).every((r) => r.pass)).toBe(true);
  });

  it('fails appends under 0.8x raw or under 2x Emmett', () => {
    const results = evaluateTargets(metrics({ 'append-single': { ours: 700, raw: 1000, emmett: 400 } }));
    expect(results.find((r) => r.target === 'single: ours >= 0.8x raw INSERT')).toMatchObject({
      pass: false,
      measured: '0.70x',
    });
    const slow = evaluateTargets(metrics({ 'append-batch': { ours: 20_000, raw: 20_000, emmett: 10_001 } }));
    expect(slow.find((r) => r.target === 'batch: ours >= 2x Emmett')?.pass).toBe(false);
  });

  it('fails a replay under 100k events/s and a p99 over 50 ms', () => {
    const results = evaluateTargets(metrics({ replay: { ours: 99_999 }, 'visible-p99': { ours: 50.1 } }));
    expect(results.find((r) => r.target.startsWith('replay'))?.pass).toBe(false);
    expect(results.find((r) => r.target.startsWith('append-to-visible'))?.pass).toBe(false);
  });

  it('fails a target whose figure is missing', () => {
    const results = evaluateTargets(
      metrics({ replay: { ours: Number.NaN }, 'append-single': { raw: 1000 } }),
    );
    expect(results.filter((r) => !r.pass).map((r) => r.measured)).toEqual(['n/a', 'n/a', 'n/a']);
  });
});

describe('formatTable', () => {
  it('prints each metric with the three subjects and both ratios', () => {
    const lines = formatTable(metrics()).split('\n');
    expect(lines[0]).toMatch(/\| metric +\| +ours \| raw INSERT \| Emmett \| ours\/raw \| ours\/emmett \|/);
    expect(lines[2]).toMatch(/single \(events\/s\) +\| +900 \| +1,000 \| +400 \| +0\.90x \| +2\.25x \|/);
    expect(lines[4]).toMatch(/replay \(events\/s\) +\| +120,000 \| +150,000 \| +n\/a \| +0\.80x \| +n\/a \|/);
    expect(lines[5]).toMatch(/p99 \(ms\) +\| +12\.5 \| +8\.0 \|/);
  });
});
