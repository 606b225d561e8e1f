import { z } from 'zod/v4';

/**
 * zod schemas of the read documents the web renders, mirroring what query-api sends (query-api/src/*). Parsed
 * with passthrough-free objects that ignore unknown members, so the server may add fields without breaking
 * an older web build, but a missing or retyped field fails loudly.
 */

const Meta = z.record(z.string(), z.unknown()).optional();

export interface MenuNode {
  id: string;
  name: string;
  description: string | null;
  position: number;
  pageId: string | null;
  /** the page path or the URL the item links to; null for a heading */
  href: string | null;
  blank: boolean;
  color: string | null;
  alignsNextRight: boolean;
  requiresAuth: boolean;
  children: MenuNode[];
}

export const MenuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    position: z.number(),
    pageId: z.string().nullable(),
    href: z.string().nullable(),
    blank: z.boolean(),
    color: z.string().nullable(),
    alignsNextRight: z.boolean(),
    requiresAuth: z.boolean(),
    children: z.array(MenuNodeSchema),
  }),
);

/** GET /services/app-menu: data is the visible menu tree, siblings in position order. */
export const MenuDocumentSchema = z.object({ data: z.array(MenuNodeSchema), meta: Meta });

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
});

export const RoutePageSchema = z.object({
  type: z.literal('app-pages'),
  id: z.string(),
  attributes: PageAttributesSchema,
  relationships: z.record(z.string(), z.unknown()).optional(),
  meta: Meta,
});

export const RouteComponentSchema = z.object({
  type: z.literal('app-page-components'),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    viewId: z.string().nullable(),
    position: z.number(),
    props: z.record(z.string(), z.unknown()),
  }),
});
export type RouteComponent = z.infer<typeof RouteComponentSchema>;

/** GET /services/routes/resolve?path=&query=: a page with its components in order, or where to redirect. */
export const ResolvedRouteSchema = z.object({
  data: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('page'), page: RoutePageSchema, components: z.array(RouteComponentSchema) }),
    z.object({ kind: z.literal('redirect'), location: z.string(), redirectionId: z.string() }),
  ]),
  meta: z.object({ path: z.string() }).passthrough(),
});
export type ResolvedRoute = z.infer<typeof ResolvedRouteSchema>;

/** GET /app-environment: the settings; meta.revision grows with every change of what the web renders. */
export const EnvironmentDocumentSchema = z.object({
  data: z.object({
    type: z.literal('app-environment'),
    id: z.string(),
    attributes: z
      .object({
        initialized: z.boolean(),
        description: z.string().nullable().optional(),
        styles: z.string().nullable().optional(),
        logo: z.string().nullable().optional(),
        socialPreview: z.string().nullable().optional(),
        rlCharterUrl: z.string().nullable().optional(),
        becomeMemberUrl: z.string().nullable().optional(),
      })
      .passthrough(),
    meta: Meta,
  }),
  meta: z.object({ revision: z.string(), updatedAt: z.string().nullable() }).passthrough(),
});
export type EnvironmentDocument = z.infer<typeof EnvironmentDocumentSchema>;

/** GET /app-pages (a list, for the site map): only what the site map shows. */
export const PageListSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('app-pages'),
      id: z.string(),
      attributes: z.object({ path: z.string(), title: z.string(), description: z.string().optional() }),
    }),
  ),
  meta: z.object({ total: z.number().optional() }).passthrough().optional(),
  links: z.object({ next: z.string().nullable().optional() }).passthrough().optional(),
});
