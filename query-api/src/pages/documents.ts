import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { editsContent, isAdministrator } from '@platform/contracts/accounts/rules';
import type { Viewer } from '@platform/infra/http/viewer';
import { resourceObject, type ResourceObject } from '../jsonapi/document.ts';
import type { ResourceQuery } from '../jsonapi/query.ts';
import { visibilityClause } from '../visibility.ts';
import { timestamp } from '../jsonapi/sql.ts';

export const PAGE_TYPE = 'app-pages';
export const COMPONENT_TYPE = 'app-page-components';

export const PageRow = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  styles: z.string(),
  requires_auth: z.boolean(),
  access_level: z.string().nullable(),
  access_level_weight: z.number().int().nullable(),
  roles: z.array(z.string()),
  is_default: z.boolean(),
  is_draft: z.boolean(),
  draft_of_page_id: z.string().nullable(),
  draft_page_id: z.string().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
  version: z.bigint(),
});
export type PageRow = z.infer<typeof PageRow>;

export const PAGE_COLUMNS = sql.fragment`
  p.id, p.path, p.title, p.description, p.styles, p.requires_auth, p.access_level, p.access_level_weight, p.roles,
  p.is_default, p.is_draft, p.draft_of_page_id, p.draft_page_id, p.created_by, p.updated_by, p.created_at,
  p.updated_at, p.deleted_at, p.version`;

export const ComponentRow = z.object({
  id: z.string(),
  page_id: z.string(),
  name: z.string(),
  view_id: z.string().nullable(),
  position: z.number().int(),
  props: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
  /** the page stream's version: components are written through their page's stream */
  page_version: z.bigint(),
});
export type ComponentRow = z.infer<typeof ComponentRow>;

export const COMPONENT_COLUMNS = sql.fragment`
  c.id, c.page_id, c.name, c.view_id, c.position, c.props, c.created_at, c.updated_at, p.version as page_version`;

/**
 * Which pages (alias `p`) a viewer may see in a list: administrators and application administrators (the
 * editors) everything but soft-deleted pages; everyone else no drafts, no soft-deleted pages and only what
 * their auth, access level and roles open.
 */
export function listablePages(viewer: Viewer): FragmentSqlToken {
  if (editsContent(viewer)) return sql.fragment`p.deleted_at is null`;
  return sql.fragment`(not p.is_draft and ${visibilityClause(viewer, { alias: 'p' })})`;
}

/**
 * For a find by id: which pages exist for this viewer (others are a 404) — administrators see drafts and
 * soft-deleted pages, application administrators drafts, nobody else either — and, as a column, whether the viewer may open it (else a 403).
 */
export function findablePages(viewer: Viewer): { exists: FragmentSqlToken; accessible: FragmentSqlToken } {
  // application administrators edit every page, drafts and restricted ones; soft-deleted ones are the admins'
  if (!isAdministrator(viewer) && editsContent(viewer))
    return { exists: sql.fragment`p.deleted_at is null`, accessible: sql.fragment`true` };
  return {
    exists: isAdministrator(viewer)
      ? sql.fragment`true`
      : sql.fragment`(not p.is_draft and p.deleted_at is null)`,
    accessible: visibilityClause(viewer, { alias: 'p', deleted: 'include' }),
  };
}

export const PAGE_FIELDS = [
  'path',
  'title',
  'description',
  'styles',
  'requiresAuth',
  'accessLevel',
  'accessLevelWeight',
  'roles',
  'isDefault',
  'isDraft',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'components',
  'draftOfPage',
  'draftPage',
  'createdBy',
  'updatedBy',
] as const;

export const COMPONENT_FIELDS = [
  'name',
  'viewId',
  'position',
  'props',
  'sectionId',
  'createdAt',
  'updatedAt',
  'page',
] as const;

const ref = (type: string, id: string | null) => ({ data: id ? { type, id } : null });

export function pageResource(
  row: PageRow,
  componentIds: readonly string[],
  query: Pick<ResourceQuery, 'fields'>,
): ResourceObject {
  return resourceObject(
    PAGE_TYPE,
    row.id,
    {
      path: row.path,
      title: row.title,
      description: row.description,
      styles: row.styles,
      requiresAuth: row.requires_auth,
      accessLevel: row.access_level,
      accessLevelWeight: row.access_level_weight,
      roles: row.roles,
      isDefault: row.is_default,
      isDraft: row.is_draft,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      deletedAt: row.deleted_at,
    },
    {
      relationships: {
        components: { data: componentIds.map((id) => ({ type: COMPONENT_TYPE, id })) },
        draftOfPage: ref(PAGE_TYPE, row.draft_of_page_id),
        draftPage: ref(PAGE_TYPE, row.draft_page_id),
        createdBy: ref('users', row.created_by),
        updatedBy: ref('users', row.updated_by),
      },
      self: `/api/v1/${PAGE_TYPE}/${row.id}`,
      meta: { version: row.version.toString() },
      fields: query.fields,
    },
  );
}

export function componentResource(row: ComponentRow, query: Pick<ResourceQuery, 'fields'>): ResourceObject {
  return resourceObject(
    COMPONENT_TYPE,
    row.id,
    {
      name: row.name,
      viewId: row.view_id,
      position: row.position,
      props: row.props,
      // the id of the rendered section (seed 000 §3): the viewId, or page-section-{position}
      sectionId: row.view_id ?? `page-section-${row.position}`,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    {
      relationships: { page: ref(PAGE_TYPE, row.page_id) },
      self: `/api/v1/${COMPONENT_TYPE}/${row.id}`,
      meta: { version: row.page_version.toString() },
      fields: query.fields,
    },
  );
}
