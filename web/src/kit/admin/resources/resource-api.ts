import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import {
  historyEndpoints,
  recordEndpoints,
  recordLifecycleEndpoints,
} from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../api/client.ts';
import { recordWrites } from '../../api/record-writes.ts';
import { ListMetaSchema } from '../list-meta.ts';

/**
 * The calls of the generic back office, the same for every type of the catalogue: list, find, create, update
 * (If-Match), delete, soft delete, restore (query-api/src/resources/routes.ts, command-api/src/resources/routes.ts)
 * and the history (query-api/src/history/routes.ts).
 */

const Ref = z.object({ type: z.string(), id: z.string() });

export const ResourceRecordSchema = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  relationships: z.record(z.string(), z.object({ data: z.union([Ref, z.null(), z.array(Ref)]) })).optional(),
  meta: z.object({ version: z.string().optional() }).passthrough().optional(),
});
export type ResourceRecord = z.infer<typeof ResourceRecordSchema>;

/** The related records a compound document carries (JSON:API 1.1 `included`, asked for with `include`). */
const IncludedSchema = z
  .array(
    z.object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()).optional() }),
  )
  .optional();

const ListSchema = z.object({
  data: z.array(ResourceRecordSchema),
  included: IncludedSchema,
  meta: ListMetaSchema,
});
export type ResourceList = z.infer<typeof ListSchema>;

const SingleSchema = z.object({ data: ResourceRecordSchema, included: IncludedSchema });
export type ResourceDocument = z.infer<typeof SingleSchema>;

/** A picker's choices: records of the related type, with the attributes that name them. */
const ChoicesSchema = z.object({
  data: z.array(
    z.object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()).optional() }),
  ),
});

/** How many choices a picker shows at once; a type whose list cannot be searched is filtered on its first page. */
export const CHOICES_PAGE_SIZE = 20;
const UNSEARCHABLE_PAGE_SIZE = 100;

const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }).optional(),
  meta: z
    .object({ position: z.string().optional(), version: z.string().optional() })
    .passthrough()
    .optional(),
});
export type CommandAnswer = z.infer<typeof CommandAnswerSchema>;

const ActorSchema = z.object({
  userId: z.string().nullable(),
  actingAsOrganizationId: z.string().nullable().optional(),
  impersonatorId: z.string().nullable().optional(),
});

export const HistoryEntrySchema = z.object({
  type: z.literal('history-entries'),
  id: z.string(),
  attributes: z.object({
    revision: z.string(),
    position: z.string(),
    eventType: z.string(),
    kind: z.string().nullable(),
    recordedAt: z.string(),
    actor: ActorSchema,
    existedBefore: z.boolean(),
    existsAfter: z.boolean(),
    changes: z.array(
      z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() }),
    ),
  }),
});

