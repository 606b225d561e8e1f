import { ARTICLE_LAYOUTS, type ArticleLayout } from '@platform/contracts/publications/records';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import type { FileView } from '../../kit/api/files.ts';
import {
  authorOf,
  engagementOf,
  imagesOf,
  Included,
  ListMeta,
  listCountOf,
  organizationOf,
  present,
  tagsOf,
  ToMany,
  ToOne,
  type AuthorView,
  type Engagement,
  type IncludedRecords,
  type OrganizationView,
  type TagView,
} from '../community/index.ts';

/** What the readers' lists and pages read of an article or a blog post (GET /articles, /blog-posts, one of each). */
const Common = {
  id: z.string(),
  attributes: z
    .object({
      title: z.string(),
      slug: z.string().nullable().optional(),
      shortDescription: z.string().nullable().optional(),
      excerpt: z.string().nullable().optional(),
      content: z.string().nullable().optional(),
      sections: z
        .array(z.object({ id: z.string(), title: z.string(), content: z.string() }).passthrough())
        .optional(),
      externalUrl: z.string().nullable().optional(),
      source: z.string().nullable().optional(),
      publishedAt: z.string().nullable().optional(),
    })
    .passthrough(),
  relationships: z
    .object({ image: ToOne, tags: ToMany, organization: ToOne, layout: ToOne, category: ToOne })
    .passthrough()
    .optional(),
};
const PublicationSchema = z.object({ type: z.enum(['articles', 'blog-posts']), ...Common });
const ListSchema = z.object({ data: z.array(PublicationSchema), included: Included, meta: ListMeta });
const DocumentSchema = z.object({ data: PublicationSchema, included: Included });

export interface ArticleSectionView {
  id: string;
  title: string;
  content: string;
}

/** An article or a blog post as the readers' screens show it. */
export interface Publication {
  id: string;
  /** where its page is below the list's path: a blog post's slug, else the id */
  key: string;
  title: string;
  excerpt: string;
  /** a blog post's rich content ('' for an article) */
  content: string;
  /** an article's sections, in their order ([] for a blog post) */
  sections: ArticleSectionView[];
  layout: ArticleLayout;
  externalUrl: string | null;
  source: string | null;
  publishedAt: string | null;
  image: FileView | null;
  tags: TagView[];
  organization: OrganizationView | null;
  /** its author: its member, or the organization they acted for (seed 001 §3) */
  author: AuthorView | null;
  categoryId: string | null;
  /** its likes and comments as its document tells them (the likable and commentable traits) */
  engagement: Engagement;
}

export type PublicationType = 'articles' | 'blog-posts';

const isLayout = (id: string | undefined): id is ArticleLayout =>
  (ARTICLE_LAYOUTS as readonly string[]).includes(id ?? '');

function toPublication(data: z.infer<typeof PublicationSchema>, included: IncludedRecords): Publication {
  const a = data.attributes;
  const r = data.relationships;
  const layout = r?.layout?.data?.id;
  return {
    id: data.id,
    key: present(a.slug) ?? data.id,
    title: a.title,
    excerpt: present(a.excerpt) ?? present(a.shortDescription) ?? '',
    content: a.content ?? '',
    sections: (a.sections ?? []).map((s) => ({ id: s.id, title: s.title, content: s.content })),
    // seed 001 §4: pagination by default
    layout: isLayout(layout) ? layout : 'pagination',
    externalUrl: present(a.externalUrl),
    source: present(a.source),
    publishedAt: a.publishedAt ?? null,
    image: imagesOf(r?.image?.data ? [r.image.data] : [], included)[0] ?? null,
    tags: tagsOf(r?.tags?.data, included),
    organization: organizationOf(r?.organization?.data, included),
    author: authorOf(a.author),
    categoryId: r?.category?.data?.id ?? null,
    engagement: engagementOf(a),
  };
}

export interface PublicationQuery {
  category?: string | null;
  tag?: string | null;
  page: number;
  pageSize: number;
}

/**
 * One page of the published articles or blog posts the reader may see, newest first (their default sort);
 * unlisted articles are left out of lists (seed 001 §4).
 */
export async function readPublications(
  api: ApiClient,
  type: PublicationType,
  query: PublicationQuery,
  signal?: AbortSignal,
): Promise<{ items: Publication[]; total: number; capped: boolean }> {
  const params: Record<string, string> = {
    include: 'image,tags,organization',
    'page[number]': String(query.page),
    'page[size]': String(query.pageSize),
  };
  if (type === 'articles') params['filter[unlisted]'] = 'false';
  if (query.category) params['filter[category]'] = query.category;
  if (query.tag) params['filter[tags]'] = query.tag;
  const doc = await api.call(recordEndpoints(type).list, {
    schema: ListSchema,
    query: params,
    signal,
  });
  return {
    items: doc.data.map((d) => toPublication(d, doc.included)),
    ...listCountOf(doc),
  };
}

/** One article (by id) or blog post (by slug or id); a 404 is an ApiError of kind 'not-found'. */
export async function readPublication(
  api: ApiClient,
  type: PublicationType,
  key: string,
  signal?: AbortSignal,
): Promise<Publication> {
  const doc = await api.call(recordEndpoints(type).find, {
    params: { id: key },
    schema: DocumentSchema,
    query: { include: 'image,tags,organization' },
    signal,
  });
  return toPublication(doc.data, doc.included);
}
