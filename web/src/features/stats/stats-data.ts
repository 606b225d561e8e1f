import { daysOf, type StatsCounts } from '@platform/contracts/stats/counts';
import { statsEndpoints } from '@platform/contracts/stats/endpoints';
import type { ApiClient } from '../../kit/api/client.ts';

/** The statistics' counts of a period (GET /services/stats/counts, ADR 0040). */
export function readStatsCounts(
  api: ApiClient,
  query: { from: string; to: string; resourceType: string | null },
  signal: AbortSignal,
): Promise<StatsCounts> {
  return api
    .call(statsEndpoints.counts, {
      query: { from: query.from, to: query.to, resourceType: query.resourceType ?? undefined },
      signal,
    })
    .then((document) => document.data);
}

/** The events the charts draw first, in this order; others (an administrator's) follow as the answer names them. */
export const CHART_EVENTS = ['view', 'download'] as const;

/** The events an answer holds: the view and download events always, then any other it names (an administrator's). */
export function eventsOf(counts: StatsCounts): string[] {
  const named = new Set(counts.days.map((d) => d.event));
  for (const r of counts.resources) for (const event of Object.keys(r.events)) named.add(event);
  const others = [...named].filter((e) => !(CHART_EVENTS as readonly string[]).includes(e)).sort();
  return [...CHART_EVENTS, ...others];
}

/** One row per day of the period, days without records included (a line drawn through zero), a count per event. */
export function dailySeries(
  counts: StatsCounts,
  events: readonly string[],
): Array<Record<string, string | number>> {
  const byDay = new Map<string, Record<string, number>>();
  for (const d of counts.days) byDay.set(d.day, { ...byDay.get(d.day), [d.event]: d.records });
  return daysOf(counts.from, counts.to).map((day) => {
    const row: Record<string, string | number> = { day };
    for (const event of events) row[event] = byDay.get(day)?.[event] ?? 0;
    return row;
  });
}

/**
 * A cell of a CSV file: quoted when it holds a separator, a quote or a line break; a text a spreadsheet would take
 * for a formula (=, +, -, @ first) is given a leading apostrophe, as OWASP's CSV injection advice says.
 */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The data the screen shows as one CSV table (RFC 4180, CRLF): a row per figure, its section (days, resources,
 * origins) and what it counts, so that one file holds the three charts.
 */
export function statsCsv(counts: StatsCounts): string {
  const header = ['section', 'day', 'event', 'resourceType', 'resourceId', 'title', 'origin', 'records'];
  const rows: Array<Array<string | number | null>> = [
    ...counts.days.map((d) => ['days', d.day, d.event, null, null, null, null, d.records]),
    ...counts.resources.flatMap((r) =>
      Object.entries(r.events).map(([event, records]) => [
        'resources',
        null,
        event,
        r.resourceType,
        r.resourceId,
        r.title,
        null,
        records,
      ]),
    ),
    ...counts.origins.map((o) => ['origins', null, null, null, null, null, o.origin, o.records]),
  ];
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The same data as JSON: the answer the screen shows, as the API gave it. */
export function statsJson(counts: StatsCounts): string {
  return `${JSON.stringify(counts, null, 2)}\n`;
}

/** The name of an export: the period and the type it covers. */
export function exportName(counts: StatsCounts, extension: 'csv' | 'json'): string {
  const type = counts.resourceType ? `-${counts.resourceType}` : '';
  return `statistics-${counts.from}-${counts.to}${type}.${extension}`;
}

/** Has the browser save `text` as a file (an object URL, let go once the download has started). */
export function downloadText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
