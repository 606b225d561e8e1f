import type { EndpointBodyInput } from '@platform/contracts/endpoints';
import { menuEndpoints } from '@platform/contracts/menu/endpoints';
import type { MoveMenuItemBody } from '@platform/contracts/menu/requests';
import { pagesEndpoints } from '@platform/contracts/pages/endpoints';
import { environmentEndpoints } from '@platform/contracts/environment/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { EnvironmentDocumentSchema, MenuDocumentSchema } from '../../kit/api/documents.ts';
import type { EditorItem } from './menu-tree.ts';

/**
 * The calls of the menu editor: the app-menu-items an editor may reach (query-api/src/menu/routes.ts), their
 * commands (command-api/src/menu/routes.ts: create, PATCH with If-Match, move, delete), the published pages an
 * item may link to, and, after a change, the rendered menu and the environment revision the shell shows.
 */

const Ref = z.object({ type: z.string(), id: z.string() });
const ToOne = z.object({ data: Ref.nullable() }).optional();

const MenuItemRecordSchema = z.object({
  type: z.literal('app-menu-items'),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    position: z.number().int(),
    url: z.string().nullable(),
    blank: z.boolean(),
    color: z.string().nullable(),
    alignsNextRight: z.boolean(),
    requiresAuth: z.boolean(),
    roles: z.array(z.string()),
    accessLevel: z.string().nullable(),
    pagePath: z.string().nullable().optional(),
  }),
  relationships: z.object({ parent: ToOne, page: ToOne }).passthrough(),
  meta: z.object({ version: z.string() }).passthrough(),
});
type MenuItemRecord = z.infer<typeof MenuItemRecordSchema>;

const MenuItemListSchema = z.object({
  data: z.array(MenuItemRecordSchema),
  meta: z.object({ total: z.number() }).passthrough(),
});

export type { CommandAnswer } from '@platform/contracts/command-answer';

const PageOptionSchema = z.object({
  type: z.literal('app-pages'),
  id: z.string(),
  attributes: z.object({ path: z.string(), title: z.string() }).passthrough(),
});
const PageListSchema = z.object({ data: z.array(PageOptionSchema) });
export interface PageOption {
  id: string;
  path: string;
  title: string;
}

export function toEditorItem(record: MenuItemRecord): EditorItem {
  const a = record.attributes;
  return {
    id: record.id,
    parentId: record.relationships.parent?.data?.id ?? null,
    position: a.position,
    name: a.name,
    description: a.description,
    pageId: record.relationships.page?.data?.id ?? null,
    pagePath: a.pagePath ?? null,
    url: a.url,
    blank: a.blank,
    color: a.color,
    alignsNextRight: a.alignsNextRight,
    requiresAuth: a.requiresAuth,
    roles: a.roles,
    accessLevel: a.accessLevel,
    version: record.meta.version,
  };
}

/** The most items one read brings (query-api's maxPageSize for app-menu-items); a menu is far smaller. */
export const MENU_PAGE_SIZE = 500;
const consistency = (minPosition?: string) => (minPosition ? { minPosition } : {});
const ifMatch = (version: string) => ({ 'If-Match': `"${version}"` });

/** What a save sends: the attributes, and the parent and page relationships (JSON:API documents). */
export interface MenuItemSaveBody {
  /** the request schema (contracts/src/menu/requests.ts) checks roles and access levels; a 422 names them */
  attributes: Partial<{
    name: string;
    description: string | null;
    url: string | null;
    blank: boolean;
    color: string | null;
    alignsNextRight: boolean;
    requiresAuth: boolean;
    roles: string[];
    accessLevel: string | null;
  }>;
  relationships: {
    parent?: { data: { type: 'app-menu-items'; id: string } | null };
    page?: { data: { type: 'app-pages'; id: string } | null };
  };
}

type CreateDocument = EndpointBodyInput<typeof menuEndpoints.create>;
type UpdateDocument = EndpointBodyInput<typeof menuEndpoints.update>;

/**
 * The save as a JSON:API document. Its roles and access level are the form's strings: the server's schema (the
 * declared body) checks them, and a 422 names the one it refuses.
 */
const document = (body: MenuItemSaveBody, id?: string) => ({
  data: {
    type: 'app-menu-items' as const,
    ...(id ? { id } : {}),
    attributes: body.attributes,
    ...(Object.keys(body.relationships).length ? { relationships: body.relationships } : {}),
  },
});

export const menuEditorApi = {
  /** Every item the editor may reach, in one read. */
  async items(api: ApiClient, minPosition?: string, signal?: AbortSignal): Promise<EditorItem[]> {
    const doc = await api.call(menuEndpoints.items, {
      schema: MenuItemListSchema,
      query: { 'page[size]': MENU_PAGE_SIZE, ...consistency(minPosition) },
      signal,
    });
    return doc.data.map(toEditorItem);
  },

  async item(api: ApiClient, id: string, signal?: AbortSignal): Promise<EditorItem> {
    const doc = await api.call(menuEndpoints.item, {
      params: { id },
      schema: z.object({ data: MenuItemRecordSchema }),
      signal,
    });
    return toEditorItem(doc.data);
  },

  /** Published pages an item may link to (drafts are refused by the server). */
  async pages(api: ApiClient, signal?: AbortSignal): Promise<PageOption[]> {
    const doc = await api.call(pagesEndpoints.pages, {
      schema: PageListSchema,
      query: {
        'page[size]': 100,
        sort: 'path',
        'filter[isDraft]': 'false',
        'fields[app-pages]': 'path,title',
      },
      signal,
    });
    return doc.data.map((p) => ({ id: p.id, path: p.attributes.path, title: p.attributes.title }));
  },

  /** A retried create (same key) is answered once: the key lives as long as the form. */
  create: (api: ApiClient, body: MenuItemSaveBody, idempotencyKey: string) =>
    api.call(menuEndpoints.create, {
      body: document(body) as CreateDocument,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),

  update: (api: ApiClient, id: string, version: string, body: MenuItemSaveBody) =>
    api.call(menuEndpoints.update, {
      params: { id },
      body: document(body, id) as UpdateDocument,
      headers: ifMatch(version),
    }),

  move: (api: ApiClient, id: string, version: string, body: MoveMenuItemBody) =>
    api.call(menuEndpoints.move, {
      params: { id },
      body,
      headers: ifMatch(version),
    }),

  delete: (api: ApiClient, id: string, version: string) =>
    api.call(menuEndpoints.delete, {
      params: { id },
      headers: ifMatch(version),
    }),

  /**
   * The menu the shell renders, once the projections have reached `minPosition`. Quiet: a failed refresh of the
   * shell is no reason for a dialog (the saved change stands; the next page load shows it).
   */
  renderedMenu: (api: ApiClient, minPosition: string) =>
    api
      .call(menuEndpoints.menu, { schema: MenuDocumentSchema, query: { minPosition }, quiet: true })
      .then((d) => d.data),

  environmentRevision: (api: ApiClient, minPosition: string) =>
    api
      .call(environmentEndpoints.environment, {
        schema: EnvironmentDocumentSchema,
        query: { minPosition },
        quiet: true,
      })
      .then((d) => d.meta.revision),
};
