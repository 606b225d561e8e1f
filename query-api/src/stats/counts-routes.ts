import express, { type Response } from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import { ValidationError } from '@platform/contracts/errors';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import {
  parseStatsCountsQuery,
  STATS_HAND_WRITTEN_TYPES,
  STATS_READERS,
  STATS_TOP_RESOURCES,
  statsEventsOf,
  type StatsCounts,
  type StatsCountsQuery,
  type StatsTopResource,
} from '@platform/contracts/stats/counts';
import { statsEndpoints } from '@platform/contracts/stats/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import type { QueryModule } from '../app.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { consistencyOf } from '../min-position.ts';
import { IncludedRow, includedRowOf } from '../resources/reader.ts';
import { resourceReader } from '../resources/routes.ts';

/** The most origins the origins' chart lists; the others are left out (their records still count elsewhere). */
export const STATS_TOP_ORIGINS = 20;

const bigint = z.bigint().transform((n) => Number(n));
const DayRow = z.object({ day: z.string(), event: z.string(), records: bigint });
const ResourceRow = z.object({
  resource_type: z.string(),
  resource_id: z.string(),
  records: bigint,
  events: z.record(z.string(), z.number()),
});
const OriginRow = z.object({ origin: z.string(), records: bigint });
const TypeRow = z.object({ resource_type: z.string() });
const PageTitleRow = z.object({ id: z.string(), title: z.string() });
const uuid = z.string().uuid();

/**
 * GET /api/v1/services/stats/counts (issue 22, ADR 0040): the statistics records of a period for /admin/stats,
 * grouped for its charts (per day and event, the most recorded resources with their titles, per origin), read
 * from `stats_daily_counts`. Readers by STATS_READERS; the events they see by `statsEventsOf` (in SQL).
 */
export function statsCountsQueryRoutes(
  catalogue: readonly ResourceDefinition[],
  options: { defaultLocale?: Locale } = {},
): QueryModule {
  const defaultLocale = options.defaultLocale ?? 'en';
  const knownTypes = new Set<string>([...STATS_HAND_WRITTEN_TYPES, ...catalogue.map((d) => d.type)]);
  const readers = new Map(
    catalogue.map((d) => [d.type, resourceReader(d, defaultLocale, catalogue)] as const),
  );
  return (deps) => {
    const router = express.Router();

    /** The titles of the top resources the viewer may read: the layer's records by its rules, the CMS pages. */
    async function titlesOf(rows: readonly { resourceType: string; resourceId: string }[], res: Response) {
      const titles = new Map<string, string>();
      const key = (type: string, id: string) => `${type}\n${id}`;
      const byType = new Map<string, string[]>();
      for (const r of rows) byType.set(r.resourceType, [...(byType.get(r.resourceType) ?? []), r.resourceId]);
      for (const [type, ids] of byType) {
        if (type === 'app-pages') {
          // the statistics' readers edit the pages (CONTENT_EDITORS is STATS_READERS): every page's title
          const valid = ids.filter((id) => uuid.safeParse(id).success);
          if (!valid.length) continue;
          const pages = await deps.readPool.any(sql.type(PageTitleRow)`
            select id::text, title from read.app_pages where id = any(${sql.array(valid, 'uuid')})`);
          for (const p of pages) titles.set(key(type, p.id), p.title);
          continue;
        }
        const reader = readers.get(type);
        const title = reader?.definition.title;
        if (!reader || !title) continue;
        const select = reader.selectByIds(ids, res);
        if (!select) continue;
        for (const found of await deps.readPool.any(sql.type(IncludedRow)`${select}`)) {
          const object = reader.toResource(includedRowOf(found.row, found.extra), res, {});
          const value = object.attributes?.[title];
          if (typeof value === 'string' && value.trim()) titles.set(key(type, object.id), value);
        }
      }
      return (type: string, id: string) => titles.get(key(type, id)) ?? null;
    }

    mountEndpoint(router, statsEndpoints.counts, deps.readAfter(['stats_counts']), async (req, res) => {
      requireAllowed(res, STATS_READERS, 'Reading the statistics');
      const parsed = parseStatsCountsQuery(req.query, knownTypes);
      if ('issues' in parsed)
        throw new ValidationError(
          parsed.issues.map((i) => ({
            code: 'validation.invalid',
            parameter: i.parameter,
            detail: i.detail,
          })),
        );
      const { query } = parsed;
      const events = statsEventsOf(viewerOf(res));
      const period = sql.fragment`day between ${query.from}::date and ${query.to}::date`;
      const ofEvents = events
        ? sql.fragment`and event = any(${sql.array([...events], 'text')})`
        : sql.fragment``;
      const where = (withType: boolean): FragmentSqlToken =>
        withType && query.resourceType !== null
          ? sql.fragment`${period} ${ofEvents} and resource_type = ${query.resourceType}`
          : sql.fragment`${period} ${ofEvents}`;

      const [days, resources, origins, types] = await Promise.all([
        deps.readPool.any(sql.type(DayRow)`
          select day::text as day, event, sum(records)::bigint as records from read.stats_daily_counts
          where ${where(true)} group by day, event order by day, event`),
        deps.readPool.any(sql.type(ResourceRow)`
          select resource_type, resource_id, sum(n)::bigint as records, jsonb_object_agg(event, n) as events
          from (select resource_type, resource_id, event, sum(records)::bigint as n from read.stats_daily_counts
                where ${where(true)} group by resource_type, resource_id, event) e
          group by resource_type, resource_id
          order by records desc, resource_type, resource_id limit ${STATS_TOP_RESOURCES}`),
        deps.readPool.any(sql.type(OriginRow)`
          select origin, sum(records)::bigint as records from read.stats_daily_counts
          where ${where(true)} group by origin order by records desc, origin limit ${STATS_TOP_ORIGINS}`),
        deps.readPool.any(sql.type(TypeRow)`
          select distinct resource_type from read.stats_daily_counts where ${where(false)} order by resource_type`),
      ]);
      const titleOf = await titlesOf(
        resources.map((r) => ({ resourceType: r.resource_type, resourceId: r.resource_id })),
        res,
      );
      const data: StatsCounts = {
        ...periodOf(query),
        events: events ? [...events] : null,
        days: days.map((d) => ({ day: d.day, event: d.event, records: d.records })),
        resources: resources.map((r): StatsTopResource => ({
          resourceType: r.resource_type,
          resourceId: r.resource_id,
          title: titleOf(r.resource_type, r.resource_id),
          records: r.records,
          events: r.events,
        })),
        origins: origins.map((o) => ({ origin: o.origin, records: o.records })),
        resourceTypes: types.map((t) => t.resource_type),
      };
      const consistency = consistencyOf(res);
      sendDocument(res, { data, ...(Object.keys(consistency).length ? { meta: consistency } : {}) });
    });
    return router;
  };
}

const periodOf = (query: StatsCountsQuery) => ({
  from: query.from,
  to: query.to,
  resourceType: query.resourceType,
});
