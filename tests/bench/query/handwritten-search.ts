import express from 'express';
import { sql } from '@platform/query-api/db';
import { z } from 'zod/v4';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import type { QueryModule } from '@platform/query-api/app';
import { anyRow } from '@platform/query-api/db';
import { sendDocument } from '@platform/query-api/jsonapi/document';
import { segments } from '@platform/query-api/search/routes';

/**
 * The baseline of the search section (issue 22): the global search of a visitor written by hand over the same
 * index, `GET /api/v1/bench-global-search?search=…` (5 a type): one statement, the visitor's rule written out for
 * the catalogue's searchable types (publications published, at no level, not soft-deleted; forum subjects not
 * soft-deleted; organizations all), each type's first rows by a window over ts_rank, ts_headline on those alone.
 * No type filter, no pages, no paths under CMS pages: the bench's database has no page.
 */
const SIZE = 5;
const PUBLISHED = ['articles', 'blog-posts', 'calendar-events', 'repository-items', 'open-badges'];

const Row = anyRow(
  z.object({
    type: z.string(),
    id: z.string(),
    n: z.number(),
    title: z.string(),
    title_marked: z.string(),
    description_marked: z.string(),
    path_key: z.string().nullable(),
  }),
);

export const handwrittenSearchRoutes: QueryModule = (deps) => {
  const router = express.Router();
  router.get('/bench-global-search', async (req, res, next) => {
    try {
      const search = String(req.query.search ?? '').trim();
      const accepted = req.acceptsLanguages([...LOCALES]);
      const locale = (typeof accepted === 'string' ? accepted : 'en') as Locale;
      const config = `public.${unaccentConfig(SEARCH_CONFIGS[locale])}`;
      const vector = sql.identifier(['s', `vector_${locale}`]);
      const title = sql.fragment`coalesce(s.translations -> ${locale} ->> 'title', s.title)`;
      const description = sql.fragment`coalesce(s.translations -> ${locale} ->> 'description', s.description)`;
      const rows = await deps.readPool.any(sql.type(Row)`
        with q as (select websearch_to_tsquery(${config}::regconfig, ${search}) as query),
        hits as (
          select s.type, s.id, ts_rank(${vector}, q.query) as rank,
                 row_number() over (partition by s.type order by ts_rank(${vector}, q.query) desc, s.id) as n
            from read.search_index s cross join q
           where ${vector} @@ q.query and s.deleted_at is null
             and (s.type not in (select unnest(${sql.array(PUBLISHED, 'text')}))
                  or (s.published_at <= now() and s.access_level is null)))
        select h.type, h.id, h.n::int as n, ${title} as title,
               ts_headline(${config}::regconfig, ${title}, q.query,
                 ${'StartSel=\u0001, StopSel=\u0002, HighlightAll=true'}) as title_marked,
               ts_headline(${config}::regconfig, ${description}, q.query,
                 ${'StartSel=\u0001, StopSel=\u0002, MaxWords=35, MinWords=15'}) as description_marked,
               s.path_key
          from hits h join read.search_index s on s.type = h.type and s.id = h.id cross join q
         where h.n <= ${SIZE + 1}
         order by h.rank desc, h.type, h.id`);
      const hasMore: Record<string, boolean> = {};
      const data = [];
      for (const row of rows) {
        if (row.n > SIZE) {
          hasMore[row.type] = true;
          continue;
        }
        hasMore[row.type] ??= false;
        const marked = segments(row.description_marked);
        data.push({
          type: row.type,
          id: row.id,
          title: row.title,
          description: marked.map((s) => s.text).join(''),
          path:
            row.type === 'organizations' && row.path_key
              ? `/organizations/${encodeURIComponent(row.path_key)}`
              : null,
          highlights: { title: segments(row.title_marked), description: marked },
        });
      }
      res.vary('Accept-Language');
      sendDocument(res, { data, meta: { hasMore, locale } });
    } catch (error) {
      next(error);
    }
  });
  return router;
};
