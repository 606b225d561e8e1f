import { softwareEndpoints, type SoftwareStatsCounts } from '@platform/contracts/software/endpoints';
import { SOFTWARE_SESSION_EVENT } from '@platform/contracts/software/records';
import type { ApiClient } from '../../kit/api/client.ts';

/** What the two screens show: every event, or the sessions alone. */
export type SoftwareStatsMode = 'events' | 'sessions';

export type SoftwareStatsFigures = SoftwareStatsCounts['data']['attributes'];

/** The event a mode's figures are of: the sessions screen reads `filter[event]=session`, the events screen all. */
export const eventOfMode = (mode: SoftwareStatsMode): string | null =>
  mode === 'sessions' ? SOFTWARE_SESSION_EVENT : null;

/** The software statistics of a period (GET /services/software/stats/counts), all events or one. */
export function readSoftwareStatsCounts(
  api: ApiClient,
  query: { from: string; to: string; event: string | null },
  signal: AbortSignal,
): Promise<SoftwareStatsFigures> {
  return api
    .call(softwareEndpoints.counts, {
      query: { from: query.from, to: query.to, 'filter[event]': query.event ?? undefined },
      signal,
    })
    .then((document) => document.data.attributes);
}

/**
 * The chart's rows: one per day of the period, a count per series under a key of its own (`s0`, `s1`…: an event's
 * name may hold a dot, which the chart would read as a path), and the series' keys and events in the answer's order.
 */
export function dailyRows(figures: SoftwareStatsFigures): {
  rows: Array<Record<string, string | number>>;
  series: Array<{ key: string; event: string }>;
} {
  const series = figures.series.map((s, i) => ({ key: `s${i}`, event: s.event }));
  const rows = figures.days.map((day, d) => {
    const row: Record<string, string | number> = { day };
    figures.series.forEach((s, i) => (row[`s${i}`] = s.counts[d] ?? 0));
    return row;
  });
  return { rows, series };
}

/** Each day's count per event, and its total: the days with at least one event, for the chart's table. */
export function reportedDays(
  figures: SoftwareStatsFigures,
): Array<{ day: string; counts: number[]; total: number }> {
  return figures.days
    .map((day, d) => {
      const counts = figures.series.map((s) => s.counts[d] ?? 0);
      return { day, counts, total: counts.reduce((a, b) => a + b, 0) };
    })
    .filter((row) => row.total > 0);
}
