import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import type { FileView } from '../../kit/api/files.ts';
import {
  findIncluded,
  imagesOf,
  Included,
  ListMeta,
  listCountOf,
  present,
  ToMany,
  ToOne,
  type IncludedRecords,
  type ListCount,
} from '../community/index.ts';

/**
 * The readers' reads of the AAC catalogue (contracts/src/aac/records.ts): the published products with what describes
 * them, what a device has installed and how a product is reached by each access type, and the systems a list is
 * filtered by. Every read is the layer's JSON:API list or find; the layer hides unpublished products from visitors.
 */

const RecordSchema = z.object({
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  relationships: z.record(z.string(), z.object({ data: z.unknown() }).passthrough()).optional(),
});
type RawRecord = z.infer<typeof RecordSchema>;
const ListSchema = z.object({ data: z.array(RecordSchema), included: Included, meta: ListMeta });
const DocumentSchema = z.object({ data: RecordSchema, included: Included });

const one = (r: RawRecord, name: string) => ToOne.safeParse(r.relationships?.[name]).data?.data ?? null;
const many = (r: RawRecord, name: string) => ToMany.safeParse(r.relationships?.[name]).data?.data ?? [];

/** A record of a reference list a product points at (a system, a keyboard type), as its document includes it. */
export interface NamedRef {
  id: string;
  name: string;
}

export interface SellerView extends NamedRef {
  website: string | null;
}

/** What a card of the catalogue shows. */
export interface AacProductCard {
  id: string;
  name: string;
  shortDescription: string | null;
  isDevice: boolean;
  image: FileView | null;
  compatibleSystems: NamedRef[];
  /** the ids of its access types (fixed ids: AAC_ACCESS_TYPES), in the document's order */
  accessTypes: string[];
}

/** What a product's page and the comparison show. */
export interface AacProductView extends AacProductCard {
  description: string;
  website: string | null;
  /** null: not published yet (only its author and the moderators read it) */
  publishedAt: string | null;
  sellers: SellerView[];
  /** the id of its integration type (fixed ids: AAC_INTEGRATION_TYPES) */
  integrationType: string | null;
  keyboardTypes: NamedRef[];
  pictogramTypes: NamedRef[];
  conjugationTypes: NamedRef[];
}

function namesOf(refs: ReadonlyArray<{ type: string; id: string }>, included: IncludedRecords): NamedRef[] {
  return refs.flatMap((ref) => {
    const name = present(findIncluded(ref, included)?.attributes.name);
    return name ? [{ id: ref.id, name }] : [];
  });
}

function toCard(r: RawRecord, included: IncludedRecords): AacProductCard {
  const a = r.attributes;
  const image = one(r, 'image');
  return {
    id: r.id,
    name: present(a.name) ?? '',
    shortDescription: present(a.shortDescription),
    isDevice: a.isDevice === true,
    image: image ? (imagesOf([image], included)[0] ?? null) : null,
    compatibleSystems: namesOf(many(r, 'compatibleSystems'), included),
    accessTypes: many(r, 'accessTypes').map((ref) => ref.id),
  };
}

function toProduct(r: RawRecord, included: IncludedRecords): AacProductView {
  const a = r.attributes;
  return {
    ...toCard(r, included),
    description: typeof a.description === 'string' ? a.description : '',
    website: present(a.website),
    publishedAt: present(a.publishedAt),
    sellers: many(r, 'sellers').flatMap((ref) => {
      const seller = findIncluded(ref, included);
      const name = present(seller?.attributes.name);
      return name ? [{ id: ref.id, name, website: present(seller?.attributes.website) }] : [];
    }),
    integrationType: one(r, 'integrationType')?.id ?? null,
    keyboardTypes: namesOf(many(r, 'keyboardTypes'), included),
    pictogramTypes: namesOf(many(r, 'pictogramTypes'), included),
    conjugationTypes: namesOf(many(r, 'conjugationTypes'), included),
  };
}

/** What the catalogue is filtered by: the URL's query parameters. */
export interface AacProductQuery {
  search: string;
  system: string | null;
  accessType: string | null;
  kind: 'device' | 'software' | null;
  page: number;
}

export const AAC_PAGE_SIZE = 12;
const CARD_INCLUDES = 'image,compatibleSystems,accessTypes';
const PRODUCT_INCLUDES =
  'image,sellers,compatibleSystems,accessTypes,integrationType,keyboardTypes,pictogramTypes,conjugationTypes';

