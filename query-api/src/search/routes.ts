import express, { type Request, type Router } from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import { NotFoundError, ValidationError } from '@platform/contracts/errors';
import {
  isServed,
  type ResourceDefinition,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import { searchEndpoints } from '@platform/contracts/search/endpoints';
import {
  GLOBAL_SEARCH_MAX_LENGTH,
  GLOBAL_SEARCH_PAGE_SIZE,
  GLOBAL_SEARCH_PAGE_SIZE_MAX,
  type GlobalSearchDocument,
  type GlobalSearchItem,
  type HighlightSegment,
} from '@platform/contracts/search/global-search';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModule, QueryModuleDeps } from '../app.ts';
import { anyRow } from '../db.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { badParameter } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';
import { listablePages } from '../pages/documents.ts';
import { readerLocale } from '../reader-locale.ts';
import { resourceReader } from '../resources/routes.ts';
import { ruleColumns } from '../resources/visibility.ts';
import { publicPath } from './public-path.ts';

/**
 * The site's own pages are found too (type `pages`), by their title and description: they are a hand-written
 * module, not records of the catalogue, and few (tens, not the catalogue's thousands), so their text is matched
 * where it is kept, `read.app_pages`, without an index of their own.
 */
export const PAGES_TYPE = 'pages';

/** The read models a result is read from: the index, and the pages that give the component types their paths. */
const PROJECTIONS = ['search_index', 'pages'] as const;

// ts_headline marks the matched words with two control characters, which the index never holds (its projector
// takes them out of the text), and the answer carries the text as segments rather than as HTML
const START = '\u0001';
const STOP = '\u0002';
const HEADLINE_TITLE = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;
const HEADLINE_DESCRIPTION = `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15`;

const ResultRow = anyRow(
  z.object({
    type: z.string(),
    id: z.string(),
    rank: z.number(),
    title: z.string(),
    title_marked: z.string(),
    description_marked: z.string(),
    path_key: z.string().nullable(),
    page_path: z.string().nullable(),
  }),
);

const PositiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { abort: true })
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** The search as asked: its text (422 when empty or too long, on the `search` parameter), types and page. */
function parseSearch(req: Request, searchable: ReadonlyMap<string, ResourceDefinition>) {
  const known = (type: string) => type === PAGES_TYPE || searchable.has(type);
  const params = new URL(req.originalUrl, 'http://x').searchParams;
  const search = (params.get('search') ?? '').trim();
  if (!search)
    throw new ValidationError([
      { code: 'validation.required', parameter: 'search', detail: 'Give the words to search for' },
    ]);
  if (search.length > GLOBAL_SEARCH_MAX_LENGTH)
    throw new ValidationError([
      {
        code: 'validation.invalid',
        parameter: 'search',
        detail: `A search is at most ${GLOBAL_SEARCH_MAX_LENGTH} characters long`,
      },
    ]);
  const typeFilter = params.get('filter[type]');
  const types =
    typeFilter === null
      ? [...searchable.keys(), PAGES_TYPE]
      : [...new Set(typeFilter.split(',').map((t) => t.trim()))];
  for (const type of types)
    if (!known(type)) throw badParameter('filter[type]', `Cannot search records of type "${type}"`);
  const size = PositiveInt(GLOBAL_SEARCH_PAGE_SIZE_MAX).safeParse(
    params.get('page[size]') ?? String(GLOBAL_SEARCH_PAGE_SIZE),
  );
  if (!size.success)
    throw badParameter('page[size]', `A page holds 1 to ${GLOBAL_SEARCH_PAGE_SIZE_MAX} results of each type`);
  const number = PositiveInt(10_000).safeParse(params.get('page[number]') ?? '1');
  if (!number.success) throw badParameter('page[number]', 'A page number is a positive integer');
  return { search, types, size: size.data, offset: (number.data - 1) * size.data };
}

/** A ts_headline answer as segments: the marked words `match: true`, the rest as they are. */
export function segments(marked: string): HighlightSegment[] {
  const out: HighlightSegment[] = [];
  let match = false;
  for (const part of marked.split(new RegExp(`([${START}${STOP}])`))) {
    if (part === START) match = true;
    else if (part === STOP) match = false;
    else if (part) {
      const last = out[out.length - 1];
      if (last && last.match === match) last.text += part;
      else out.push({ text: part, match });
    }
  }
  return out;
}

