import { z } from 'zod/v4';
import { ADMINISTRATORS } from '../accounts/rules.ts';
import { allows, APP_ADMINS, type AccessRule, type ViewerFacts } from '../resources/access.ts';
import { STATS_EVENTS } from './records.ts';

/**
 * What `/admin/stats` reads (issue 22; seed 001 §2 admin.stats, §6): the daily counts of the statistics records
 * over a period, grouped for its charts (per day and event, the most recorded resources, per origin). ADR 0040.
 */

/** GET /api/v1/services/stats/counts?from=YYYY-MM-DD&to=YYYY-MM-DD[&resourceType=…] */
export const STATS_COUNTS_PATH = '/services/stats/counts';

/** The longest period one read covers, both days counted: a year, a leap year's included. */
export const STATS_PERIOD_MAX_DAYS = 366;

/** How many resources the top list holds. */
export const STATS_TOP_RESOURCES = 10;

/**
 * Who may see the statistics at all (seed 001 §6: the statistics group is for "users passing the admin check",
 * and "admin role checks always include the admin role", seed 000 §6): administrators and application
 * administrators, the back office's usual readers.
 */
export const STATS_READERS: AccessRule = APP_ADMINS;

/** Who sees every event the records carry (seed 001 §6: "administrators see extra descriptions in stats"). */
export const STATS_ALL_EVENTS: AccessRule = ADMINISTRATORS;

/** Seed 001 §6: "stats for non-admins can be limited to view or download events". */
export const STATS_LIMITED_EVENTS: readonly string[] = STATS_EVENTS;

/**
 * The events the viewer's statistics count: null for all of them (administrators), the view and download events
 * for the other readers. The read model counts whatever event a record names, so the limit holds as the record
 * contract grows; today the contract names view and download only.
 */
export function statsEventsOf(viewer: ViewerFacts): readonly string[] | null {
  return allows(STATS_ALL_EVENTS, viewer) ? null : STATS_LIMITED_EVENTS;
}

/** The resource types the platform records but which are no resource of the layer (the CMS pages). */
export const STATS_HAND_WRITTEN_TYPES = ['app-pages'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30): its UTC midnight in ms, else null. */
export function calendarDay(value: string): number | null {
  if (!ISO_DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? null : ms;
}

const DAY_MS = 86_400_000;

/** The days from `from` to `to`, both included, as YYYY-MM-DD (for a chart's axis: days without records too). */
export function daysOf(from: string, to: string): string[] {
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (start === null || end === null || end < start) return [];
  const days: string[] = [];
  for (let ms = start; ms <= end; ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** A read's period and filter, once checked. */
export interface StatsCountsQuery {
  from: string;
  to: string;
  resourceType: string | null;
}

/** A parameter that does not fit: which one, why (for the web's words), and the API's detail. */
export interface StatsQueryIssue {
  parameter: 'from' | 'to' | 'resourceType';
  reason: 'date' | 'order' | 'length' | 'type';
  detail: string;
}

/**
 * Checks the query's parameters: two existing dates, `from` not after `to`, at most STATS_PERIOD_MAX_DAYS days,
 * and a resource type the platform knows. Every issue is reported, each naming its parameter.
 */
export function parseStatsCountsQuery(
  query: Record<string, unknown>,
  knownTypes: ReadonlySet<string>,
): { query: StatsCountsQuery } | { issues: StatsQueryIssue[] } {
  const issues: StatsQueryIssue[] = [];
  const date = (parameter: 'from' | 'to'): string | null => {
    const value = query[parameter];
    if (typeof value !== 'string' || value === '') {
      issues.push({ parameter, reason: 'date', detail: 'A date (YYYY-MM-DD) is required' });
      return null;
    }
    if (calendarDay(value) === null) {
      issues.push({ parameter, reason: 'date', detail: 'must be a date that exists, written YYYY-MM-DD' });
      return null;
    }
    return value;
  };
  const from = date('from');
  const to = date('to');
  if (from !== null && to !== null) {
    const days = (calendarDay(to)! - calendarDay(from)!) / DAY_MS + 1;
    if (days < 1)
      issues.push({ parameter: 'to', reason: 'order', detail: 'The period ends before it starts' });
    else if (days > STATS_PERIOD_MAX_DAYS)
      issues.push({
        parameter: 'to',
        reason: 'length',
        detail: `A period covers at most ${STATS_PERIOD_MAX_DAYS} days`,
      });
  }
  const rawType = query.resourceType;
  let resourceType: string | null = null;
  if (rawType !== undefined && rawType !== '') {
    if (typeof rawType !== 'string' || !knownTypes.has(rawType))
      issues.push({ parameter: 'resourceType', reason: 'type', detail: 'No such resource type' });
    else resourceType = rawType;
  }
  if (issues.length || from === null || to === null) return { issues };
  return { query: { from, to, resourceType } };
}

const count = z.number().int().nonnegative();

/** The counts of one day and event. */
export const StatsDayCountSchema = z.object({ day: z.string(), event: z.string(), records: count });

/** One of the most recorded resources: its title when the viewer may read it, its records per event. */
export const StatsTopResourceSchema = z.object({
  resourceType: z.string(),
  resourceId: z.string(),
  title: z.string().nullable(),
  records: count,
  events: z.record(z.string(), count),
});
export type StatsTopResource = z.infer<typeof StatsTopResourceSchema>;

export const StatsOriginCountSchema = z.object({ origin: z.string(), records: count });

export const StatsCountsSchema = z.object({
  from: z.string(),
  to: z.string(),
  resourceType: z.string().nullable(),
  /** the events the viewer's counts cover: null for all (administrators) */
  events: z.array(z.string()).nullable(),
  /** every day of the period with records, per event (days without records are left out) */
  days: z.array(StatsDayCountSchema),
  /** the most recorded resources, most first, at most STATS_TOP_RESOURCES */
  resources: z.array(StatsTopResourceSchema),
  /** the origins, most records first */
  origins: z.array(StatsOriginCountSchema),
  /** the resource types with records in the period, whatever the filter: what the filter offers */
  resourceTypes: z.array(z.string()),
});
export type StatsCounts = z.infer<typeof StatsCountsSchema>;

export const StatsCountsDocumentSchema = z.object({
  data: StatsCountsSchema,
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type StatsCountsDocument = z.infer<typeof StatsCountsDocumentSchema>;
