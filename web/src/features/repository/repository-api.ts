import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import type { FileView } from '../../kit/api/files.ts';
import {
  authorOf,
  attachmentsOf,
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
  type AttachmentView,
  type AuthorView,
  type Engagement,
  type IncludedRecords,
  type OrganizationView,
  type TagView,
} from '../community/index.ts';

/** A repository item as the readers' screens read it (GET /repository-items, /repository-items/{id}). */
const ItemSchema = z.object({
  type: z.literal('repository-items'),
  id: z.string(),
  attributes: z
    .object({
      title: z.string(),
      description: z.string().nullable().optional(),
      printerSettingsDescription: z.string().nullable().optional(),
      publishedAt: z.string().nullable().optional(),
      likesCount: z.number().optional(),
      commentsCount: z.number().optional(),
    })
    .passthrough(),
  relationships: z
    .object({
      image: ToOne,
      additionalImages: ToMany,
      attachments: ToMany,
      categories: ToMany,
      tags: ToMany,
      organization: ToOne,
    })
    .passthrough()
    .optional(),
});

const ItemListSchema = z.object({ data: z.array(ItemSchema), included: Included, meta: ListMeta });
const ItemDocumentSchema = z.object({ data: ItemSchema, included: Included });
const CategoryListSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('repository-categories'),
      id: z.string(),
      attributes: z
        .object({ name: z.string(), repositoryItemsCount: z.number().nullable().optional() })
        .passthrough(),
    }),
  ),
});

export interface RepositoryCategory {
  id: string;
  name: string;
  /** its published items, when the read model counts them */
  count: number | null;
}

export interface RepositoryItem {
  id: string;
  title: string;
  description: string;
  printerSettingsDescription: string | null;
  publishedAt: string | null;
  /** the main image first, then the additional ones */
  images: FileView[];
  attachments: AttachmentView[];
  categoryIds: string[];
  tags: TagView[];
  organization: OrganizationView | null;
  /** its author: its member, or the organization they acted for (seed 001 §3) */
  author: AuthorView | null;
  /** its likes and comments as its document tells them (the likable and commentable traits) */
  engagement: Engagement;
}

/** What the list is filtered by: the URL's query parameters (seed 000 §2.6). */
export interface RepositoryQuery {
  search: string;
  category: string | null;
  tag: string | null;
  organization: string | null;
  page: number;
}

export const REPOSITORY_PAGE_SIZE = 12;

function toItem(data: z.infer<typeof ItemSchema>, included: IncludedRecords): RepositoryItem {
  const r = data.relationships;
  return {
    id: data.id,
    title: data.attributes.title,
    description: data.attributes.description ?? '',
    printerSettingsDescription: present(data.attributes.printerSettingsDescription),
    publishedAt: data.attributes.publishedAt ?? null,
    images: imagesOf(
      [...(r?.image?.data ? [r.image.data] : []), ...(r?.additionalImages?.data ?? [])],
      included,
    ),
    attachments: attachmentsOf(r?.attachments?.data, included),
    categoryIds: (r?.categories?.data ?? []).map((c) => c.id),
    tags: tagsOf(r?.tags?.data, included),
    organization: organizationOf(r?.organization?.data, included),
    author: authorOf(data.attributes.author),
    engagement: engagementOf(data.attributes),
  };
}

/**
 * One page of the published items the reader may see (the API filters the others out in SQL), newest first, or
 * by relevance when searching (full-text search, ordered by rank on the server).
 */
export async function readRepositoryItems(
  api: ApiClient,
  query: RepositoryQuery,
  signal?: AbortSignal,
): Promise<{ items: RepositoryItem[]; total: number; capped: boolean }> {
  const params: Record<string, string> = {
    include: 'image,tags,categories,organization',
    'page[number]': String(query.page),
    'page[size]': String(REPOSITORY_PAGE_SIZE),
  };
  if (query.search) params['filter[search]'] = query.search;
  if (query.category) params['filter[categories]'] = query.category;
  if (query.tag) params['filter[tags]'] = query.tag;
  if (query.organization) params['filter[organization]'] = query.organization;
  const doc = await api.call(recordEndpoints('repository-items').list, {
    schema: ItemListSchema,
    query: params,
    signal,
  });
  return {
    items: doc.data.map((d) => toItem(d, doc.included)),
    ...listCountOf(doc),
  };
}

/** One item by its id, with everything its page shows; a 404 is an ApiError of kind 'not-found'. */
export async function readRepositoryItem(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<RepositoryItem> {
  const doc = await api.call(recordEndpoints('repository-items').find, {
    params: { id },
    schema: ItemDocumentSchema,
    query: { include: 'image,additionalImages,attachments,tags,categories,organization' },
    signal,
  });
  return toItem(doc.data, doc.included);
}

/** The repository's categories, by name, with their counts of published items. */
export async function readRepositoryCategories(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<RepositoryCategory[]> {
  const doc = await api.call(recordEndpoints('repository-categories').list, {
    schema: CategoryListSchema,
    query: { 'page[size]': '100', sort: 'name' },
    signal,
  });
  return doc.data.map((d) => ({
    id: d.id,
    name: d.attributes.name,
    count: d.attributes.repositoryItemsCount ?? null,
  }));
}