/**
 * One type's rows of the index as the layer's rule reads them (`r`): the index keeps the columns a type's `index`
 * rule reads, and this names them as the type's own table does, so that the rule is the layer's own SQL
 * (resourceReader's `visible`: the rule, soft deletion, publishing at the reader's level), asked for, not
 * rewritten.
 */
function asTypeRow(definition: ResourceDefinition): FragmentSqlToken {
  const shape = resourceTable(definition);
  const columns = ruleColumns(definition, shape);
  const col = (name: string) => sql.identifier([name]);
  const uuidIds = definition.fixedRows.rows.length === 0;
  const parts: FragmentSqlToken[] = [
    uuidIds ? sql.fragment`s.id::uuid as id` : sql.fragment`s.id as id`,
    sql.fragment`s.created_by as created_by`,
    sql.fragment`s.deleted_at as deleted_at`,
    sql.fragment`s.published_at as published_at`,
  ];
  const level = shape.relationships.find((r) => r.name === 'accessLevel' && !r.many);
  if (level) parts.push(sql.fragment`s.access_level as ${col(level.column)}`);
  if (columns.organization) parts.push(sql.fragment`s.organization_id as ${col(columns.organization)}`);
  if (columns.owner) parts.push(sql.fragment`s.owner_id as ${col(columns.owner)}`);
  for (const [name, members] of Object.entries(columns.members))
    if (typeof members === 'string')
      parts.push(sql.fragment`array(select jsonb_array_elements_text(s.members -> ${name}))::uuid[]
        as ${col(members)}`);
  for (const [name, column] of Object.entries(columns.flags))
    parts.push(sql.fragment`(s.flags ->> ${name})::boolean as ${col(column)}`);
  return sql.fragment`lateral (select ${sql.join(parts, sql.fragment`, `)}) r`;
}

/**
 * GET /api/v1/services/global-search (seed 000 §7, ADR 0041): one full-text search over every searchable type of
 * the catalogue served, in the reader's locale (its unaccented configuration, websearch_to_tsquery), ranked by
 * ts_rank (titles weigh more than descriptions), with ts_headline's excerpts, filtered by each type's own `index`
 * rule in SQL, and paged per type.
 */
