import express from 'express';
import { z } from 'zod/v4';
import { ValidationError, type ErrorIssue } from '@platform/contracts/errors';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import {
  softwareEndpoints,
  SOFTWARE_STATS_TOP,
  type SoftwareStatsCounts,
} from '@platform/contracts/software/endpoints';
import {
  SOFTWARE_STATS_READERS,
  softwareInstallationResource,
  softwareStatResource,
  STATS_EVENT_NAME,
  statsEventResource,
} from '@platform/contracts/software/records';
import { calendarDay, daysOf, parseStatsCountsQuery } from '@platform/contracts/stats/counts';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed } from '@platform/infra/http/viewer';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { sql } from '../db.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { consistencyOf } from '../min-position.ts';

const DAY_MS = 86_400_000;

const table = (definition: ResourceDefinition) => sql.identifier(['read', resourceTable(definition).table]);
const stat = (name: string) => sql.identifier(['s', resourceColumn(softwareStatResource, name)]);

const count = z.number().int().nonnegative();
const CountsRow = z.object({
  days: z.array(z.object({ day: z.string(), event: z.string(), n: count })),
  installations: count,
  versions: z.array(z.object({ version: z.string(), count })),
  systems: z.array(z.object({ system: z.string().nullable(), count })),
});

/** The only filter the counts take: `filter[event]`, a declared event's name. */
const FILTER = /^filter\[([^\]]*)\]$/;

/**
 * `filter[event]` from the raw query string (so that Express's query parser does not matter): the event's name,
 * null when absent; anything else named `filter[…]`, a repeated filter or a name no event could have is an issue
 * naming its parameter.
 */
function eventFilterOf(originalUrl: string): { event: string | null; issues: ErrorIssue[] } {
  const search = originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?') + 1) : '';
  const issues: ErrorIssue[] = [];
  let event: string | null = null;
  let seen = false;
  for (const [name, value] of new URLSearchParams(search)) {
    const filter = FILTER.exec(name);
    if (!filter) continue;
    if (filter[1] !== 'event') {
      issues.push({
        code: 'validation.invalid',
        parameter: name,
        detail: 'The only filter is filter[event]',
      });
      continue;
    }
    if (seen) {
      issues.push({ code: 'validation.invalid', parameter: name, detail: `${name} is given more than once` });
      continue;
    }
    seen = true;
    const wanted = value.trim().toLowerCase();
    if (wanted === '') continue;
    if (!STATS_EVENT_NAME.test(wanted))
      issues.push({
        code: 'validation.invalid',
        parameter: name,
        detail: 'An event name is lower-case letters, digits, dots, dashes or underscores',
      });
    else event = wanted;
  }
  return { event, issues };
}

/**
 * GET /api/v1/services/software/stats/counts (seed 000 §2.4 admin.resources.software.stats.events and …sessions,
 * for SOFTWARE_STATS_READERS): the events installations reported over a period of UTC days (`from`, `to`, read as
 * the usage statistics read theirs), all of them or one (`filter[event]=session`): per event one count per day, the
 * total, how many installations reported, the versions and the systems most reported.
 *
 * Read from the resource layer's tables of software-stats, stats-events and software-installations, in one
 * statement (one snapshot: the total is the sum of the series, of the versions' and systems' counts). What it reads
 * is the period's rows alone: `recorded_at` within the period's half-open range of instants, which the projection
 * indexes (recordedAt is a sort of software-stats, `software_stats_recorded_at`); each of them finds its event and
 * installation by primary key. A stat whose event was deleted, or whose installation was put aside (soft-deleted),
 * is left out, as the layer leaves them out of its lists.
 */
