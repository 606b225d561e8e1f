import { isAdministrator } from '@platform/contracts/accounts/rules';
import type { Viewer } from '@platform/infra/http/viewer';
import { resourceObject, type ResourceObject } from '../jsonapi/document.ts';
import type { ResourceQuery } from '../jsonapi/query.ts';
import type { MenuItemRow } from './visible.ts';

export const MENU_ITEM_TYPE = 'app-menu-items';

/** What GET /services/app-menu returns per item: ready to render, with the link resolved. */
export interface MenuNode {
  id: string;
  name: string;
  description: string | null;
  position: number;
  pageId: string | null;
  /** the page path or the URL the item links to; null for a heading */
  href: string | null;
  url: string | null;
  blank: boolean;
  color: string | null;
  alignsNextRight: boolean;
  requiresAuth: boolean;
  children: MenuNode[];
}

/** Nests rows (already filtered by visibility) under their parents, siblings by position. */
export function menuTree(rows: readonly MenuItemRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      description: r.description,
      position: r.position,
      pageId: r.page_id,
      href: r.page_id ? r.page_path : r.url,
      url: r.url,
      blank: r.blank,
      color: r.color,
      alignsNextRight: r.aligns_next_right,
      requiresAuth: r.requires_auth,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (r.parent_id === null) roots.push(node);
    else parent?.children.push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.position - b.position);
    list.forEach((n) => order(n.children));
  };
  order(roots);
  return roots;
}

export function menuItemResource(
  row: MenuItemRow,
  childIds: readonly string[],
  query: Pick<ResourceQuery, 'fields'>,
  viewer: Viewer,
): ResourceObject {
  const user = (id: string | null) => ({ data: id ? { type: 'users', id } : null });
  return resourceObject(
    MENU_ITEM_TYPE,
    row.id,
    {
      name: row.name,
      description: row.description,
      position: row.position,
      url: row.url,
      blank: row.blank,
      color: row.color,
      alignsNextRight: row.aligns_next_right,
      requiresAuth: row.requires_auth,
      roles: row.roles,
      accessLevel: row.access_level,
      accessLevelWeight: row.access_level_weight,
      pagePath: row.page_path,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    {
      relationships: {
        parent: { data: row.parent_id ? { type: MENU_ITEM_TYPE, id: row.parent_id } : null },
        children: { data: childIds.map((id) => ({ type: MENU_ITEM_TYPE, id })) },
        page: { data: row.page_id ? { type: 'app-pages', id: row.page_id } : null },
        ...(isAdministrator(viewer)
          ? { createdBy: user(row.created_by), updatedBy: user(row.updated_by) }
          : {}),
      },
      self: `/api/v1/${MENU_ITEM_TYPE}/${row.id}`,
      meta: { version: row.version.toString() },
      fields: query.fields,
    },
  );
}

export const MENU_ITEM_FIELDS = [
  'name',
  'description',
  'position',
  'url',
  'blank',
  'color',
  'alignsNextRight',
  'requiresAuth',
  'roles',
  'accessLevel',
  'accessLevelWeight',
  'pagePath',
  'createdAt',
  'updatedAt',
  'parent',
  'children',
  'page',
  'createdBy',
  'updatedBy',
] as const;