export function globalSearchRoutes(
  catalogue: readonly ResourceDefinition[],
  /** enabled: FEATURE_GLOBAL_SEARCH (off: the route answers 404, as the web shows no search); absent: on */
  options: {
    defaultLocale?: Locale;
    features?: Partial<ResourceFeatures>;
    enabled?: boolean;
    /** types not searched although their definition has a `globalSearch` (their pages are not shown) */
    leaveOut?: readonly string[];
  } = {},
): QueryModule {
  const defaultLocale = options.defaultLocale ?? 'en';
  const features = options.features ?? {};
  const searchable = new Map(
    catalogue
      .filter((d) => d.globalSearch !== null && isServed(d, features) && !options.leaveOut?.includes(d.type))
      .map((d) => [d.type, d] as const),
  );
  const readers = new Map(
    [...searchable.values()].map((d) => [d.type, resourceReader(d, defaultLocale, catalogue)] as const),
  );
  const typeRows = new Map([...searchable.values()].map((d) => [d.type, asTypeRow(d)] as const));

  function statement(
    viewer: Viewer,
    locale: Locale,
    asked: { search: string; types: string[]; size: number; offset: number },
  ) {
    const config = `public.${unaccentConfig(SEARCH_CONFIGS[locale])}`;
    const vector = sql.identifier(['s', `vector_${locale}`]);
    // the query written out rather than read from a CTE: the planner knows it when it plans, and reads the GIN
    // index (through a CTE it read the type's rows of the primary key: the bench found it 6 times slower)
    const tsquery = sql.fragment`websearch_to_tsquery(${config}::regconfig, ${asked.search})`;
    // one scan of the index for every type searched (a scan per type read each matching row once per type: the
    // bench found it twice as slow as one), then each type's rows under its own rule
    const matches = sql.fragment`select s.type, s.id, s.created_by, s.deleted_at, s.published_at, s.access_level,
        s.organization_id, s.owner_id, s.members, s.flags, ts_rank(${vector}, ${tsquery}) as rank
      from read.search_index s
     where ${vector} @@ ${tsquery} and s.type = any(${sql.array(asked.types, 'text')})`;
    const recordTypes = asked.types.filter((type) => type !== PAGES_TYPE);
    const perType = recordTypes.map((type) => {
      const definition = searchable.get(type)!;
      const path = definition.globalSearch!.path;
      const component = 'component' in path ? path.component : null;
      return sql.fragment`(select s.type, s.id, s.rank, ${component}::text as component
          from matches s cross join ${typeRows.get(type)!}
         where s.type = ${type} and ${readers.get(type)!.visible(viewer, 'index', { alias: 'r' })}
         order by s.rank desc, s.id
         limit ${asked.size + 1} offset ${asked.offset})`;
    });
    if (asked.types.includes(PAGES_TYPE)) {
      // a published page the reader may open: the rule of the pages' lists, drafts left out for editors too
      const pageVector = sql.fragment`setweight(to_tsvector(${config}::regconfig, p.title), 'A')
        || setweight(to_tsvector(${config}::regconfig, p.description), 'B')`;
      perType.push(sql.fragment`(select ${PAGES_TYPE}::text as type, p.id::text as id,
            ts_rank(v.vector, ${tsquery}) as rank, null::text as component
          from read.app_pages p cross join lateral (select ${pageVector} as vector) v
         where v.vector @@ ${tsquery} and not p.is_draft and p.deleted_at is null and ${listablePages(viewer)}
         order by rank desc, p.id
         limit ${asked.size + 1} offset ${asked.offset})`);
    }
    const components = [
      ...new Set(
        recordTypes.flatMap((t) => {
          const path = searchable.get(t)!.globalSearch!.path;
          return 'component' in path ? [path.component] : [];
        }),
      ),
    ];
    const title = sql.fragment`coalesce(s.translations -> ${locale} ->> 'title', s.title, page.title)`;
    const description = sql.fragment`coalesce(s.translations -> ${locale} ->> 'description', s.description,
      page.description)`;
    return sql.type(ResultRow)`
      with matches as materialized (${matches}),
      hits as (${sql.join(perType, sql.fragment` union all `)}),
      pages as (
        select distinct on (c.name) c.name, p.path
          from read.app_page_components c join read.app_pages p on p.id = c.page_id
         where c.name = any(${sql.array(components, 'text')}) and ${listablePages(viewer)}
         order by c.name, c.page_id, c.position, c.id)
      select h.type, h.id, h.rank::float8 as rank, ${title} as title,
             ts_headline(${config}::regconfig, ${title}, q.query, ${HEADLINE_TITLE}) as title_marked,
             ts_headline(${config}::regconfig, ${description}, q.query, ${HEADLINE_DESCRIPTION})
               as description_marked,
             coalesce(s.path_key, page.path) as path_key, pages.path as page_path
        from hits h
        left join read.search_index s on h.type <> ${PAGES_TYPE} and s.type = h.type and s.id = h.id
        left join read.app_pages page on h.type = ${PAGES_TYPE} and page.id::text = h.id
        cross join (select ${tsquery} as query) q
        left join pages on pages.name = h.component
       order by h.rank desc, h.type, h.id`;
  }

  function pathOf(
    definition: ResourceDefinition | undefined,
    row: { path_key: string | null; page_path: string | null },
  ) {
    // a page's path is its own
    if (!definition) return row.path_key;
    const path = definition.globalSearch!.path;
    if (row.path_key === null) return null;
    return publicPath(path, row.path_key, row.page_path);
  }

  return (deps: QueryModuleDeps): Router => {
    const router = express.Router();
    mountEndpoint(router, searchEndpoints.globalSearch, deps.readAfter(PROJECTIONS), async (req, res) => {
      if (options.enabled === false) throw new NotFoundError('No route for this call');
      const asked = parseSearch(req, searchable);
      const locale = readerLocale(req, defaultLocale);
      const rows = await deps.readPool.any(statement(viewerOf(res), locale, asked));
      const counts = new Map<string, number>();
      const data: GlobalSearchItem[] = [];
      for (const row of rows) {
        const seen = (counts.get(row.type) ?? 0) + 1;
        counts.set(row.type, seen);
        // the row past a type's page only tells that there is more
        if (seen > asked.size) continue;
        const title = segments(row.title_marked);
        const description = segments(row.description_marked);
        data.push({
          type: row.type,
          id: row.id,
          title: row.title,
          description: description.map((s) => s.text).join(''),
          path: pathOf(searchable.get(row.type), row),
          highlights: { title, description },
        });
      }
      const hasMore = Object.fromEntries(asked.types.map((t) => [t, (counts.get(t) ?? 0) > asked.size]));
      res.vary('Accept-Language');
      const document: GlobalSearchDocument = {
        data,
        meta: { hasMore, locale, ...consistencyOf(res) },
      };
      sendDocument(res, document);
    });
    return router;
  };
}
