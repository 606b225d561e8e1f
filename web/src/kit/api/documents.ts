import { shape as s, type Infer, type Shape } from './shape.ts';

/**
 * The read documents of the shell, mirroring what query-api sends (query-api/src/*). The first screen waits for
 * them, so they are checked by shapes (shape.ts, ADR 0047), not zod: the server may add members without breaking
 * an older web build, but a missing or retyped member fails loudly.
 */

const Meta = s.optional(s.record(s.unknown()));

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

export const MenuNodeSchema: Shape<MenuNode> = s.lazy(() =>
  s.object({
    id: s.string(),
    name: s.string(),
    description: s.nullable(s.string()),
    position: s.number(),
    pageId: s.nullable(s.string()),
    href: s.nullable(s.string()),
    blank: s.boolean(),
    color: s.nullable(s.string()),
    alignsNextRight: s.boolean(),
    requiresAuth: s.boolean(),
    children: s.array(MenuNodeSchema),
  }),
);

/** GET /services/app-menu: data is the visible menu tree, siblings in position order. */
export const MenuDocumentSchema = s.object({ data: s.array(MenuNodeSchema), meta: Meta });

export const PageAttributesSchema = s.object({
  path: s.string(),
  title: s.string(),
  description: s.string(),
  styles: s.string(),
  requiresAuth: s.boolean(),
  accessLevel: s.nullable(s.string()),
  roles: s.array(s.string()),
  isDefault: s.boolean(),
  createdAt: s.string(),
  updatedAt: s.string(),
});

export const RoutePageSchema = s.object({
  type: s.literal('app-pages'),
  id: s.string(),
  attributes: PageAttributesSchema,
  relationships: s.optional(s.record(s.unknown())),
  meta: Meta,
});

/**
 * A component of the page, its props as the contract reads them: the server parsed them with
 * contracts/src/pages/components.ts (defaults filled in) and left out a component whose props do not parse.
 */
export const RouteComponentSchema = s.object({
  type: s.literal('app-page-components'),
  id: s.string(),
  attributes: s.object({
    name: s.string(),
    viewId: s.nullable(s.string()),
    position: s.number(),
    props: s.record(s.unknown()),
  }),
});
export type RouteComponent = Infer<typeof RouteComponentSchema>;

/** GET /services/routes/resolve?path=&query=: a page with its components in order, or where to redirect. */
export const ResolvedRouteSchema = s.object({
  data: s.oneOf('kind', {
    page: s.object({
      kind: s.literal('page'),
      page: RoutePageSchema,
      components: s.array(RouteComponentSchema),
    }),
    redirect: s.object({
      kind: s.literal('redirect'),
      location: s.string(),
      // a redirection names itself; a short URL (/s/{token}) names the short URL instead
      redirectionId: s.optional(s.string()),
      shortUrlId: s.optional(s.string()),
    }),
  }),
  meta: s.object({ path: s.string() }),
});
export type ResolvedRoute = Infer<typeof ResolvedRouteSchema>;

/** GET /app-environment: the settings; meta.revision grows with every change of what the web renders. */
export const EnvironmentDocumentSchema = s.object({
  data: s.object({
    type: s.literal('app-environment'),
    id: s.string(),
    attributes: s.object({
      initialized: s.boolean(),
      description: s.optional(s.nullable(s.string())),
      styles: s.optional(s.nullable(s.string())),
      logo: s.optional(s.nullable(s.string())),
      socialPreview: s.optional(s.nullable(s.string())),
      rlCharterUrl: s.optional(s.nullable(s.string())),
      becomeMemberUrl: s.optional(s.nullable(s.string())),
    }),
    meta: Meta,
  }),
  meta: s.object({ revision: s.string(), updatedAt: s.nullable(s.string()) }),
});
export type EnvironmentDocument = Infer<typeof EnvironmentDocumentSchema>;

/** GET /app-pages (a list, for the site map): only what the site map shows. */
export const PageListSchema = s.object({
  data: s.array(
    s.object({
      type: s.literal('app-pages'),
      id: s.string(),
      attributes: s.object({ path: s.string(), title: s.string(), description: s.optional(s.string()) }),
    }),
  ),
  meta: s.optional(s.object({ total: s.optional(s.number()) })),
  links: s.optional(s.object({ next: s.optional(s.nullable(s.string())) })),
});
