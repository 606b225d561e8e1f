import type { Response } from 'express';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import type { ListQuery, ResourceQuery } from './query.ts';

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: { related?: string; self?: string };
}

export interface ResourceObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  links?: { self: string };
  meta?: Record<string, unknown>;
}

function pick<T>(record: Record<string, T>, names: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => names.includes(k)));
}

/**
 * A resource object. Sparse fieldsets (`fields[type]`) keep only the named attributes and relationships;
 * `type` and `id` always stay.
 */
export function resourceObject(
  type: string,
  id: string,
  attributes: Record<string, unknown>,
  options: {
    relationships?: Record<string, Relationship>;
    self?: string;
    meta?: Record<string, unknown>;
    fields?: ResourceQuery['fields'];
  } = {},
): ResourceObject {
  const keep = options.fields?.[type];
  const relationships =
    options.relationships && keep ? pick(options.relationships, keep) : options.relationships;
  return {
    type,
    id,
    attributes: keep ? pick(attributes, keep) : attributes,
    ...(relationships && Object.keys(relationships).length ? { relationships } : {}),
    ...(options.self ? { links: { self: options.self } } : {}),
    ...(options.meta ? { meta: options.meta } : {}),
  };
}

/** Included resources once each, and never one that is already primary data. */
function dedupe(included: readonly ResourceObject[], primary: readonly ResourceObject[]): ResourceObject[] {
  const seen = new Set(primary.map((r) => `${r.type}\u0000${r.id}`));
  const out: ResourceObject[] = [];
  for (const r of included) {
    const key = `${r.type}\u0000${r.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

function withPage(url: string, number: number, size: number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('page[number]', String(number));
  params.set('page[size]', String(size));
  // brackets stay readable in links; URLSearchParams would encode them
  return `${path}?${params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
}

export interface Consistency {
  /** the minPosition the request asked for, as a string */
  position?: string;
  /** true when the projections did not reach it within the bound: the answer may miss recent writes */
  stale?: true;
}

/**
 * A list document: data, included, meta (total, page, the consistency of the read) and pagination links
 * built from the request URL (`req.originalUrl`), keeping its other parameters. A list that counts at most
 * `bound` records (ADR 0045) passes it: a `total` past it says "at least `bound`" (`meta.totalCapped: true`), with
 * a next page and no last one.
 */
export function listDocument(args: {
  data: ResourceObject[];
  included?: ResourceObject[];
  total: number;
  bound?: number;
  query: Pick<ListQuery, 'page'>;
  url: string;
  consistency?: Consistency;
  meta?: Record<string, unknown>;
}) {
  const { number, size } = args.query.page;
  const capped = args.bound !== undefined && args.total > args.bound;
  const total = capped ? args.bound! : args.total;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const included = dedupe(args.included ?? [], args.data);
  return {
    data: args.data,
    ...(args.included ? { included } : {}),
    meta: {
      ...args.meta,
      total,
      ...(capped ? { totalCapped: true as const } : {}),
      page: { number, size, totalPages: lastPage },
      ...args.consistency,
    },
    links: {
      self: args.url,
      first: withPage(args.url, 1, size),
      prev: number > 1 ? withPage(args.url, Math.min(number - 1, lastPage), size) : null,
      // a capped count reaches past this page's end (its bound does), so more records follow it
      next: capped || number < lastPage ? withPage(args.url, number + 1, size) : null,
      last: capped ? null : withPage(args.url, lastPage, size),
    },
  };
}

/** A single-resource document (data may be null for an empty to-one answer). */
export function singleDocument(args: {
  data: ResourceObject | null;
  included?: ResourceObject[];
  url: string;
  consistency?: Consistency;
  meta?: Record<string, unknown>;
}) {
  const meta = { ...args.meta, ...args.consistency };
  return {
    data: args.data,
    ...(args.included ? { included: dedupe(args.included, args.data ? [args.data] : []) } : {}),
    ...(Object.keys(meta).length ? { meta } : {}),
    links: { self: args.url },
  };
}

const bigintAsString = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;

/**
 * A document as JSON text; bigint values (int8 columns, positions) are written as strings. Most documents hold
 * none (the readers turn them into strings and numbers), so the text is written without a replacer first, which
 * costs a function call per value (a tenth of a list's serialising in issue 15's profile); only a document that
 * holds a bigint, which JSON.stringify refuses, is written again with it.
 */
export function serializeDocument(document: unknown): string {
  try {
    return JSON.stringify(document);
  } catch (error) {
    if (error instanceof TypeError && /BigInt/i.test(error.message))
      return JSON.stringify(document, bigintAsString);
    throw error;
  }
}

/** Sends a document as JSON:API; bigint values (int8 columns, positions) are written as strings. */
export function sendDocument(res: Response, document: unknown, status = 200): void {
  res.status(status).type(JSON_API_MEDIA_TYPE).send(serializeDocument(document));
}
