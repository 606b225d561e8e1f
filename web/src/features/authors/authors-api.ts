import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';

/**
 * The kinds of publications an author publishes (issue 21), each a type of the resource layer and the CMS
 * component that shows its items: an item's page is at {the component's page path}/{item}. A blog post is found
 * by its slug as by its id.
 */
export const PUBLICATION_KINDS = [
  { type: 'articles', component: 'articles', key: 'id' },
  { type: 'blog-posts', component: 'blog-posts', key: 'slug' },
  { type: 'calendar-events', component: 'calendar', key: 'id' },
  { type: 'repository-items', component: 'repository', key: 'id' },
] as const;
export type PublicationKind = (typeof PUBLICATION_KINDS)[number];
export type PublicationType = PublicationKind['type'];

/** Whose publications: one member's (what they created) or one organization's. */
export type AuthorRef = { kind: 'user'; id: string } | { kind: 'organization'; id: string };

/** How many items of a kind a page lists before "Show more". */
export const AUTHORED_PAGE_SIZE = 5;

const ItemSchema = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z
    .object({
      title: z.string(),
      slug: z.string().nullable().optional(),
      publishedAt: z.string().nullable().optional(),
    })
    .passthrough(),
});
const ListSchema = z.object({
  data: z.array(ItemSchema),
  meta: z.object({ total: z.number(), totalCapped: z.boolean().optional() }).passthrough(),
});

const ComponentsSchema = z.object({
  data: z.array(
    z.object({
      relationships: z
        .object({ page: z.object({ data: z.object({ id: z.string() }).nullable() }) })
        .passthrough(),
    }),
  ),
  included: z
    .array(
      z.object({
        type: z.string(),
        id: z.string(),
        attributes: z.object({ path: z.string() }).passthrough(),
      }),
    )
    .optional(),
});

/** One published item as the author's page lists it. */
export interface AuthoredItem {
  id: string;
  title: string;
  publishedAt: string | null;
  /** what its page's path ends with: its slug (a blog post's) or its id */
  key: string;
}

/** One page of a kind's published items. */
export interface AuthoredPage {
  items: AuthoredItem[];
  total: number;
  /** the list counted no further than `total`, more follow (ADR 0045) */
  capped: boolean;
}

// an item's page: under the page that shows its kind ({path}/{item}); null when no page shows it
export { itemHref } from './author-href.ts';

/**
 * The path of the first page the reader may open that shows the component of `component` (its items' pages are
 * under it), or null when none does.
 */
export async function readComponentPath(
  api: ApiClient,
  component: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const doc = await api.call(recordEndpoints('app-page-components').list, {
    schema: ComponentsSchema,
    query: {
      'filter[name]': component,
      include: 'page',
      'page[size]': 1,
      'fields[app-page-components]': 'page',
      'fields[app-pages]': 'path',
    },
    signal,
  });
  const pageId = doc.data[0]?.relationships.page.data?.id;
  return doc.included?.find((p) => p.id === pageId)?.attributes.path ?? null;
}

/**
 * One page of the published items of a kind by an author, the newest first, as the reader may see them (the
 * layer filters the levels and dates in SQL); null when the kind is not served (its feature is off: 404).
 */
export async function readAuthoredPage(
  api: ApiClient,
  kind: PublicationKind,
  author: AuthorRef,
  page: number,
  signal?: AbortSignal,
): Promise<AuthoredPage | null> {
  try {
    const doc = await api.call(recordEndpoints(kind.type).list, {
      schema: ListSchema,
      query: {
        [author.kind === 'user' ? 'filter[createdBy]' : 'filter[organization]']: author.id,
        'filter[published]': 'true',
        sort: '-publishedAt',
        'page[number]': page,
        'page[size]': AUTHORED_PAGE_SIZE,
        [`fields[${kind.type}]`]: kind.key === 'slug' ? 'title,slug,publishedAt' : 'title,publishedAt',
      },
      signal,
    });
    return {
      items: doc.data.map((item) => ({
        id: item.id,
        title: item.attributes.title,
        publishedAt: item.attributes.publishedAt ?? null,
        key: kind.key === 'slug' && item.attributes.slug ? item.attributes.slug : item.id,
      })),
      total: doc.meta.total,
      capped: doc.meta.totalCapped === true,
    };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'not-found') return null;
    throw error;
  }
}

/** A kind's first page with where its items' pages are; null when the kind is not served. */
export interface AuthoredKind {
  kind: PublicationKind;
  basePath: string | null;
  first: AuthoredPage;
}

/** The first page of every kind an author published, each with its page's path (the kinds not served left out). */
export async function readAuthored(
  api: ApiClient,
  author: AuthorRef,
  signal?: AbortSignal,
): Promise<AuthoredKind[]> {
  const kinds = await Promise.all(
    PUBLICATION_KINDS.map(async (kind) => {
      const [basePath, first] = await Promise.all([
        readComponentPath(api, kind.component, signal),
        readAuthoredPage(api, kind, author, 1, signal),
      ]);
      return first ? { kind, basePath, first } : null;
    }),
  );
  return kinds.filter((k): k is AuthoredKind => k !== null);
}

const UserSchema = z.object({
  data: z.object({
    type: z.literal('users'),
    id: z.string(),
    attributes: z
      .object({
        firstName: z.string().nullable().optional(),
        lastName: z.string().nullable().optional(),
        description: z.string().nullable().optional(),
      })
      .passthrough(),
  }),
});

/** A member as their public page shows them: their name and what they wrote about themselves. */
export interface PublicMember {
  id: string;
  name: string;
  description: string | null;
}

/** GET /users/{id} as anybody reads it (the public profile: names, never the account); 404 for an unknown one. */
export async function readPublicMember(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<PublicMember> {
  const doc = await api.call(recordEndpoints('users').find, {
    schema: UserSchema,
    params: { id },
    query: { 'fields[users]': 'firstName,lastName,description' },
    signal,
  });
  const a = doc.data.attributes;
  const name = [a.firstName, a.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return { id: doc.data.id, name, description: a.description?.trim() || null };
}
