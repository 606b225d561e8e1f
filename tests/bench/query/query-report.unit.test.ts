import { describe, expect, it } from 'vitest';
import { combine, type Load } from './load.ts';
import { formatQueryReport, QUERY_QUICK, type SizeFigures } from './query-bench.ts';

const run = (requests: number, latencyMs: number): Load => ({
  requests,
  seconds: 1,
  latencies: Array.from({ length: 100 }, () => latencyMs),
  failures: 0,
});

const size = (pages: number, pageRate: number, fixedP99: number): SizeFigures => ({
  pages,
  routes: [
    {
      route: 'page by id',
      bytes: 5000,
      subject: run(pageRate, 2),
      baseline: run(8000, 1),
      fixed: run(1000, fixedP99),
      fixedBaseline: run(1000, 1),
    },
  ],
});

describe('the query section report', () => {
  it('prints rates, ratios to bare Express, the large-to-small ratio and the targets', () => {
    const report = formatQueryReport([size(10, 6000, 5), size(10_000, 3000, 30)], QUERY_QUICK);
    expect(report).toContain(
      '| page by id | 10 | 5,000 | 6,000 | 2.0 | 2.0 | 8,000 | 1.0 | 1.0 | 0.75x | 5.0 | 1.0 |',
    );
    expect(report).toContain('| page by id | 0.50x | 0.50x |');
    expect(report).toContain('PASS  page by id at 10 pages >= 0.5x bare Express: 0.75x');
    expect(report).toContain('MISS  page by id at 10,000 pages: p99 <= 20 ms at 1,000 req/s: 30 ms');
    expect(report).toContain(
      'MISS  page by id: 10,000 pages >= 0.9x 10 pages (normalised): 0.50x (raw 0.50x)',
    );
  });

  it("marks a browser-like client's row with the encoding and bytes it was sent, held to the same targets", () => {
    const small = size(10, 6000, 5);
    small.routes.push({
      ...small.routes[0]!,
      route: 'page by id, browser',
      sent: { encoding: 'br', bytes: 900 },
      subject: run(3000, 2),
    });
    const report = formatQueryReport([small], QUERY_QUICK);
    expect(report).toContain('| page by id, browser | 10 | 5,000 (br 900) | 3,000 |');
    expect(report).toContain('MISS  page by id, browser at 10 pages >= 0.5x bare Express: 0.38x');
  });

  it('sums slices: rates over the total time, percentiles over every response', () => {
    const both = combine([run(100, 1), { ...run(300, 3), seconds: 1 }]);
    expect(both.requests / both.seconds).toBe(200);
    expect(both.latencies).toHaveLength(200);
    expect(both.latencies[0]).toBe(1);
    expect(both.latencies[199]).toBe(3);
  });
});
