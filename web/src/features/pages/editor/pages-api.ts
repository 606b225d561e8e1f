import { pagesEndpoints } from '@platform/contracts/pages/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';

/**
 * The calls of the page editor: reads of query-api/src/pages (a page with its components, the list) and the
 * commands of command-api/src/pages/routes.ts. A component lives in its page's stream, so every command on a
 * page or one of its components carries If-Match with the page's version (meta.version of both).
 */

const PAGE = 'app-pages' as const;
const COMPONENT = 'app-page-components' as const;

const Ref = z.object({ type: z.string(), id: z.string() });
const ToOne = z.object({ data: Ref.nullable() }).optional();
const Version = z.object({ version: z.string() }).passthrough();

/**
 * A page as the public reads show it (kit/api/documents.ts's shape, which the first screen reads without zod),
 * and what only its editors see: draft or published, deleted.
 */
export const PageAttributesSchema = z.object({
  path: z.string(),
  title: z.string(),
  description: z.string(),
  styles: z.string(),
  requiresAuth: z.boolean(),
  accessLevel: z.string().nullable(),
  roles: z.array(z.string()),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isDraft: z.boolean(),
  deletedAt: z.string().nullable(),
});
export type PageAttributes = z.infer<typeof PageAttributesSchema>;

export const PageSchema = z.object({
  type: z.literal(PAGE),
  id: z.string(),
  attributes: PageAttributesSchema,
  relationships: z.object({ draftOfPage: ToOne, draftPage: ToOne }).passthrough().optional(),
  meta: Version,
});
export type Page = z.infer<typeof PageSchema>;

export const ComponentSchema = z.object({
  type: z.literal(COMPONENT),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    viewId: z.string().nullable(),
    position: z.number().int(),
    props: z.record(z.string(), z.unknown()),
  }),
});
export type PageComponent = z.infer<typeof ComponentSchema>;

/** GET /services/app-pages/{id}: the page, its components in order in `included`. */
const PageDocumentSchema = z.object({
  data: PageSchema,
  included: z.array(z.unknown()).optional(),
});

export interface LoadedPage {
  page: Page;
  components: PageComponent[];
}

const PageListSchema = z.object({
  data: z.array(PageSchema),
  meta: z.object({
    total: z.number(),
    page: z.object({ number: z.number(), size: z.number(), totalPages: z.number() }),
  }),
});
export type PageList = z.infer<typeof PageListSchema>;

export type { CommandAnswer } from '@platform/contracts/command-answer';

export const PAGES_PAGE_SIZE = 25;

export const draftOf = (page: Page) => page.relationships?.draftOfPage?.data?.id ?? null;
export const draftOfPage = (page: Page) => page.relationships?.draftPage?.data?.id ?? null;

/**
 * Seed 000 §4: a draft can be published only once it was changed (its updatedAt differs from its createdAt). The
 * server decides; the web says it beforehand.
 */
export function publishable(page: Pick<Page, 'attributes'>): 'ok' | 'notDraft' | 'unchanged' {
  if (!page.attributes.isDraft) return 'notDraft';
  return page.attributes.updatedAt === page.attributes.createdAt ? 'unchanged' : 'ok';
}

const ifMatch = (version: string | null): Record<string, string> =>
  version !== null ? { 'If-Match': `"${version}"` } : {};
const pageRef = (pageId: string) => ({ page: { data: { type: PAGE, id: pageId } } });

export const pagesApi = {
  list: (api: ApiClient, args: { page: number; minPosition?: string; signal?: AbortSignal }) =>
    api.call(pagesEndpoints.pages, {
      schema: PageListSchema,
      query: {
        'page[number]': args.page,
        'page[size]': PAGES_PAGE_SIZE,
        sort: 'path',
        ...(args.minPosition ? { minPosition: args.minPosition } : {}),
      },
      signal: args.signal,
    }),

  load: async (
    api: ApiClient,
    id: string,
    minPosition?: string,
    signal?: AbortSignal,
  ): Promise<LoadedPage> => {
    const doc = await api.call(pagesEndpoints.editorPage, {
      params: { id },
      schema: PageDocumentSchema,
      query: minPosition ? { minPosition } : {},
      signal,
    });
    const components = (doc.included ?? [])
      .map((c) => ComponentSchema.safeParse(c))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
      .sort((a, b) => a.attributes.position - b.attributes.position);
    return { page: doc.data, components };
  },

  createPage: (api: ApiClient, attributes: { title: string; path: string }) =>
    api.call(pagesEndpoints.createPage, {
      body: { data: { type: PAGE, attributes } },
    }),

  updatePage: (api: ApiClient, id: string, version: string | null, attributes: Record<string, unknown>) =>
    api.call(pagesEndpoints.updatePage, {
      params: { id },
      body: { data: { type: PAGE, id, attributes } },
      headers: ifMatch(version),
    }),

  deletePage: (api: ApiClient, id: string, version: string | null) =>
    api.call(pagesEndpoints.deletePage, {
      params: { id },
      headers: ifMatch(version),
    }),

  /** answers with the new draft's id */
  createDraft: (api: ApiClient, id: string, version: string | null) =>
    api.call(pagesEndpoints.createDraft, {
      params: { id },
      headers: ifMatch(version),
    }),

  /** answers with the id of the page the draft went into */
  publishDraft: (api: ApiClient, draftId: string, version: string | null) =>
    api.call(pagesEndpoints.publishDraft, {
      params: { id: draftId },
      headers: ifMatch(version),
    }),

  addComponent: (
    api: ApiClient,
    pageId: string,
    version: string | null,
    attributes: { name: string; viewId: string | null; props: Record<string, unknown> },
  ) =>
    api.call(pagesEndpoints.addComponent, {
      body: { data: { type: COMPONENT, attributes, relationships: pageRef(pageId) } },
      headers: ifMatch(version),
    }),

  updateComponent: (
    api: ApiClient,
    pageId: string,
    componentId: string,
    version: string | null,
    attributes: { viewId?: string | null; position?: number; props?: Record<string, unknown> },
  ) =>
    api.call(pagesEndpoints.updateComponent, {
      params: { id: componentId },
      body: { data: { type: COMPONENT, id: componentId, attributes, relationships: pageRef(pageId) } },
      headers: ifMatch(version),
    }),

  removeComponent: (api: ApiClient, pageId: string, componentId: string, version: string | null) =>
    api.call(pagesEndpoints.removeComponent, {
      params: { id: componentId },
      body: { data: { relationships: pageRef(pageId) } },
      headers: ifMatch(version),
    }),
};