/** One page of the published products, by name. */
export async function readAacProducts(
  api: ApiClient,
  query: AacProductQuery,
  signal?: AbortSignal,
): Promise<ListCount & { items: AacProductCard[] }> {
  const params: Record<string, string> = {
    include: CARD_INCLUDES,
    // the catalogue is what is published, for the moderators and a product's author too
    'filter[published]': 'true',
    'page[number]': String(query.page),
    'page[size]': String(AAC_PAGE_SIZE),
  };
  if (query.search) params['filter[search]'] = query.search;
  if (query.system) params['filter[compatibleSystems]'] = query.system;
  if (query.accessType) params['filter[accessTypes]'] = query.accessType;
  if (query.kind) params['filter[isDevice]'] = String(query.kind === 'device');
  const doc = await api.call(recordEndpoints('aac-products').list, {
    schema: ListSchema,
    query: params,
    signal,
  });
  return { items: doc.data.map((d) => toCard(d, doc.included)), ...listCountOf(doc) };
}

export async function readAacProduct(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<AacProductView> {
  const doc = await api.call(recordEndpoints('aac-products').find, {
    params: { id },
    schema: DocumentSchema,
    query: { include: PRODUCT_INCLUDES },
    signal,
  });
  return toProduct(doc.data, doc.included);
}

/** A system installed on a device, with its note. */
export interface InstalledSystemView {
  id: string;
  system: NamedRef | null;
  note: string | null;
}

/** How a product is reached by one access type (its id), with its note. */
export interface SoftwareAccessView {
  id: string;
  accessType: string;
  note: string | null;
}

export async function readInstalledSystems(
  api: ApiClient,
  deviceId: string,
  signal?: AbortSignal,
): Promise<InstalledSystemView[]> {
  const doc = await api.call(recordEndpoints('aac-installed-systems').list, {
    schema: ListSchema,
    query: { 'filter[device]': deviceId, include: 'system', 'page[size]': '100' },
    signal,
  });
  return doc.data.map((d) => {
    const system = one(d, 'system');
    return {
      id: d.id,
      system: system ? (namesOf([system], doc.included)[0] ?? null) : null,
      note: present(d.attributes.note),
    };
  });
}

export async function readSoftwareAccesses(
  api: ApiClient,
  productId: string,
  signal?: AbortSignal,
): Promise<SoftwareAccessView[]> {
  const doc = await api.call(recordEndpoints('aac-software-accesses').list, {
    schema: ListSchema,
    query: { 'filter[product]': productId, 'page[size]': '100' },
    signal,
  });
  return doc.data.flatMap((d) => {
    const accessType = one(d, 'accessType');
    return accessType ? [{ id: d.id, accessType: accessType.id, note: present(d.attributes.note) }] : [];
  });
}

export interface AacProductPage {
  product: AacProductView;
  installedSystems: InstalledSystemView[];
  accesses: SoftwareAccessView[];
}

/**
 * A product with its installed systems and access notes, read side by side; a product that cannot be read fails
 * the whole with its own error (not found), whatever its lists answer.
 */
export async function readAacProductPage(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<AacProductPage> {
  const product = readAacProduct(api, id, signal);
  const installed = readInstalledSystems(api, id, signal);
  const accesses = readSoftwareAccesses(api, id, signal);
  // the lists' failures are awaited below, once the product is read
  installed.catch(() => undefined);
  accesses.catch(() => undefined);
  const read = await product;
  return {
    product: read,
    installedSystems: read.isDevice ? await installed : [],
    accesses: await accesses,
  };
}

/** The products being compared and their installed systems, in the given order; the missing ones left out. */
export async function readComparedProducts(
  api: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<{
  items: Array<{ product: AacProductView; installedSystems: InstalledSystemView[] }>;
  missing: number;
}> {
  const found = await Promise.all(
    ids.map(async (id) => {
      try {
        const product = await readAacProduct(api, id, signal);
        const installedSystems = product.isDevice ? await readInstalledSystems(api, id, signal) : [];
        return { product, installedSystems };
      } catch (error) {
        if (error instanceof ApiError && (error.kind === 'not-found' || error.kind === 'forbidden'))
          return null;
        throw error;
      }
    }),
  );
  const items = found.filter((x) => x !== null);
  return { items, missing: ids.length - items.length };
}

/** The systems, by name: the catalogue's filter. */
export async function readAacSystems(api: ApiClient, signal?: AbortSignal): Promise<NamedRef[]> {
  const doc = await api.call(recordEndpoints('aac-systems').list, {
    schema: ListSchema,
    query: { 'page[size]': '100', sort: 'name', 'fields[aac-systems]': 'name' },
    signal,
  });
  return doc.data.flatMap((d) => {
    const name = present(d.attributes.name);
    return name ? [{ id: d.id, name }] : [];
  });
}
