import express, { type Request, type Response, type Router } from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import { COMPONENT_TYPES, type ComponentType } from '@platform/contracts/pages/components';
import { SitePathSchema } from '@platform/contracts/paths';
import { pagesEndpoints } from '@platform/contracts/pages/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, singleDocument } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { orderBy } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';
import {
  COMPONENT_COLUMNS,
  COMPONENT_FIELDS,
  COMPONENT_TYPE,
  ComponentRow,
  PAGE_COLUMNS,
  PAGE_FIELDS,
  PAGE_TYPE,
  PageRow,
  componentResource,
  findablePages,
  listablePages,
  pageResource,
} from './documents.ts';

/** The projections these routes read, so that minPosition waits for them. */
export const PAGES_PROJECTIONS = ['pages'] as const;

const uuid = z.string().uuid();
// row schemas are built once: a zod schema built per request costs more than parsing the row with it
const FoundPageRow = PageRow.extend({ accessible: z.boolean() });
const TotalRow = z.object({ total: z.number() });
const PageIdRow = z.object({ page_id: z.string() });
const booleanFilter = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true');
const fields = { [PAGE_TYPE]: PAGE_FIELDS, [COMPONENT_TYPE]: COMPONENT_FIELDS };
const PAGE_SORT: Record<string, string> = {
  path: 'path',
  title: 'title',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const COMPONENT_SORT: Record<string, string> = {
  position: 'position',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const pageListSpec = {
  include: ['components'],
  fields,
  sort: Object.keys(PAGE_SORT),
  filters: { path: SitePathSchema, isDraft: booleanFilter },
};
const componentListSpec = {
  include: ['page'],
  fields,
  sort: Object.keys(COMPONENT_SORT),
  // name: the components of one type (the page that shows a member's articles, the repository...)
  filters: { page: uuid, name: z.enum(COMPONENT_TYPES as [ComponentType, ...ComponentType[]]) },
  defaultPageSize: 100,
  maxPageSize: 500,
};

const idOf = (req: Request, type: string) => {
  const id = req.params.id;
  if (!uuid.safeParse(id).success) throw new NotFoundError(`${type} ${String(id)} not found`);
  return id as string;
};

/**
 * app-pages and app-page-components, and GET /services/app-pages/:id (the page with its components). What a
 * viewer may see is decided in SQL: non-admins never see drafts or soft-deleted pages (404); a page they may
 * not open (requiresAuth, access level weight, roles) answers 403 on a find and is left out of lists. A
 * component is visible exactly when its page is.
 */
export function pagesQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const reads = deps.readAfter(PAGES_PROJECTIONS);
  const pool = deps.readPool;

  async function componentsOf(pageIds: readonly string[]) {
    if (pageIds.length === 0) return [];
    return pool.any(sql.type(ComponentRow)`
      select ${COMPONENT_COLUMNS} from read.app_page_components c join read.app_pages p on p.id = c.page_id
       where c.page_id = any(${sql.array([...pageIds], 'uuid')}) order by c.page_id, c.position`);
  }

  /** One page for this viewer: 404 when it does not exist for them, 403 when they may not open it. */
  async function findPage(res: Response, pageId: string) {
    const { exists, accessible } = findablePages(viewerOf(res));
    const row = await pool.maybeOne(sql.type(FoundPageRow)`
      select ${PAGE_COLUMNS}, ${accessible} as accessible from read.app_pages p where p.id = ${pageId} and ${exists}`);
    if (!row) throw new NotFoundError(`${PAGE_TYPE} ${pageId} not found`);
    if (!row.accessible) throw new ForbiddenError('app page cannot be accessed, unauthorized');
    return row;
  }

  async function sendPage(req: Request, res: Response, pageId: string, includeComponents: boolean) {
    const query = parseResourceQuery(req.originalUrl, pageListSpec);
    await deps.sendRead(req, res, { projections: PAGES_PROJECTIONS }, async () => {
      const row = await findPage(res, pageId);
      const components = await componentsOf([row.id]);
      const data = pageResource(
        row,
        components.map((c) => c.id),
        query,
      );
      const included =
        includeComponents || query.include.includes('components')
          ? components.map((c) => componentResource(c, query))
          : undefined;
      return singleDocument({ data, included, url: req.originalUrl, consistency: consistencyOf(res) });
    });
  }

  mountEndpoint(router, pagesEndpoints.pages, reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, pageListSpec);
    await deps.sendRead(req, res, { projections: PAGES_PROJECTIONS }, async () => {
      const conditions: FragmentSqlToken[] = [listablePages(viewerOf(res))];
      if (query.filter.path !== undefined) conditions.push(sql.fragment`p.path = ${query.filter.path}`);
      if (query.filter.isDraft !== undefined)
        conditions.push(sql.fragment`p.is_draft = ${query.filter.isDraft}`);
      const where = sql.join(conditions, sql.fragment` and `);
      const [rows, total] = await Promise.all([
        pool.any(sql.type(PageRow)`
          select ${PAGE_COLUMNS} from read.app_pages p where ${where}
           order by ${orderBy(query.sort, { alias: 'p', columns: PAGE_SORT, then: ['path', 'id'] })}
           limit ${query.page.size} offset ${query.page.offset}`),
        pool.oneFirst(sql.type(TotalRow)`
          select count(*)::int as total from read.app_pages p where ${where}`),
      ]);
      const components = await componentsOf(rows.map((r) => r.id));
      const idsByPage = new Map<string, string[]>();
      for (const c of components) idsByPage.set(c.page_id, [...(idsByPage.get(c.page_id) ?? []), c.id]);
      const data = rows.map((row) => pageResource(row, idsByPage.get(row.id) ?? [], query));
      const included = query.include.includes('components')
        ? components.map((c) => componentResource(c, query))
        : undefined;
      return listDocument({
        data,
        included,
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      });
    });
  });

  mountEndpoint(router, pagesEndpoints.page, reads, async (req, res) => {
    await sendPage(req, res, idOf(req, PAGE_TYPE), false);
  });

  // seed 000 §7: data.data is the page; its components come along, in order
  mountEndpoint(router, pagesEndpoints.editorPage, reads, async (req, res) => {
    await sendPage(req, res, idOf(req, PAGE_TYPE), true);
  });

  mountEndpoint(router, pagesEndpoints.components, reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, componentListSpec);
    await deps.sendRead(req, res, { projections: PAGES_PROJECTIONS }, async () => {
      const conditions: FragmentSqlToken[] = [listablePages(viewerOf(res))];
      if (query.filter.page !== undefined) conditions.push(sql.fragment`c.page_id = ${query.filter.page}`);
      if (query.filter.name !== undefined) conditions.push(sql.fragment`c.name = ${query.filter.name}`);
      const where = sql.join(conditions, sql.fragment` and `);
      const from = sql.fragment`read.app_page_components c join read.app_pages p on p.id = c.page_id`;
      const [rows, total] = await Promise.all([
        pool.any(sql.type(ComponentRow)`
          select ${COMPONENT_COLUMNS} from ${from} where ${where}
           order by ${orderBy(query.sort, { alias: 'c', columns: COMPONENT_SORT, then: ['page_id', 'position', 'id'] })}
           limit ${query.page.size} offset ${query.page.offset}`),
        pool.oneFirst(sql.type(TotalRow)`
          select count(*)::int as total from ${from} where ${where}`),
      ]);
      const data = rows.map((r) => componentResource(r, query));
      const included = query.include.includes('page') ? await pagesFor(rows, query) : undefined;
      return listDocument({
        data,
        included,
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      });
    });
  });

  mountEndpoint(router, pagesEndpoints.component, reads, async (req, res) => {
    const query = parseResourceQuery(req.originalUrl, componentListSpec);
    const componentId = idOf(req, COMPONENT_TYPE);
    await deps.sendRead(req, res, { projections: PAGES_PROJECTIONS }, async () => {
      const pageId = await pool.maybeOneFirst(sql.type(PageIdRow)`
        select page_id from read.app_page_components where id = ${componentId}`);
      if (pageId === null) throw new NotFoundError(`${COMPONENT_TYPE} ${componentId} not found`);
      const page = await findPage(res, pageId);
      const row = await pool.maybeOne(sql.type(ComponentRow)`
        select ${COMPONENT_COLUMNS} from read.app_page_components c join read.app_pages p on p.id = c.page_id
         where c.id = ${componentId}`);
      if (!row) throw new NotFoundError(`${COMPONENT_TYPE} ${componentId} not found`);
      const included = query.include.includes('page')
        ? [
            pageResource(
              page,
              (await componentsOf([page.id])).map((c) => c.id),
              query,
            ),
          ]
        : undefined;
      return singleDocument({
        data: componentResource(row, query),
        included,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      });
    });
  });

  async function pagesFor(components: readonly ComponentRow[], query: Parameters<typeof pageResource>[2]) {
    const ids = [...new Set(components.map((c) => c.page_id))];
    if (ids.length === 0) return [];
    const pages = await pool.any(sql.type(PageRow)`
      select ${PAGE_COLUMNS} from read.app_pages p where p.id = any(${sql.array(ids, 'uuid')})`);
    const all = await componentsOf(ids);
    return pages.map((p) =>
      pageResource(
        p,
        all.filter((c) => c.page_id === p.id).map((c) => c.id),
        query,
      ),
    );
  }

  return router;
}
