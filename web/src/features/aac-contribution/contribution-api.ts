import { aacProductResource } from '@platform/contracts/aac/records';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { fileView } from '../../kit/api/files.ts';
import type { ReferenceChoice, ReferenceLists, SaveOutcome, SaveRequest } from './contribution.machine.ts';
import {
  emptyValues,
  fieldOfServerPointer,
  FILES_TYPE,
  LIST_TYPES,
  MANY_LISTS,
  type ContributionValues,
  type FieldErrors,
  type ImageValue,
  type ListName,
  type ManyList,
} from './contribution-values.ts';

/**
 * The contribution's reads and writes on the resource layer's generic JSON:API routes (contracts/src/aac/records.ts):
 * the reference lists everyone reads, the product its author edits (with its image), and the create (POST) and
 * update (PATCH, If-Match) of the product.
 */

const PRODUCTS = aacProductResource.type;
/** As the back office writes any type: the document's attributes are the form's, checked by the server. */
const PRODUCT_DEFINITION: ResourceDefinition = aacProductResource;
/** A list is read a hundred at a time (the API's largest page), at most this many pages. */
const LIST_PAGE_SIZE = 100;
const LIST_PAGES_AT_MOST = 5;

const Ref = z.object({ type: z.string(), id: z.string() });
const Relationship = z.object({ data: z.union([Ref, z.null(), z.array(Ref)]) }).optional();

const ChoiceListSchema = z.object({
  data: z.array(
    z.object({ id: z.string(), attributes: z.object({ name: z.string() }).passthrough() }).passthrough(),
  ),
  meta: z
    .object({ page: z.object({ totalPages: z.number() }).passthrough().optional() })
    .passthrough()
    .optional(),
});

