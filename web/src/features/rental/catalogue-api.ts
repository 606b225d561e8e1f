import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { fileView, type FileView } from '../../kit/api/files.ts';

const text = z.string().nullable().optional();
const Ref = z.object({ type: z.string(), id: z.string() });

/** A rental model as the catalogue reads it (GET /rental-models, /rental-models/{id or slug}). */
const CatalogueModelSchema = z.object({
  type: z.literal('rental-models'),
  id: z.string(),
  attributes: z
    .object({
      name: z.string(),
      slug: text,
      shortDescription: text,
      description: text,
      rentingPrice: z.number(),
      shippingPrice: z.number().nullable().optional(),
    })
    .passthrough(),
  relationships: z
    .object({
      category: z.object({ data: Ref.nullable() }).optional(),
      images: z.object({ data: z.array(Ref) }).optional(),
    })
    .passthrough()
    .optional(),
});

const Included = z
  .array(
    z
      .object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()) })
      .passthrough(),
  )
  .optional();

const ModelListSchema = z.object({ data: z.array(CatalogueModelSchema), included: Included });
const ModelDocumentSchema = z.object({ data: CatalogueModelSchema, included: Included });
const CategoryListSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('rental-model-categories'),
      id: z.string(),
      attributes: z.object({ name: z.string() }).passthrough(),
    }),
  ),
});

export interface CatalogueCategory {
  id: string;
  name: string;
}

/** A model as the catalogue shows it: prices in cents (renting: per item and per day). */
export interface CatalogueModel {
  id: string;
  /** where its page is below the catalogue's path: its slug, else its id */
  key: string;
  name: string;
  shortDescription: string | null;
  description: string | null;
  rentingPrice: number;
  categoryId: string | null;
  images: FileView[];
}

const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

function toModel(
  data: z.infer<typeof CatalogueModelSchema>,
  included: z.infer<typeof Included>,
): CatalogueModel {
  const a = data.attributes;
  const images = (data.relationships?.images?.data ?? [])
    .map((ref) => included?.find((r) => r.type === ref.type && r.id === ref.id))
    .map((record) => (record ? fileView(record.id, record.attributes) : null))
    .filter((image): image is FileView => Boolean(image?.src));
  return {
    id: data.id,
    key: present(a.slug) ?? data.id,
    name: a.name,
    shortDescription: present(a.shortDescription),
    description: present(a.description),
    rentingPrice: a.rentingPrice,
    categoryId: data.relationships?.category?.data?.id ?? null,
    images,
  };
}

/** The published models (the API lists only those to the public), by name, with their images. */
export async function readCatalogue(api: ApiClient, signal?: AbortSignal): Promise<CatalogueModel[]> {
  const doc = await api.call(recordEndpoints('rental-models').list, {
    schema: ModelListSchema,
    query: { include: 'images', sort: 'name', 'page[size]': '100' },
    signal,
  });
  return doc.data.map((d) => toModel(d, doc.included));
}

/** The categories the catalogue filters by. */
export async function readCategories(api: ApiClient, signal?: AbortSignal): Promise<CatalogueCategory[]> {
  const doc = await api.call(recordEndpoints('rental-model-categories').list, {
    schema: CategoryListSchema,
    query: { 'page[size]': '100' },
    signal,
  });
  return doc.data.map((d) => ({ id: d.id, name: d.attributes.name }));
}

/** One model by its slug or its id (the API finds either); a 404 is an ApiError of kind 'not-found'. */
export async function readCatalogueModel(
  api: ApiClient,
  idOrSlug: string,
  signal?: AbortSignal,
): Promise<CatalogueModel> {
  const doc = await api.call(recordEndpoints('rental-models').find, {
    params: { id: idOrSlug },
    schema: ModelDocumentSchema,
    query: { include: 'images' },
    signal,
  });
  return toModel(doc.data, doc.included);
}
