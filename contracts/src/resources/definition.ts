import { z } from 'zod';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { RESOURCE_ACTIONS, type AccessRule, type ResourceAction } from './access.ts';
import type { FieldKind } from './fields.ts';

/** The groups of the admin menu (seed 001 §6), in their order; null puts an entry at the top level. */
export const ADMIN_MENU_GROUPS = [
  'application',
  'accounts',
  'community',
  'articles',
  'repository',
  'forum',
  'contacts',
  'software',
  'trainingResources',
  'trainings',
  'openBadges',
  'adProjects',
  'eqlaat',
  'rental',
  'aacProducts',
] as const;
export type AdminMenuGroup = (typeof ADMIN_MENU_GROUPS)[number];

export interface RelationshipSpec {
  /** the JSON:API type of the target */
  type: string;
  /** to-many (a list of ids) rather than to-one */
  many?: boolean;
}

/** Attributes every record has, kept by the generic layer rather than declared (seed 001 §3). */
export const RECORD_ATTRIBUTES = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'deletedAt'] as const;

type Shape = z.ZodRawShape;
type Key<S extends Shape> = keyof S & string;

/** What a developer writes for a plain record type (RESOURCES.md): everything else is made from it. */
export interface ResourceDefinitionInput<S extends Shape> {
  /** JSON:API type, plural: 'app-short-urls' */
  type: string;
  /** one record, in the seed's words: 'app-short-url' */
  singular: string;
  /** stream category: records live in `<category>-<uuid>` */
  category: string;
  /** event type prefix: `<prefix>Created`, `<prefix>Updated`, ... */
  eventPrefix: string;
  /** the domain module it belongs to (folder names in every top-level folder) */
  module: string;
  /** admin menu: group (null: top level), Material icon name, hidden entries open by URL only */
  menu: { group: AdminMenuGroup | null; icon: string; hidden?: boolean };
  /** the attributes a record holds and a create accepts (defaults applied), with the seeds' field rules */
  attributes: z.ZodObject<S>;
  relationships?: Record<string, RelationshipSpec>;
  /**
   * read-only attributes a hand-written workflow keeps (a coupon's purchasedCouponsCount): columns of the
   * record's table, filled by that workflow's projection handlers, shown but never written through the API
   */
  computed?: Record<string, FieldKind>;
  softDeletable?: boolean;
  /**
   * a to-one relationship to users naming the record's owner: a viewer who is not an administrator lists and
   * finds only the records they own (a member's notifications)
   */
  ownedBy?: string;
  /** attributes no two live records may share (guarded by a claim stream per value, never check-then-write) */
  unique?: readonly Key<S>[];
  /** who may take each action; unlisted actions are refused */
  access: Partial<Record<ResourceAction, AccessRule>>;
  /** attributes a list may be filtered on by equality: filter[name]=value */
  filters?: readonly Key<S>[];
  /** attributes filter[search] looks into (case-insensitive substring) */
  search?: readonly Key<S>[];
  /** attributes a list may be sorted by (createdAt and updatedAt always may) */
  sorts?: readonly Key<S>[];
  defaultSort?: { field: Key<S> | 'createdAt' | 'updatedAt'; direction: 'asc' | 'desc' };
  /** the attribute that names a record in lists, titles and history; `id` when absent */
  title?: Key<S>;
  /** raise when the attributes change shape: the projection is rebuilt beside the old one (blue/green) */
  version?: number;
}

export interface ResourceDefinition<S extends Shape = Shape> extends Required<
  Omit<ResourceDefinitionInput<S>, 'defaultSort' | 'title' | 'access' | 'ownedBy'>
> {
  access: Record<ResourceAction, AccessRule>;
  ownedBy: string | null;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  title: Key<S> | null;
  /** the attributes of an update: every one optional, no defaults (an absent attribute is left as it is) */
  patch: z.ZodObject<Shape>;
  events: {
    created: string;
    updated: string;
    softDeleted: string;
    restored: string;
    deleted: string;
  };
  streamId(id: string): string;
}

/** Drops a field's default so that an update leaving it out does not reset it. */
function withoutDefault(schema: z.ZodTypeAny): z.ZodTypeAny {
  return schema instanceof z.ZodDefault ? withoutDefault(schema.removeDefault()) : schema;
}

/** Checks the input against its own attributes (names in filters, sorts, unique), then erases their types. */
export function defineResource<S extends Shape>(input: ResourceDefinitionInput<S>): ResourceDefinition {
  const patchShape: Shape = {};
  for (const [name, schema] of Object.entries(input.attributes.shape))
    patchShape[name] = withoutDefault(schema as z.ZodTypeAny).optional();
  const access = Object.fromEntries(
    RESOURCE_ACTIONS.map((action) => [action, input.access[action] ?? 'nobody']),
  ) as Record<ResourceAction, AccessRule>;
  const prefix = input.eventPrefix;
  return {
    ...input,
    relationships: input.relationships ?? {},
    computed: input.computed ?? {},
    softDeletable: input.softDeletable ?? false,
    ownedBy: input.ownedBy ?? null,
    unique: input.unique ?? [],
    filters: input.filters ?? [],
    search: input.search ?? [],
    sorts: input.sorts ?? [],
    defaultSort: input.defaultSort ?? { field: 'createdAt', direction: 'desc' },
    title: input.title ?? null,
    version: input.version ?? 1,
    access,
    patch: z.object(patchShape).strict(),
    events: {
      created: `${prefix}Created`,
      updated: `${prefix}Updated`,
      softDeleted: `${prefix}SoftDeleted`,
      restored: `${prefix}Restored`,
      deleted: `${prefix}Deleted`,
    },
    streamId: (id) => `${input.category}-${id}`,
  };
}

/** A relationship's value in events and state: an id, null, or a list of ids. */
export const RelationshipValueSchema = z.union([z.string().uuid(), z.null(), z.array(z.string().uuid())]);
export type RelationshipValue = z.infer<typeof RelationshipValueSchema>;

export interface ResourceCreatedData {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, RelationshipValue>;
}
/** The changed values only: what an update set, each to its new value. */
export interface ResourceUpdatedData {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, RelationshipValue>;
}

export type ResourceEvent =
  | { type: string; kind: 'created'; data: ResourceCreatedData }
  | { type: string; kind: 'updated'; data: ResourceUpdatedData }
  | { type: string; kind: 'softDeleted' | 'restored' | 'deleted'; data: { id: string } };

/** The five event contracts of a resource, versioned like every other contract. */
export function resourceEventContracts(definition: ResourceDefinition): EventContract[] {
  const id = z.string().uuid();
  const relationships = z.record(RelationshipValueSchema).default({});
  return [
    defineEvent(
      definition.events.created,
      z.object({ id, attributes: definition.attributes.strict(), relationships }),
    ),
    defineEvent(definition.events.updated, z.object({ id, attributes: definition.patch, relationships })),
    defineEvent(definition.events.softDeleted, z.object({ id })),
    defineEvent(definition.events.restored, z.object({ id })),
    defineEvent(definition.events.deleted, z.object({ id })),
  ];
}

/** Which of the five a stored event type is, or null when it is not one of this resource's. */
export function resourceEventKind(
  definition: ResourceDefinition,
  type: string,
): ResourceEvent['kind'] | null {
  const entry = Object.entries(definition.events).find(([, t]) => t === type);
  return entry ? (entry[0] as ResourceEvent['kind']) : null;
}