export function softwareStatsCountsRoutes(): QueryModule {
  const projections = [softwareStatResource, statsEventResource, softwareInstallationResource].map(
    (d) => resourceTable(d).projection,
  );
  const events = table(statsEventResource);
  const installations = table(softwareInstallationResource);
  const eventName = sql.identifier(['e', resourceColumn(statsEventResource, 'name')]);
  return (deps) => {
    const router = express.Router();
    mountEndpoint(router, softwareEndpoints.counts, deps.readAfter(projections), async (req, res) => {
      requireAllowed(res, SOFTWARE_STATS_READERS, 'Reading the software statistics');
      // the period alone, as the usage statistics read it (a resourceType here is no parameter of this read)
      const parsed = parseStatsCountsQuery({ from: req.query.from, to: req.query.to }, new Set());
      const filter = eventFilterOf(req.originalUrl);
      const issues: ErrorIssue[] = [
        ...('issues' in parsed
          ? parsed.issues.map((i) => ({
              code: 'validation.invalid' as const,
              parameter: i.parameter,
              detail: i.detail,
            }))
          : []),
        ...filter.issues,
      ];
      if (issues.length || !('query' in parsed)) throw new ValidationError(issues);
      const { from, to } = parsed.query;
      const { event } = filter;
      // the period's instants: from its first day's midnight (UTC) up to, not including, the day after its last's
      const start = new Date(calendarDay(from)!).toISOString();
      const end = new Date(calendarDay(to)! + DAY_MS).toISOString();

      const row = await deps.readPool.one(sql.type(CountsRow)`
        with period as materialized (
          select to_char(${stat('recordedAt')} at time zone 'UTC', 'YYYY-MM-DD') as day, ${eventName} as event,
                 ${stat('installation')} as installation, ${stat('version')} as version, ${stat('system')} as system
            from ${table(softwareStatResource)} s
            join ${events} e on e.id = ${stat('event')} and e.deleted_at is null
            join ${installations} i on i.id = ${stat('installation')} and i.deleted_at is null
           where ${stat('recordedAt')} >= ${start}::timestamptz and ${stat('recordedAt')} < ${end}::timestamptz
             and s.deleted_at is null
             ${event === null ? sql.fragment`` : sql.fragment`and ${eventName} = ${event}`}
        )
        select
          (select coalesce(json_agg(json_build_object('day', day, 'event', event, 'n', n) order by day, event), '[]')
             from (select day, event, count(*)::int as n from period group by day, event) d) as days,
          (select count(distinct installation)::int from period) as installations,
          (select coalesce(json_agg(json_build_object('version', version, 'count', n) order by n desc, version), '[]')
             from (select version, count(*)::int as n from period where version is not null group by version
                    order by n desc, version limit ${SOFTWARE_STATS_TOP}) v) as versions,
          (select coalesce(json_agg(json_build_object('system', system, 'count', n)
                                    order by n desc, system nulls last), '[]')
             from (select system, count(*)::int as n from period group by system
                    order by n desc, system nulls last limit ${SOFTWARE_STATS_TOP}) y) as systems`);

      const days = daysOf(from, to);
      const index = new Map(days.map((day, i) => [day, i]));
      const byEvent = new Map<string, number[]>();
      if (event !== null)
        byEvent.set(
          event,
          days.map(() => 0),
        );
      let total = 0;
      for (const d of row.days) {
        const at = index.get(d.day);
        if (at === undefined) continue;
        const counts = byEvent.get(d.event) ?? days.map(() => 0);
        counts[at]! += d.n;
        byEvent.set(d.event, counts);
        total += d.n;
      }
      const document: SoftwareStatsCounts = {
        data: {
          type: 'software-stats-counts',
          id: `${from}..${to}${event === null ? '' : `:${event}`}`,
          attributes: {
            from,
            to,
            event,
            days,
            series: [...byEvent]
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([name, counts]) => ({ event: name, counts })),
            total,
            installations: row.installations,
            versions: row.versions,
            systems: row.systems,
          },
        },
      };
      const consistency = consistencyOf(res);
      sendDocument(res, { ...document, ...(Object.keys(consistency).length ? { meta: consistency } : {}) });
    });
    return router;
  };
}
