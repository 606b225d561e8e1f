import express, { type Router } from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { NotFoundError } from '@platform/contracts/errors';
import { menuEndpoints } from '@platform/contracts/menu/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, singleDocument, type ResourceObject } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { orderBy } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';
import { MENU_ITEM_FIELDS, MENU_ITEM_TYPE, menuItemResource, menuTree } from './documents.ts';
import { MENU_ITEM_COLUMNS, MenuItemRow, PAGE_JOIN, visibleMenuItems } from './visible.ts';

const uuid = z.string().uuid();
const SORTABLE: Record<string, string> = {
  position: 'position',
  name: 'name',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const fields = { [MENU_ITEM_TYPE]: MENU_ITEM_FIELDS };
const listSpec = {
  include: ['children', 'parent'],
  fields,
  sort: Object.keys(SORTABLE),
  filters: {
    /** 'null' lists the top level */
    parent: z.union([z.literal('null').transform(() => null), uuid]),
    page: uuid,
  },
  defaultPageSize: 100,
  maxPageSize: 500,
};
const findSpec = { include: ['children', 'parent'], fields };

const ChildRow = z.object({ id: z.string(), parent_id: z.string() });
const TotalRow = z.object({ total: z.number() });

/** Menus are read by what they render: the pages projection decides whether a linked page is reachable. */
const PROJECTIONS = ['menu', 'pages'];

/** unsorted, a list reads as the tree does: the top level first, each level in its order */
const TREE_ORDER = sql.fragment`v.parent_id nulls first, v.position, v.id`;

/**
 * GET /services/app-menu (the rendered menu) and the app-menu-items resources. Both filter in SQL by what the
 * caller may access; administrators' resource lists show every item so editors can reach hidden ones.
 */
export function menuQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const reads = deps.readAfter(PROJECTIONS);
  const pool = deps.readPool;

  async function rows(viewer: Viewer, where: FragmentSqlToken, extra: FragmentSqlToken = sql.fragment``) {
    return pool.any(sql.type(MenuItemRow)`
      ${visibleMenuItems(viewer, { everything: true })}
      select ${MENU_ITEM_COLUMNS} from visible_items v ${PAGE_JOIN} where ${where} ${extra}`);
  }

  async function childIds(viewer: Viewer, parentIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (parentIds.length === 0) return out;
    const children = await pool.any(sql.type(ChildRow)`
      ${visibleMenuItems(viewer, { everything: true })}
      select id, parent_id from visible_items where parent_id = any(${sql.array([...parentIds], 'uuid')})
       order by position`);
    for (const c of children) out.set(c.parent_id, [...(out.get(c.parent_id) ?? []), c.id]);
    return out;
  }

  /** Resource objects for rows, plus the included children / parents the query asked for. */
  async function resources(
    viewer: Viewer,
    primary: readonly MenuItemRow[],
    query: { include: string[]; fields: Record<string, string[]> },
  ) {
    const related: MenuItemRow[] = [];
    const ids = primary.map((r) => r.id);
    if (query.include.includes('children') && ids.length) {
      related.push(...(await rows(viewer, sql.fragment`v.parent_id = any(${sql.array(ids, 'uuid')})`)));
    }
    const parentIds = primary.flatMap((r) => (r.parent_id ? [r.parent_id] : []));
    if (query.include.includes('parent') && parentIds.length) {
      related.push(...(await rows(viewer, sql.fragment`v.id = any(${sql.array(parentIds, 'uuid')})`)));
    }
    const children = await childIds(viewer, [...ids, ...related.map((r) => r.id)]);
    const toResource = (r: MenuItemRow): ResourceObject =>
      menuItemResource(r, children.get(r.id) ?? [], query, viewer);
    return {
      data: primary.map(toResource),
      included: query.include.length ? related.map(toResource) : undefined,
    };
  }

  mountEndpoint(router, menuEndpoints.menu, reads, async (req, res) => {
    await deps.sendRead(req, res, { projections: PROJECTIONS }, async () => {
      const visible = await pool.any(sql.type(MenuItemRow)`
        ${visibleMenuItems(viewerOf(res))}
        select ${MENU_ITEM_COLUMNS} from visible_items v ${PAGE_JOIN} order by v.parent_id nulls first, v.position`);
      return { data: menuTree(visible), meta: { ...consistencyOf(res) } };
    });
  });

  mountEndpoint(router, menuEndpoints.items, reads, async (req, res) => {
    const viewer = viewerOf(res);
    const query = parseListQuery(req.originalUrl, listSpec);
    await deps.sendRead(req, res, { projections: PROJECTIONS }, async () => {
      const conditions: FragmentSqlToken[] = [sql.fragment`true`];
      if (query.filter.parent !== undefined) {
        conditions.push(
          query.filter.parent === null
            ? sql.fragment`v.parent_id is null`
            : sql.fragment`v.parent_id = ${query.filter.parent}`,
        );
      }
      if (query.filter.page !== undefined) conditions.push(sql.fragment`v.page_id = ${query.filter.page}`);
      const where = sql.fragment`${sql.join(conditions, sql.fragment` and `)}`;
      const [primary, total] = await Promise.all([
        rows(
          viewer,
          where,
          sql.fragment`order by ${orderBy(query.sort, { alias: 'v', columns: SORTABLE, unsorted: TREE_ORDER })} limit ${query.page.size} offset ${query.page.offset}`,
        ),
        pool.oneFirst(sql.type(TotalRow)`
          ${visibleMenuItems(viewer, { everything: true })}
          select count(*)::int as total from visible_items v where ${where}`),
      ]);
      const { data, included } = await resources(viewer, primary, query);
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

  mountEndpoint(router, menuEndpoints.item, reads, async (req, res, { params }) => {
    const viewer = viewerOf(res);
    const id = params.id;
    const query = parseResourceQuery(req.originalUrl, findSpec);
    await deps.sendRead(req, res, { projections: PROJECTIONS }, async () => {
      const found = uuid.safeParse(id).success ? await rows(viewer, sql.fragment`v.id = ${id}`) : [];
      if (found.length === 0) throw new NotFoundError(`app-menu-item ${id} not found`);
      const { data, included } = await resources(viewer, found, query);
      return singleDocument({
        data: data[0]!,
        included,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      });
    });
  });

  return router;
}