const ProductDocumentSchema = z.object({
  data: z.object({
    type: z.literal(PRODUCTS),
    id: z.string(),
    attributes: z
      .object({
        name: z.string(),
        shortDescription: z.string().nullable().optional(),
        description: z.string().nullable().optional(),
        website: z.string().nullable().optional(),
        isDevice: z.boolean().optional(),
        publishedAt: z.string().nullable().optional(),
      })
      .passthrough(),
    relationships: z.record(z.string(), Relationship).optional(),
    meta: z.object({ version: z.string().optional() }).passthrough().optional(),
  }),
  included: z
    .array(
      z.object({
        type: z.string(),
        id: z.string(),
        attributes: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string().optional() }).passthrough().optional(),
});

/** One reference list, every page of it (up to five hundred records), in its own order (by name). */
export async function readReferenceList(
  api: ApiClient,
  type: string,
  signal?: AbortSignal,
): Promise<ReferenceChoice[]> {
  const page = (n: number) =>
    api.call(recordEndpoints(type).list, {
      schema: ChoiceListSchema,
      query: { 'page[number]': n, 'page[size]': LIST_PAGE_SIZE, [`fields[${type}]`]: 'name' },
      signal,
    });
  const first = await page(1);
  const pages = Math.min(LIST_PAGES_AT_MOST, first.meta?.page?.totalPages ?? 1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((doc) => doc.data.map((d) => ({ id: d.id, name: d.attributes.name })));
}

/** Every list the form offers, read side by side. */
export async function readReferenceLists(api: ApiClient, signal?: AbortSignal): Promise<ReferenceLists> {
  const names = Object.keys(LIST_TYPES) as ListName[];
  const lists = await Promise.all(names.map((name) => readReferenceList(api, LIST_TYPES[name], signal)));
  return Object.fromEntries(names.map((name, i) => [name, lists[i]!])) as ReferenceLists;
}

const BLOCKS = /^(P|DIV|H[1-6]|UL|OL|BLOCKQUOTE|PRE|FIGURE|TABLE)$/;

/**
 * A rich text as the plain text its author would type (the forum's textAsHtml undone): paragraphs apart by a blank
 * line, line breaks kept, any other markup read as its text.
 */
export function htmlAsText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const textOf = (node: Node) => {
    const copy = node.cloneNode(true) as Element;
    for (const br of copy.querySelectorAll?.('br') ?? []) br.replaceWith('\n');
    for (const item of copy.querySelectorAll?.('li') ?? []) item.append('\n');
    return (copy.textContent ?? '').trim();
  };
  const nodes = [...body.childNodes].filter(
    (n) => !(n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() === ''),
  );
  const blocks = nodes.every((n) => n instanceof Element && BLOCKS.test(n.tagName));
  return blocks ? nodes.map(textOf).filter(Boolean).join('\n\n') : textOf(body);
}

export interface ReadProduct {
  id: string;
  values: ContributionValues;
  version: string | null;
  published: boolean;
  /** who contributed it (the authored trait); null when the account is gone */
  createdBy: string | null;
}

type Document = z.infer<typeof ProductDocumentSchema>;

const idsOf = (relationship: z.infer<typeof Relationship>): string[] => {
  const data = relationship?.data;
  if (Array.isArray(data)) return data.map((r) => r.id);
  return data ? [data.id] : [];
};

function imageOf(doc: Document): ImageValue | null {
  const id = idsOf(doc.data.relationships?.image)[0];
  if (!id) return null;
  const included = doc.included?.find((r) => r.type === FILES_TYPE && r.id === id);
  const view = fileView(id, included?.attributes);
  return {
    id,
    name: view?.name ?? id,
    previewUrl: view?.src ?? null,
    width: view?.width ?? null,
    height: view?.height ?? null,
  };
}

/** The product to edit, with its image's file; a 404 is an ApiError of kind 'not-found'. */
export async function readProduct(
  api: ApiClient,
  id: string,
  options: { minPosition?: string | null; signal?: AbortSignal } = {},
): Promise<ReadProduct> {
  const doc = await api.call(recordEndpoints(PRODUCTS).find, {
    params: { id },
    schema: ProductDocumentSchema,
    query: { include: 'image', ...(options.minPosition ? { minPosition: options.minPosition } : {}) },
    signal: options.signal,
  });
  const a = doc.data.attributes;
  const r = doc.data.relationships ?? {};
  const many = Object.fromEntries(
    (Object.keys(MANY_LISTS) as ManyList[]).map((name) => [name, idsOf(r[name])]),
  ) as Pick<ContributionValues, ManyList>;
  return {
    id: doc.data.id,
    values: {
      ...emptyValues(),
      name: a.name,
      shortDescription: a.shortDescription ?? '',
      description: a.description ? htmlAsText(a.description) : '',
      website: a.website ?? '',
      isDevice: a.isDevice === true,
      ...many,
      integrationType: idsOf(r.integrationType)[0] ?? null,
      image: imageOf(doc),
    },
    version: doc.data.meta?.version ?? null,
    published: typeof a.publishedAt === 'string',
    createdBy: idsOf(r.createdBy)[0] ?? null,
  };
}

/**
 * A refused save as the form says it: a 422's problems on their fields (the first of each), a 409 of an update as
 * a conflict (the product changed meanwhile), 403 and 404 in words. A create's conflict is said above the form
 * with the server's words: it cannot be an edit made meanwhile.
 */
export function outcomeOfError(error: unknown, creating: boolean): SaveOutcome {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.kind === 'forbidden') return { kind: 'forbidden' };
  if (error.kind === 'not-found') return { kind: 'notFound' };
  if (error.kind === 'conflict' && !creating) return { kind: 'conflict' };
  if (error.kind !== 'validation' && error.kind !== 'conflict') return { kind: 'failed' };
  const errors: FieldErrors = {};
  const issues = error.errors.length ? error.errors : [{ detail: error.message }];
  for (const issue of issues) {
    const field = error.kind === 'conflict' ? 'form' : fieldOfServerPointer(issue.source?.pointer);
    errors[field] ??= { kind: 'server', code: issue.code ?? null, detail: issue.detail ?? null };
  }
  return { kind: 'refused', errors };
}

/** The record's writes, declared with the documents the definitions make: loaded with the first save. */
const writes = () => import('../../kit/api/record-writes.ts');

/** A new product (POST, with its Idempotency-Key) or the product's update (PATCH, If-Match its version). */
export async function saveProduct(api: ApiClient, request: SaveRequest): Promise<SaveOutcome> {
  const creating = request.productId === null;
  try {
    const endpoints = (await writes()).recordWrites(PRODUCT_DEFINITION);
    const body = {
      type: PRODUCTS,
      attributes: request.document.attributes,
      relationships: request.document.relationships,
    };
    const answer = creating
      ? await api.call(endpoints.create, {
          body: { data: body },
          schema: CommandAnswerSchema,
          headers: { 'Idempotency-Key': request.idempotencyKey },
        })
      : await api.call(endpoints.update, {
          params: { id: request.productId! },
          body: { data: { ...body, id: request.productId! } },
          schema: CommandAnswerSchema,
          headers: request.version ? { 'If-Match': `"${request.version}"` } : {},
        });
    return { kind: 'saved', id: answer.data.id, position: answer.meta?.position ?? null };
  } catch (error) {
    return outcomeOfError(error, creating);
  }
}
