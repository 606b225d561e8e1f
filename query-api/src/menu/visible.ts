import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { editsContent } from '@platform/contracts/accounts/rules';
import type { Viewer } from '@platform/infra/http/viewer';
import { visibilityClause } from '../visibility.ts';
import { timestamp } from '../jsonapi/sql.ts';

export const MenuItemRow = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  position: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  page_id: z.string().nullable(),
  page_path: z.string().nullable(),
  url: z.string().nullable(),
  blank: z.boolean(),
  color: z.string().nullable(),
  aligns_next_right: z.boolean(),
  requires_auth: z.boolean(),
  roles: z.array(z.string()),
  access_level: z.string().nullable(),
  access_level_weight: z.number().int().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.bigint(),
});
export type MenuItemRow = z.infer<typeof MenuItemRow>;

export const MENU_ITEM_COLUMNS = sql.fragment`
  v.id, v.parent_id, v.position, v.name, v.description, v.page_id, p.path as page_path, v.url, v.blank, v.color,
  v.aligns_next_right, v.requires_auth, v.roles, v.access_level, v.access_level_weight, v.created_by, v.updated_by,
  v.created_at, v.updated_at, v.version`;

/**
 * `with recursive visible_items as (...)`: the menu items this viewer may see, decided in SQL. An item is shown
 * when the viewer meets its own requirements (requiresAuth, access level weight, roles), its page (if it links to
 * one) is a live, published page the viewer may open, and its parent is shown: the recursion starts at the top
 * level and descends only through shown items, so a hidden parent hides its whole branch.
 *
 * `everything` (the resource lists) skips the filter for those who edit the menu (contracts' CONTENT_EDITORS
 * rule, which the command side enforces on their writes), so that the
 * menu editor reaches and repairs every item, hidden ones included.
 */
export function visibleMenuItems(viewer: Viewer, options: { everything?: boolean } = {}): FragmentSqlToken {
  if (options.everything && editsContent(viewer)) {
    return sql.fragment`with recursive visible_items as (select * from read.app_menu_items)`;
  }
  const shown = sql.fragment`${visibilityClause(viewer, { alias: 'm' })} and (m.page_id is null or exists (
    select 1 from read.app_pages pg
     where pg.id = m.page_id and not pg.is_draft and ${visibilityClause(viewer, { alias: 'pg' })}))`;
  return sql.fragment`with recursive visible_items as (
    select m.* from read.app_menu_items m where m.parent_id is null and ${shown}
    union all
    select m.* from read.app_menu_items m join visible_items parent on m.parent_id = parent.id where ${shown}
  )`;
}

/** The joined page, for the link path; an item whose page is gone has a null page_path. */
export const PAGE_JOIN = sql.fragment`left join read.app_pages p on p.id = v.page_id and p.deleted_at is null`;
