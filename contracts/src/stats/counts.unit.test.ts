import { describe, expect, it } from 'vitest';
import { parseStatsCountsQuery, statsEventsOf, daysOf, STATS_PERIOD_MAX_DAYS } from './counts.ts';

const types = new Set(['articles', 'app-pages']);
const viewer = (roles: Array<'admin' | 'app_admin'>) => ({
  userId: '0a000000-0000-4000-8000-00000000000a',
  roles,
  accessWeight: 0,
  isAdmin: roles.includes('admin'),
});

describe('the statistics counts query (ADR 0040)', () => {
  it('takes two existing dates, from before to, and a known type', () => {
    expect(
      parseStatsCountsQuery({ from: '2024-02-29', to: '2024-03-01', resourceType: 'articles' }, types),
    ).toEqual({
      query: { from: '2024-02-29', to: '2024-03-01', resourceType: 'articles' },
    });
    expect(parseStatsCountsQuery({ from: '2026-01-01', to: '2026-01-01', resourceType: '' }, types)).toEqual({
      query: { from: '2026-01-01', to: '2026-01-01', resourceType: null },
    });
  });

  it('names each parameter that does not fit, and why', () => {
    const reasons = (query: Record<string, unknown>) => {
      const parsed = parseStatsCountsQuery(query, types);
      return 'issues' in parsed ? parsed.issues.map((i) => `${i.parameter}:${i.reason}`) : [];
    };
    expect(reasons({})).toEqual(['from:date', 'to:date']);
    expect(reasons({ from: '2026-02-29', to: '2026-13-01' })).toEqual(['from:date', 'to:date']);
    expect(reasons({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['to:order']);
    expect(reasons({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['to:length']);
    expect(reasons({ from: '2025-01-01', to: '2026-01-01', resourceType: 'nothing' })).toEqual([
      'resourceType:type',
    ]);
    expect(reasons({ from: ['2026-01-01'], to: '2026-01-02', resourceType: ['articles'] })).toEqual([
      'from:date',
      'resourceType:type',
    ]);
  });

  it('covers at most a year, a leap year included', () => {
    expect(daysOf('2024-01-01', '2024-12-31')).toHaveLength(STATS_PERIOD_MAX_DAYS);
    expect('query' in parseStatsCountsQuery({ from: '2024-01-01', to: '2024-12-31' }, types)).toBe(true);
    expect(daysOf('2026-03-01', '2026-02-28')).toEqual([]);
  });

  it('limits the events of every reader but the administrators to views and downloads', () => {
    expect(statsEventsOf(viewer(['admin']))).toBeNull();
    expect(statsEventsOf(viewer(['app_admin']))).toEqual(['view', 'download']);
  });
});