export const HistoryDocumentSchema = z.object({
  data: z.array(HistoryEntrySchema),
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
export type HistoryDocument = z.infer<typeof HistoryDocumentSchema>;

const AsItWasSchema = z.object({
  data: z.object({
    type: z.string(),
    id: z.string(),
    attributes: z.record(z.string(), z.unknown()),
    meta: z.object({
      revision: z.string(),
      exists: z.boolean(),
      recordedAt: z.string(),
      position: z.string(),
    }),
  }),
});
export type AsItWas = z.infer<typeof AsItWasSchema>['data'];

export const RESOURCE_PAGE_SIZE = 25;

export interface ListArgs {
  page: number;
  sort: string | null;
  search: string;
  filters: Record<string, string>;
  trashed: 'with' | 'only' | null;
  /** relationships whose records come along in `included` */
  include?: readonly string[];
  minPosition?: string;
  signal?: AbortSignal;
}

export interface FindArgs {
  include?: readonly string[];
  minPosition?: string;
  signal?: AbortSignal;
}

export interface ChoicesArgs {
  /** what the reader typed: filter[search] when the type takes it */
  search: string;
  searchable: boolean;
  /** the attributes that name a record (fields[type]); none: every attribute */
  fields: readonly string[];
  signal?: AbortSignal;
}

/** Document bodies of a save: the attributes and relationships the form made (form-model.ts). */
interface SaveBody {
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

const body = (type: string, doc: SaveBody) => ({
  type,
  attributes: doc.attributes,
  ...(Object.keys(doc.relationships).length ? { relationships: doc.relationships } : {}),
});

export const resourceApi = {
  list: (api: ApiClient, type: string, args: ListArgs) => {
    const query: Record<string, string | number> = {
      'page[number]': args.page,
      'page[size]': RESOURCE_PAGE_SIZE,
    };
    if (args.sort) query.sort = args.sort;
    if (args.search.trim()) query['filter[search]'] = args.search.trim();
    for (const [name, value] of Object.entries(args.filters))
      if (value !== '') query[`filter[${name}]`] = value;
    if (args.trashed) query['filter[trashed]'] = args.trashed;
    if (args.include?.length) query.include = args.include.join(',');
    if (args.minPosition) query.minPosition = args.minPosition;
    return api.call(recordEndpoints(type).list, { schema: ListSchema, query, signal: args.signal });
  },

  /** One record, with the records of the relationships named in `include`. */
  find: (api: ApiClient, type: string, id: string, args: FindArgs = {}) => {
    const query: Record<string, string> = {};
    if (args.include?.length) query.include = args.include.join(',');
    if (args.minPosition) query.minPosition = args.minPosition;
    return api.call(recordEndpoints(type).find, {
      params: { id },
      schema: SingleSchema,
      query,
      signal: args.signal,
    });
  },

  /** The records a picker offers for what the reader typed. */
  choices: (api: ApiClient, type: string, args: ChoicesArgs) => {
    const query: Record<string, string | number> = {
      'page[size]': args.searchable ? CHOICES_PAGE_SIZE : UNSEARCHABLE_PAGE_SIZE,
    };
    if (args.searchable && args.search.trim()) query['filter[search]'] = args.search.trim();
    if (args.fields.length) query[`fields[${type}]`] = args.fields.join(',');
    return api
      .call(recordEndpoints(type).list, { schema: ChoicesSchema, query, signal: args.signal })
      .then((d) => d.data);
  },

  create: (api: ApiClient, definition: ResourceDefinition, doc: SaveBody) =>
    api.call(recordWrites(definition).create, {
      body: { data: body(definition.type, doc) },
      schema: CommandAnswerSchema,
    }),

  /** If-Match: the version the form was loaded at; a newer one answers 409 (conflict.wrong_expected_version). */
  update: (
    api: ApiClient,
    definition: ResourceDefinition,
    id: string,
    version: string | null,
    doc: SaveBody,
  ) =>
    api.call(recordWrites(definition).update, {
      params: { id },
      body: { data: { ...body(definition.type, doc), id } },
      schema: CommandAnswerSchema,
      headers: version ? { 'If-Match': `"${version}"` } : {},
    }),

  delete: (api: ApiClient, type: string, id: string) =>
    api.call(recordLifecycleEndpoints(type).delete, { params: { id }, schema: CommandAnswerSchema }),

  softDelete: (api: ApiClient, type: string, id: string) =>
    api.call(recordLifecycleEndpoints(type).softDelete, { params: { id }, schema: CommandAnswerSchema }),

  restore: (api: ApiClient, type: string, id: string) =>
    api.call(recordLifecycleEndpoints(type).restore, { params: { id }, schema: CommandAnswerSchema }),

  history: (api: ApiClient, type: string, id: string, signal?: AbortSignal) =>
    api.call(historyEndpoints.history, { params: { type, id }, schema: HistoryDocumentSchema, signal }),

  asItWas: (api: ApiClient, type: string, id: string, revision: string, signal?: AbortSignal) =>
    api
      .call(historyEndpoints.revision, { params: { type, id, revision }, schema: AsItWasSchema, signal })
      .then((d) => d.data),
};
