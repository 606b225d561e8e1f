import { z } from 'zod/v4';
import { LOCALES } from '../enums.ts';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { RESOURCE_ACTIONS, type AccessRule, type ResourceAction, type ViewerFacts } from './access.ts';
import type { ErrorCode } from '../errors.ts';
import { fieldInfo, type FieldKind } from './fields.ts';
import { FixedIdSchema, RecordIdSchema } from './record-id.ts';
import type { MediaFamily } from './files.ts';
import type { ResourceReactor } from './hooks.ts';
import type { ResourceState } from './state.ts';
import { RECORDS_COUNT } from '../stats/records-count.ts';
import type { GlobalSearchPath, GlobalSearchSpec } from './search.ts';

export { FixedIdSchema, RecordIdSchema } from './record-id.ts';

/**
 * What an invariant may look at besides the values the record would hold: the command's time (a rule over the
 * calendar, such as an editable window) and the values the record held before (null on a create).
 */
export interface InvariantContext {
  now: Date;
  previous: Record<string, unknown> | null;
  /**
   * the record's id and the relationships it would hold (a forum category is not its own parent); absent where
   * the caller does not give them, so a rule over them passes then
   */
  id?: string;
  relationships?: Readonly<Record<string, unknown>>;
}

/**
 * The feature flags (seed 000) a whole record type may depend on: with the feature off, the type is not served
 * (every route of its API answers 404) and its admin menu entry is left out. Its stored events and its table stay,
 * so turning the feature on again serves what it held.
 */
export const RESOURCE_FEATURES = [
  'rental',
  'openBadges',
  'articles',
  'forum',
  'repository',
  'calendar',
  'comments',
  'likes',
  'trainings',
  'surveys',
  'eqlaat',
  'transactions',
  'documents',
  'contacts',
  'software',
  'forms',
  'reminders',
  'aacProducts',
] as const;
export type ResourceFeature = (typeof RESOURCE_FEATURES)[number];

/** Which of the resource features a deployment has on (config FEATURE_*). */
export type ResourceFeatures = Readonly<Record<ResourceFeature, boolean>>;

/** Every resource feature on: the default of a platform told nothing else. */
export const ALL_RESOURCE_FEATURES: ResourceFeatures = {
  rental: true,
  openBadges: true,
  articles: true,
  forum: true,
  repository: true,
  calendar: true,
  comments: true,
  likes: true,
  trainings: true,
  surveys: true,
  eqlaat: true,
  transactions: true,
  documents: true,
  contacts: true,
  software: true,
  forms: true,
  reminders: true,
  aacProducts: true,
};

/** The feature flags (seed 000) an admin menu entry may depend on. */
export type AdminMenuFeature = 'validationRequests' | 'organizations' | ResourceFeature;

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
  // seed 001 §6: the general stats and the banned origins, for those passing the admin check
  'statistics',
] as const;
export type AdminMenuGroup = (typeof ADMIN_MENU_GROUPS)[number];

export interface RelationshipSpec {
  /** the JSON:API type of the target */
  type: string;
  /** to-many (a list of ids) rather than to-one */
  many?: boolean;
  /**
   * kept by another module's workflow, never written through the record's API (a write naming it is refused with
   * its pointer); `through` says where it is read
   */
  readOnly?: boolean;
  /**
   * a read-only to-many relationship read from another projection's join table rather than from the record's own
   * events: rows of `read.<table>` whose `from` column is the record's id name the related ids in `to` (an
   * organization's members: user_organizations, kept by the accounts projection from the users' streams).
   * Documents, includes, relationship filters and the `{ member }` rule read it there, in SQL.
   */
  through?: { table: string; from: string; to: string; projection: string };
  /**
   * a polymorphic to-one relationship (ADR 0025): the target is any record of a set of types, every type with a
   * trait (`{ trait: 'commentable' }`) or the types named (`{ types: [...] }`), resolved against the catalogue the
   * platform serves. Stored as two columns (type and id), written and read as `{ type, id }`; its `type` is ''.
   */
  polymorphic?: { trait?: PolymorphicTrait; types?: readonly string[] };
  /** a create must name it (422 validation.required on /data/relationships/<name>); an update may not clear it */
  required?: boolean;
  /**
   * the target's id a create takes when it names none (an article's layout: 'pagination'): filled by the decider
   * before validation, shown preselected by the create form
   */
  default?: string;
  /** set when the record is created and never changed (an update naming another value: 422 on its pointer) */
  immutable?: boolean;
  /**
   * the target's own relationship of this name must equal the record's (a reply is on the same record as the
   * comment it answers): 422 on /data/relationships/<name> otherwise
   */
  sameAs?: string;
  /**
   * a record of this type is read (listed, found, included) only by those who may read its target through this
   * to-one relationship: a comment by those who read the record it is on (in SQL, as the target's own `show`)
   */
  readGate?: boolean;
  /**
   * a to-many relationship that lists are filtered by (`filter[tags]=<id>`): the layer keeps a membership table
   * beside the record's, one row per record and id it names, with the columns the record's visibility reads, so
   * that such a list counts its matches from one btree index alone (ADR 0050), not one heap row each through the
   * id array's GIN index. Own id arrays only (not `through`, not polymorphic)
   */
  listIndex?: boolean;
  /**
   * a to-one relationship whose lists are long and read newest first (a form's responses): its index holds the
   * type's default sort after the id (`(form_id, created_at desc nulls last, id)`), so that a list filtered by it
   * reads its page in order from the index, not every matching row sorted. Own, not polymorphic.
   */
  sortedIndex?: boolean;
  /**
   * a rule over the target's folded state that a write naming it must pass (comments disabled on an unpublished
   * record; a message in a forum subject limited to administrators): the problem's code and detail, or null.
   * Pure: the command side loads the target's stream and passes the viewer who writes. A caller that passes no
   * viewer gets the answer for a visitor.
   */
  targetRule?: (
    target: ResourceDefinition,
    state: ResourceState,
    now: Date,
    viewer?: ViewerFacts,
  ) => { code: ErrorCode; detail: string } | null;
  /**
   * a file or image field (resources/files.ts `file(...)`): the target is a record of `files` of one of these media
   * families, checked when written; the file counts the records that use it and is not deleted while used
   */
  file?: {
    families: readonly MediaFamily[];
    /**
     * the field's files are not public (an account's invoice): a write naming a public file is refused (422), the
     * web uploads them with isPublic false, and a file is served, record and bytes, to those who may read a live
     * record naming it through such a field, as well as to those who may update the file
     */
    private?: boolean;
  };
}

/**
 * A sum a list answers in `meta.totals` when it is filtered by one to-one relationship (`filter[<per>]=<id>`): the
 * sum of the matching records' integer attribute `of`, counted negative where the attribute `negativeWhen` names
 * has one of its values (a member's balance: credits less debits). Read in the same statement's terms as the list
 * (the viewer's visibility, every filter), over every matching record, not the page: one value of the
 * relationship's records, through its index, so what it costs follows one account's records, not the table's.
 */
export interface ListTotal {
  of: string;
  per: string;
  negativeWhen?: { attribute: string; values: readonly string[] };
}

/** The traits a polymorphic relationship may name its target types by. */
export type PolymorphicTrait = 'commentable' | 'reportable' | 'likable' | 'attachable';

/** The attributes of the records a write's to-one relationships name, by relationship (null: none, or not live). */
export type RelatedAttributes = Readonly<Record<string, Record<string, unknown> | null>>;

/** How a relationship is written in the definition: with a target type, or polymorphic without one. */
export type RelationshipInput =
  | RelationshipSpec
  | (Omit<RelationshipSpec, 'type' | 'polymorphic'> & {
      polymorphic: NonNullable<RelationshipSpec['polymorphic']>;
    });

/** A polymorphic relationship's value: the target's type and id. */
export interface PolymorphicRef {
  type: string;
  id: string;
}

/** The types a polymorphic relationship's target may be, among the catalogue served. */
export function polymorphicTypes(spec: RelationshipSpec, catalogue: readonly ResourceDefinition[]): string[] {
  const poly = spec.polymorphic;
  if (!poly) return [spec.type];
  if (poly.types) return [...poly.types];
  return catalogue.filter((d) => d.traits[poly.trait!]).map((d) => d.type);
}

/**
 * A list filter the attribute and relationship filters cannot say, declared as data and turned into SQL by the
 * layer (never SQL in a definition):
 * - `anyOf`: `filter[<name>]=id1,id2` keeps the records whose to-one `relationship` is one of the ids;
 * - `present`: `filter[<name>]=true` keeps the records whose `attributes` are all set, `false` those missing one
 *   (organizations on the map: a longitude and a latitude); they may name computed columns too (a report's
 *   `resolvedAt`, kept by its workflow: the reports still waiting are `filter[resolved]=false`);
 * - `overlaps`: `filter[<name>]=<fromISO>,<toISO>` keeps the records whose [start, end] (two datetime attributes)
 *   overlaps [from, to) (the calendar's events of a month); a bad value is a 400 on `filter[<name>]`.
 */
export type ListFilter =
  | { kind: 'anyOf'; relationship: string }
  | { kind: 'present'; attributes: readonly string[] }
  | { kind: 'overlaps'; start: string; end: string };

/** A publishable type's `filter[published]`: `true` keeps the records whose publishedAt is set, `false` the others. */
export const PUBLISHED_FILTER: ListFilter = { kind: 'present', attributes: ['publishedAt'] };

/**
 * How `filter[search]` looks into the `search` attributes: `substring` (case-insensitive, the default) or
 * `fullText` (PostgreSQL full-text search under the reader's locale's configuration with unaccent, ranked:
 * resources/search.ts).
 */
export type SearchMode = 'substring' | 'fullText';

/**
 * A count another type's records keep in this type's projection (a repository category's published items):
 * `kind: 'count'` an integer attribute, `kind: 'latest'` a read-only to-one relationship to the newest record of
 * `type` (a forum subject's latest message), `kind: 'average'` a read-only number, the mean of the counted
 * records' numeric attribute `of` (a training resource's average review rating; null while none counts). The
 * counted records are those of `type` whose relationship `via` (to-one or to-many) names this record, live (not
 * soft-deleted), and with `published` only those whose publishedAt is set.
 */
export interface RelatedCount {
  type: string;
  via: string;
  kind: 'count' | 'latest' | 'average';
  /** `average`: the counted type's numeric attribute averaged */
  of?: string;
  published?: boolean;
  /** count only the records whose attribute of this name is set (an advanced form's ended responses: endedAt) */
  whenSet?: string;
}

/**
 * Events of a hand-written workflow on the record's own stream (a publication request on its item's stream):
 * they do not move the record's version (an If-Match taken before them still holds), the fold passes over them,
 * and the history shows each with its `kind` word and its `fields` (as before and after).
 */
export interface WorkflowEvents {
  types: readonly string[];
  kind(type: string): string;
  fields(event: { type: string; data: unknown }): Record<string, unknown>;
}

/**
 * The history of a record read from another record's stream: the one its to-one `relationship` names (found in
 * the read model), keeping the events that `belongs` says are this record's (a publication request's, on its
 * item's stream).
 */
export interface HistoryVia {
  relationship: string;
  belongs(event: { type: string; data: unknown }, id: string): boolean;
}

/**
 * An attribute read from another projection's table, `read.<table>`, whose rows are keyed by `resource_type` (the
 * JSON:API type) and `resource_id` (the record's id as text).
 */
export interface ReadModelAttribute {
  /** the projection that keeps the table: a read after a write waits for it too */
  projection: string;
  table: string;
  column: string;
  kind: 'integer';
  /** the value of a record the table has no row for */
  default: number;
}

/** Attributes every record has, kept by the generic layer rather than declared (seed 001 §3). */
export const RECORD_ATTRIBUTES = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'deletedAt'] as const;

type Shape = z.ZodRawShape;
/** A shape being built (zod 4's ZodRawShape is read-only). */
type MutableShape = Record<string, z.ZodType>;
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
  /**
   * admin menu: group (null: top level), Material icon name, hidden entries open by URL only, and the feature
   * flag without which the entry is left out
   */
  menu: { group: AdminMenuGroup | null; icon: string; hidden?: boolean; feature?: AdminMenuFeature };
  /**
   * the feature flag without which the type is not served at all (the rental records: FEATURE_RENTAL): its
   * routes answer 404 and its menu entry is left out (RESOURCE_FEATURES)
   */
  feature?: ResourceFeature;
  /** the attributes a record holds and a create accepts (defaults applied), with the seeds' field rules */
  attributes: z.ZodObject<S>;
  relationships?: Record<string, RelationshipInput>;
  /**
   * read-only attributes a hand-written workflow keeps (a coupon's purchasedCouponsCount): columns of the
   * record's table, filled by that workflow's projection handlers, shown but never written through the API
   */
  computed?: Record<string, FieldKind>;
  /**
   * read-only attributes another module's projection keeps per record, in its own read model keyed by the record's
   * type and id (the usage statistics' recordsCount): read beside the row in the same statement, their default
   * when the read model has no row for the record. One of the name of a computed column replaces it in the
   * documents (a column kept at 0 until the read model existed stays, so the record's projection keeps its
   * version).
   */
  readModel?: Record<string, ReadModelAttribute>;
  softDeletable?: boolean;
  /**
   * a to-one relationship to users naming the record's owner: a viewer who is not an administrator lists and
   * finds only the records they own (a member's notifications)
   */
  ownedBy?: string;
  /** attributes no two live records may share (guarded by a claim stream per value, never check-then-write) */
  unique?: readonly Key<S>[];
  /**
   * attributes set when a record is created and never changed (a file container's path, which its files' paths are
   * made from): an update naming another value is a 422 on its pointer
   */
  immutable?: readonly Key<S>[];
  /**
   * unique attributes whose claims are shared with hand-written modules instead of kept in a scope of the type's
   * own, held in the type's singular name: 'path' puts the value among the site paths that pages claim (ADR
   * 0002), 'slug' among the slugs organizations always claimed (conflict.duplicate_slug)
   */
  claimScopes?: Partial<Record<Key<S>, 'path' | 'slug'>>;
  /**
   * a unique attribute a find may name in place of the id: GET /organizations/{slug} as /organizations/{id}
   * (compared in lower case, as slugs are stored)
   */
  lookupBy?: Key<S>;
  /**
   * rules over several attributes (a redirection may not lead to its own path): checked by the decider on a
   * create and on the record an update would leave; each problem is a 422 on its attribute
   */
  invariants?: (
    attributes: Record<string, unknown>,
    context: InvariantContext,
  ) => Array<{ attribute: string; detail: string }>;
  /** read-only attributes of the read documents, derived from the record's attributes by pure functions */
  derived?: Record<string, (attributes: Record<string, unknown>, id: string) => unknown>;
  /**
   * what follows a change, decided by pure functions and carried out by the command side after the record's
   * event: the environment marked as updated (seed 000 §4), a notification to a member (hooks.ts)
   */
  reactors?: readonly ResourceReactor[];
  /**
   * derived values, set before a create or an update is decided (a slug from the name): given the values the
   * record would hold and those it held (null on a create), the values to set as well. Pure: no clock, no I/O.
   */
  beforeChange?(
    next: z.infer<z.ZodObject<S>>,
    previous: z.infer<z.ZodObject<S>> | null,
    related: RelatedAttributes,
  ): Partial<z.infer<z.ZodObject<S>>>;
  /**
   * to-one relationships whose targets' attributes `beforeChange` is given as `related` (an admin file's path from
   * its container's path and its file's extension), as the write leaves them: the command side reads the targets
   * and passes their attributes with the command, so the decider stays pure. A target that is not live is null.
   */
  beforeChangeReads?: readonly string[];
  /**
   * attributes only some viewers read or write (an organization's adminOnlyNote): left out of the documents of
   * those who may not read them, refused (403 on the attribute) to those who may not write them
   */
  fieldAccess?: Partial<Record<Key<S>, { read?: AccessRule; write?: AccessRule }>>;
  /**
   * relationships only some viewers read or write, by name: the rules may be row rules, evaluated on the record
   * (an organization's members are read by administrators and by its members; its access level is set by
   * administrators). Left out of documents and includes of those who may not read them; a write naming one the
   * viewer may not write is refused (403 on /data/relationships/<name>).
   */
  relationshipAccess?: Record<string, { read?: AccessRule; write?: AccessRule }>;
  /**
   * the traits the catalogue's types share (seed 001 §3), one declaration each:
   * - publishable: an `accessLevel` and a `publishedAt` (and `filter[published]`); hidden from those below the level
   *   or before the date, but from those who may update the record;
   * - publicationItem: an `organization` (the acting organization on create), `createdBy` / `updatedBy` in the
   *   documents, and `canEdit` / `canDelete` computed for the viewer; its object form (the publications) adds
   *   `associatedOrganizations` and `recordsCount`, and with `requests: true` the `pendingPublicationRequest` and
   *   the publication requests' events on the record's stream (PUBLICATION_REQUEST_EVENTS);
   * - taggable: `tags` (to-many, admin-free tags of the content module);
   * - categorised: a `category` of the given type;
   * - translatable: the text attributes that have a translation per locale (seed 001 §3: translations,
   *   otherTranslationsLocales): kept in a `translations` attribute, written in the editor's edition locale
   *   (Accept-Edition-Language), read in the reader's locale with the default locale's text as the fallback;
   * - likable: members like a record they can read (once each: resources/likes.ts), its `likesCount` kept by its
   *   projection, `likedByViewer` in the documents, and the member's likes listed at GET /likes;
   * - commentable: `hasComments` (default true), a `commentsCount` kept by its projection from the comments'
   *   events, and `canComment` for the viewer (ADR 0025);
   * - reportable: members may report a record of the type (resource `reports`, ADR 0025);
   * - authored: documents carry `createdBy` (null when the account is gone) and `authorName` (the author's full
   *   name, 'anonymous' when the account is gone: seed 001 §3, comments);
   * - attachable: members who may update a record attach secured files to it (POST /services/secured-files with
   *   model[type] and model[id], seed 000 §7; ADR 0027).
   */
  traits?: {
    attachable?: boolean;
    likable?: boolean;
    commentable?: boolean;
    reportable?: boolean;
    authored?: boolean;
    translatable?: readonly Key<S>[];
    /**
     * `{ publishedBy }`: only those the rule allows set `publishedAt` and `accessLevel` (a 403 on their pointer
     * for the others, as `fieldAccess` and `relationshipAccess` would say)
     */
    publishable?: boolean | { publishedBy: AccessRule };
    /**
     * `{ requests: true }`: the record's authors submit it for publication (publication requests on its stream,
     * the `pendingPublicationRequest` in its documents)
     */
    publicationItem?: boolean | { requests?: boolean };
    taggable?: boolean;
    categorised?: { type: string };
  };
  /**
   * stored events of an older shape (a module moved onto the layer): `upcasters[kind][n]` turns a version-n
   * payload into version n+1 when read, so the contract's version is one past the last step
   */
  upcasters?: Partial<Record<ResourceEventKind, Record<number, (payload: unknown) => unknown>>>;
  /**
   * stored events of other type names that a record reads as one of its kinds (a module moved onto the layer whose
   * events were not named `<prefix>Created`, `…Updated`): the fold, the projection and the history read
   * `upcast(data)` as that kind's payload. Never appended any more; their contracts stay with their module.
   */
  legacyEvents?: Record<string, LegacyResourceEvent>;
  /**
   * events a hand-written module keeps on the records' streams that change nothing of a record (the app
   * environment's "updated" signals): the fold passes over them and its history leaves them out
   */
  sharedStreamEvents?: readonly string[];
  /** who may take each action; unlisted actions are refused */
  access: Partial<Record<ResourceAction, AccessRule>>;
  /** attributes a list may be filtered on by equality: filter[name]=value */
  filters?: readonly Key<S>[];
  /** filters the attribute and relationship ones cannot say, by name (ListFilter) */
  listFilters?: Record<string, ListFilter>;
  /** attributes filter[search] looks into (case-insensitive substring, or full-text with `searchMode`) */
  search?: readonly Key<S>[];
  /** how filter[search] looks into the `search` attributes (default 'substring') */
  searchMode?: SearchMode;
  /**
   * the type's records in the global search (GlobalSearchSpec): kept in its index by the search projection and
   * read there under the type's own `index` rule
   */
  globalSearch?: {
    title: Key<S>;
    description?: Key<S>;
    path: { component: string; key: Key<S> | 'id' } | { route: `/${string}`; key: Key<S> | 'id' };
  };
  /**
   * counts kept in this type's projection from another type's events, by attribute name (RelatedCount): each
   * `count` is a read-only integer attribute, each `latest` a read-only to-one relationship
   */
  counts?: Record<string, RelatedCount>;
  /** sums a list filtered by one relationship answers in its meta, by name (ListTotal) */
  totals?: Record<string, ListTotal>;
  /**
   * `canEdit` / `canDelete` in the documents for the viewer, on a type that is no publication item (a content
   * category the back office shows with its delete button)
   */
  viewerFlags?: boolean;
  /** a workflow's events on the records' streams (WorkflowEvents) */
  workflowEvents?: WorkflowEvents;
  /** the history read from another record's stream (HistoryVia) */
  historyVia?: HistoryVia;
  /** attributes a list may be sorted by (createdAt and updatedAt always may) */
  sorts?: readonly Key<S>[];
  /** publishedAt: a publishable type's newest publications first */
  defaultSort?: { field: Key<S> | 'createdAt' | 'updatedAt' | 'publishedAt'; direction: 'asc' | 'desc' };
  /** the attribute that names a record in lists, titles and history; `id` when absent */
  title?: Key<S>;
  /** raise when the attributes change shape: the projection is rebuilt beside the old one (blue/green) */
  version?: number;
  /**
   * a reference list whose ids other records store (a user's job): rows that exist from the start, before any
   * event, under fixed ids such as 'other' (records added later get uuids). `kept` ids cannot be deleted; `first`
   * and `last` ones open or close every list whatever its sort (seed 001 §3: the job other is listed last).
   * Adding a row later takes a new `version` (the projection writes them when it sets up).
   */
  fixedRows?: {
    rows: ReadonlyArray<{ id: string; attributes: Record<string, unknown> }>;
    kept?: readonly string[];
    first?: readonly string[];
    last?: readonly string[];
  };
}

/** How a stored event of an older type name reads as one of a resource's kinds. */
export type LegacyResourceEvent =
  | { kind: 'created' | 'updated'; upcast(data: unknown): ResourceCreatedData }
  | { kind: 'softDeleted' | 'restored' | 'deleted'; upcast(data: unknown): { id: string } };

export interface FixedRows {
  /** attributes with the schema's defaults applied */
  rows: ReadonlyArray<{ id: string; attributes: Record<string, unknown> }>;
  kept: readonly string[];
  first: readonly string[];
  last: readonly string[];
}

export interface ResourceTraits {
  attachable: boolean;
  likable: boolean;
  commentable: boolean;
  reportable: boolean;
  authored: boolean;
  translatable: readonly string[];
  publishable: boolean;
  publicationItem: boolean;
  /** publicationItem's object form: `associatedOrganizations` and `recordsCount` as well */
  publicationItemMembers: boolean;
  /** publicationItem `{ requests: true }`: the record is submitted for publication by publication requests */
  publicationRequests: boolean;
  taggable: boolean;
  categorised: { type: string } | null;
}

/**
 * A definition, typed by its attributes' shape; `ResourceDefinition` alone is any definition (the catalogue, the
 * generic machinery), whose shape is erased: zod objects are invariant in their shape, so the erased form is `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ResourceDefinition<S extends Shape = any> extends Required<
  Omit<
    ResourceDefinitionInput<S>,
    | 'defaultSort'
    | 'title'
    | 'access'
    | 'ownedBy'
    | 'fixedRows'
    | 'traits'
    | 'beforeChange'
    | 'fieldAccess'
    | 'relationshipAccess'
    | 'lookupBy'
    | 'relationships'
    | 'feature'
    | 'workflowEvents'
    | 'historyVia'
    | 'globalSearch'
  >
> {
  /** null: the type's records are not in the global search */
  globalSearch: GlobalSearchSpec | null;
  /** the feature without which the type is not served; null: always served */
  feature: ResourceFeature | null;
  /** null: no workflow keeps events on the records' streams */
  workflowEvents: WorkflowEvents | null;
  /** null: the history is the record's own stream */
  historyVia: HistoryVia | null;
  /** every relationship, the traits' included; a polymorphic one has the type '' (see `polymorphic`) */
  relationships: Record<string, RelationshipSpec>;
  relationshipAccess: Record<string, { read: AccessRule; write: AccessRule }>;
  lookupBy: Key<S> | null;
  traits: ResourceTraits;
  beforeChange:
    | ((
        next: Record<string, unknown>,
        previous: Record<string, unknown> | null,
        related?: RelatedAttributes,
      ) => Record<string, unknown>)
    | null;
  fieldAccess: Record<string, { read: AccessRule; write: AccessRule }>;
  fixedRows: FixedRows;
  /** the ids a record of this type may have: uuids, and the fixed rows' keys when it has some */
  idSchema: z.ZodType<string>;
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

/**
 * The events of a publication request (issue 21), kept on the stream of the item it asks to publish: their
 * contracts are contracts/src/publications/requests.ts; here their names, for the publication items' workflow.
 */
export const PUBLICATION_REQUEST_EVENTS = {
  submitted: 'PublicationRequestSubmitted',
  accepted: 'PublicationRequestAccepted',
  refused: 'PublicationRequestRefused',
  published: 'PublicationRequestPublished',
} as const;

const PUBLICATION_REQUEST_KINDS: Record<string, string> = {
  [PUBLICATION_REQUEST_EVENTS.submitted]: 'publicationRequested',
  [PUBLICATION_REQUEST_EVENTS.accepted]: 'publicationAccepted',
  [PUBLICATION_REQUEST_EVENTS.refused]: 'publicationRefused',
  [PUBLICATION_REQUEST_EVENTS.published]: 'publicationPublished',
};

/** The history's words and fields of a publication request's events on its item's stream. */
export const PUBLICATION_REQUEST_WORKFLOW: WorkflowEvents = {
  types: Object.values(PUBLICATION_REQUEST_EVENTS),
  kind: (type) => PUBLICATION_REQUEST_KINDS[type] ?? type,
  fields: ({ type, data }) => {
    const d = (data ?? {}) as Record<string, unknown>;
    switch (type) {
      case PUBLICATION_REQUEST_EVENTS.submitted:
        return {
          'publicationRequest.status': 'pending',
          'publicationRequest.description': d.description ?? null,
          'publicationRequest.targetedPublishedAt': d.targetedPublishedAt ?? null,
          // a new request after a refusal: the earlier reason is not this one's
          'publicationRequest.refuseReason': null,
        };
      case PUBLICATION_REQUEST_EVENTS.accepted:
        return { 'publicationRequest.status': 'accepted' };
      case PUBLICATION_REQUEST_EVENTS.refused:
        return {
          'publicationRequest.status': 'refused',
          'publicationRequest.refuseReason': d.refuseReason ?? null,
        };
      default:
        return {};
    }
  },
};

/** Two workflows' events on the same streams as one (each event told by the workflow that names it). */
function mergeWorkflowEvents(a: WorkflowEvents | null, b: WorkflowEvents | null): WorkflowEvents | null {
  if (!a || !b) return a ?? b;
  const owner = (type: string) => (a.types.includes(type) ? a : b);
  return {
    types: [...a.types, ...b.types.filter((t) => !a.types.includes(t))],
    kind: (type) => owner(type).kind(type),
    fields: (event) => owner(event.type).fields(event),
  };
}

/**
 * A definition's `globalSearch`, checked: its title and description are text attributes every reader of a record
 * reads (no field rule hides them), its key is the id or an attribute, and no read gate stands between a record
 * and its readers (the index keeps the columns of the type's own rule, not those of another record's).
 */
function globalSearchOf(
  type: string,
  input: { title: string; description?: string; path: GlobalSearchPath } | undefined,
  attributes: z.ZodObject<Shape>,
  relationships: Record<string, RelationshipSpec>,
  definition: { fieldAccess?: Partial<Record<string, { read?: AccessRule }>> },
): GlobalSearchSpec | null {
  if (!input) return null;
  const textual = (name: string) => {
    const schema = attributes.shape[name] as z.ZodTypeAny | undefined;
    return schema !== undefined && ['text', 'longText', 'richText'].includes(fieldInfo(name, schema).kind);
  };
  const readable = (name: string) => (definition.fieldAccess?.[name]?.read ?? 'everyone') === 'everyone';
  for (const name of [input.title, ...(input.description ? [input.description] : [])])
    if (!textual(name) || !readable(name))
      throw new Error(`${type}: the global search shows ${name}, so a text attribute every reader reads`);
  if (input.path.key !== 'id' && !(input.path.key in attributes.shape))
    throw new Error(`${type}: the global search's path key ${input.path.key} is no attribute`);
  if ('route' in input.path && !input.path.route.includes(':key'))
    throw new Error(`${type}: the global search's route has no :key`);
  if (Object.values(relationships).some((r) => r.readGate))
    throw new Error(`${type}: a type read through a read gate is not in the global search`);
  return { title: input.title, description: input.description ?? null, path: input.path };
}

/** Drops a field's default so that an update leaving it out does not reset it. */
function withoutDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? withoutDefault(schema.removeDefault() as z.ZodType) : schema;
}

/** The attributes and relationships a trait adds to a definition (seed 001 §3). */
function traitMembers(traits: ResourceTraits, own: Shape) {
  const attributes: MutableShape = {};
  const relationships: Record<string, RelationshipSpec> = {};
  if (traits.translatable.length) {
    const texts: MutableShape = {};
    for (const name of traits.translatable) {
      const schema = own[name] as z.ZodTypeAny | undefined;
      if (!schema) throw new Error(`translatable names no attribute ${name}`);
      texts[name] = withoutDefault(schema).optional();
    }
    // one entry per locale that has text of its own; machine-translated text is marked (seed 001 §3)
    const translation = z.object({ ...texts, machineTranslated: z.boolean().optional() }).strict();
    attributes.translations = z.partialRecord(z.enum(LOCALES), translation).default({});
  }
  if (traits.publishable) {
    attributes.publishedAt = z.string().datetime({ offset: true }).nullable().default(null);
    relationships.accessLevel = { type: 'access-levels' };
  }
  if (traits.commentable) attributes.hasComments = z.boolean().default(true);
  if (traits.publicationItem) relationships.organization = { type: 'organizations' };
  if (traits.publicationItemMembers)
    relationships.associatedOrganizations = { type: 'organizations', many: true };
  // lists are filtered by tag on every taggable type (the CMS components' filter[tags])
  if (traits.taggable) relationships.tags = { type: 'tags', many: true, listIndex: true };
  if (traits.categorised) relationships.category = { type: traits.categorised.type };
  return { attributes, relationships };
}

/** A definition's list totals, checked: each sums an integer attribute per a plain to-one relationship. */
function checkedTotals(
  type: string,
  totals: Record<string, ListTotal>,
  attributes: z.ZodObject,
  relationships: Record<string, RelationshipSpec>,
): Record<string, ListTotal> {
  for (const [name, total] of Object.entries(totals)) {
    const per = relationships[total.per];
    if (!(total.of in attributes.shape) || !per || per.many || per.polymorphic || per.through)
      throw new Error(`${type}: the total ${name} sums an attribute per a plain to-one relationship`);
    if (total.negativeWhen && !(total.negativeWhen.attribute in attributes.shape))
      throw new Error(`${type}: the total ${name} names no attribute ${total.negativeWhen.attribute}`);
  }
  return totals;
}

/** Checks the input against its own attributes (names in filters, sorts, unique) and expands its traits. */
export function defineResource<S extends Shape>(input: ResourceDefinitionInput<S>): ResourceDefinition<S> {
  const traits: ResourceTraits = {
    attachable: input.traits?.attachable ?? false,
    likable: input.traits?.likable ?? false,
    commentable: input.traits?.commentable ?? false,
    reportable: input.traits?.reportable ?? false,
    authored: input.traits?.authored ?? false,
    translatable: input.traits?.translatable ?? [],
    publishable: Boolean(input.traits?.publishable),
    publicationItem: Boolean(input.traits?.publicationItem),
    publicationItemMembers: typeof input.traits?.publicationItem === 'object',
    publicationRequests:
      typeof input.traits?.publicationItem === 'object' && input.traits.publicationItem.requests === true,
    taggable: input.traits?.taggable ?? false,
    categorised: input.traits?.categorised ?? null,
  };
  const added = traitMembers(traits, input.attributes.shape);
  const attributes = (input.attributes as z.ZodObject).extend(added.attributes) as unknown as z.ZodObject<S>;
  const relationships: Record<string, RelationshipSpec> = { ...added.relationships };
  for (const [name, spec] of Object.entries(input.relationships ?? {})) {
    if (spec.polymorphic && (spec.many || !(spec.polymorphic.trait || spec.polymorphic.types?.length)))
      throw new Error(`${input.type}: ${name} is polymorphic, so to-one, over a trait or a list of types`);
    relationships[name] = { ...spec, type: spec.polymorphic ? '' : (spec as RelationshipSpec).type };
  }
  const patchShape: MutableShape = {};
  for (const [name, schema] of Object.entries(attributes.shape))
    patchShape[name] = withoutDefault(schema as z.ZodTypeAny).optional();
  const access = Object.fromEntries(
    RESOURCE_ACTIONS.map((action) => [action, input.access[action] ?? 'nobody']),
  ) as Record<ResourceAction, AccessRule>;
  const prefix = input.eventPrefix;
  const fixed = input.fixedRows;
  const fixedRows: FixedRows = {
    rows: (fixed?.rows ?? []).map((row) => ({
      id: FixedIdSchema.parse(row.id),
      attributes: attributes.strict().parse(row.attributes) as Record<string, unknown>,
    })),
    kept: fixed?.kept ?? [],
    first: fixed?.first ?? [],
    last: fixed?.last ?? [],
  };
  const fieldAccess: Record<string, { read: AccessRule; write: AccessRule }> = {};
  for (const [name, rule] of Object.entries(input.fieldAccess ?? {}) as Array<
    [string, { read?: AccessRule; write?: AccessRule }]
  >) {
    if (!(name in attributes.shape)) throw new Error(`${input.type}: fieldAccess names no attribute ${name}`);
    fieldAccess[name] = { read: rule.read ?? 'everyone', write: rule.write ?? rule.read ?? 'everyone' };
  }
  // publishable { publishedBy }: the publication's date and level are written by the publishers only
  const publishable = input.traits?.publishable;
  const publishedBy = typeof publishable === 'object' ? publishable.publishedBy : null;
  if (publishedBy) {
    const own = fieldAccess.publishedAt;
    fieldAccess.publishedAt = { read: own?.read ?? 'everyone', write: publishedBy };
  }
  const relationshipAccess: Record<string, { read: AccessRule; write: AccessRule }> = {};
  if (publishedBy) relationshipAccess.accessLevel = { read: 'everyone', write: publishedBy };
  for (const [name, rule] of Object.entries(input.relationshipAccess ?? {})) {
    if (!(name in relationships))
      throw new Error(`${input.type}: relationshipAccess names no relationship ${name}`);
    if (publishedBy && name === 'accessLevel')
      throw new Error(`${input.type}: publishable { publishedBy } already rules who writes accessLevel`);
    relationshipAccess[name] = {
      read: rule.read ?? 'everyone',
      write: rule.write ?? rule.read ?? 'everyone',
    };
  }
  for (const [name, spec] of Object.entries(relationships)) {
    if (spec.through && !(spec.many && spec.readOnly))
      throw new Error(`${input.type}: ${name} is read through a join table, so it is to-many and read-only`);
    if (spec.listIndex && !(spec.many && !spec.through && !spec.polymorphic))
      throw new Error(`${input.type}: ${name} has a list index, so it is an own to-many id array`);
  }
  const isDatetime = (name: string) =>
    name in attributes.shape && fieldInfo(name, attributes.shape[name] as z.ZodTypeAny).kind === 'datetime';
  for (const [name, filter] of Object.entries(input.listFilters ?? {})) {
    const known =
      filter.kind === 'anyOf'
        ? relationships[filter.relationship] !== undefined && !relationships[filter.relationship]!.many
        : filter.kind === 'overlaps'
          ? isDatetime(filter.start) && isDatetime(filter.end)
          : filter.attributes.length > 0 &&
            filter.attributes.every((a) => a in attributes.shape || a in (input.computed ?? {}));
    if (!known || name in attributes.shape || name in relationships)
      throw new Error(
        `${input.type}: list filter ${name} names no to-one relationship or attributes of its own`,
      );
  }
  if (input.lookupBy !== undefined && !(input.unique ?? []).includes(input.lookupBy))
    throw new Error(`${input.type}: lookupBy must name a unique attribute`);
  for (const [name, spec] of Object.entries(relationships))
    if (
      spec.default !== undefined &&
      (spec.many || spec.polymorphic || !RecordIdSchema.safeParse(spec.default).success)
    )
      throw new Error(`${input.type}: ${name} has a default, so it is a plain to-one naming a record id`);
  if (input.defaultSort?.field === 'publishedAt' && !traits.publishable)
    throw new Error(`${input.type}: only a publishable type is sorted by publishedAt`);
  const globalSearch = globalSearchOf(input.type, input.globalSearch, attributes, relationships, input);
  if (input.searchMode === 'fullText' && !(input.search ?? []).length)
    throw new Error(`${input.type}: a full-text search names the attributes it looks into`);
  // counts: a `count` is a read-only integer, an `average` a read-only number, a `latest` a read-only to-one
  // relationship to the counted type
  const countColumns: Record<string, FieldKind> = {};
  for (const [name, count] of Object.entries(input.counts ?? {})) {
    if (name in attributes.shape || name in relationships || name in (input.computed ?? {}))
      throw new Error(`${input.type}: the count ${name} has the name of another member`);
    if ((count.kind === 'average') !== (count.of !== undefined))
      throw new Error(
        `${input.type}: the count ${name} names the attribute it averages (of) when it is an average`,
      );
    if (count.kind === 'count') countColumns[name] = 'integer';
    else if (count.kind === 'average') countColumns[name] = 'number';
    else relationships[name] = { type: count.type, readOnly: true };
  }
  for (const name of Object.keys(input.readModel ?? {}))
    if (name in attributes.shape || name in relationships || name in countColumns)
      throw new Error(`${input.type}: the read-model attribute ${name} has the name of another member`);
  if (input.historyVia) {
    const via = relationships[input.historyVia.relationship];
    if (!via || via.many)
      throw new Error(
        `${input.type}: historyVia names no to-one relationship ${input.historyVia.relationship}`,
      );
  }
  const workflowEvents = mergeWorkflowEvents(
    traits.publicationRequests ? PUBLICATION_REQUEST_WORKFLOW : null,
    input.workflowEvents ?? null,
  );
  const before = input.beforeChange;
  for (const name of input.beforeChangeReads ?? []) {
    const spec = relationships[name];
    if (!spec || spec.many || spec.polymorphic || spec.through || !before)
      throw new Error(
        `${input.type}: beforeChangeReads names ${name}, so a plain to-one read by beforeChange`,
      );
  }
  return {
    ...input,
    attributes,
    relationships,
    traits,
    computed: {
      ...(traits.publicationItemMembers ? { recordsCount: 'integer' as const } : {}),
      ...(traits.publicationRequests ? { pendingPublicationRequest: 'json' as const } : {}),
      ...input.computed,
      ...countColumns,
      ...(traits.likable ? { likesCount: 'integer' as const } : {}),
      ...(traits.commentable ? { commentsCount: 'integer' as const } : {}),
    },
    feature: input.feature ?? null,
    searchMode: input.searchMode ?? 'substring',
    globalSearch,
    counts: input.counts ?? {},
    totals: checkedTotals(input.type, input.totals ?? {}, attributes, relationships),
    viewerFlags: input.viewerFlags ?? false,
    workflowEvents,
    historyVia: input.historyVia ?? null,
    softDeletable: input.softDeletable ?? false,
    ownedBy: input.ownedBy ?? null,
    unique: input.unique ?? [],
    immutable: input.immutable ?? [],
    claimScopes: input.claimScopes ?? {},
    invariants: input.invariants ?? (() => []),
    derived: input.derived ?? {},
    readModel: {
      // a publication item's views and downloads (seed 001 §3, issue 22)
      ...(traits.publicationItemMembers ? { recordsCount: RECORDS_COUNT } : {}),
      ...input.readModel,
    },
    reactors: input.reactors ?? [],
    beforeChange: before
      ? (next, previous, related) =>
          before(next as never, previous as never, related ?? {}) as Record<string, unknown>
      : null,
    beforeChangeReads: input.beforeChangeReads ?? [],
    fieldAccess,
    relationshipAccess,
    lookupBy: input.lookupBy ?? null,
    listFilters: {
      // what a member or an organization published (their public pages, issue 21): filter[published]=true
      ...(traits.publishable ? { published: PUBLISHED_FILTER } : {}),
      ...input.listFilters,
    },
    upcasters: input.upcasters ?? {},
    legacyEvents: input.legacyEvents ?? {},
    sharedStreamEvents: input.sharedStreamEvents ?? [],
    filters: [...(input.filters ?? []), ...(traits.publishable ? ['publishedAt' as Key<S>] : [])],
    search: input.search ?? [],
    sorts: [...(input.sorts ?? []), ...(traits.publishable ? ['publishedAt' as Key<S>] : [])],
    defaultSort: input.defaultSort ?? { field: 'createdAt', direction: 'desc' },
    title: input.title ?? null,
    version: input.version ?? 1,
    fixedRows,
    idSchema: fixedRows.rows.length ? RecordIdSchema : z.string().uuid(),
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

/** Whether a deployment serves a type: it depends on no feature, or on one that is on. */
export function isServed(definition: ResourceDefinition, features: Partial<ResourceFeatures>): boolean {
  return definition.feature === null || features[definition.feature] !== false;
}

/**
 * The type a request path of the API names when the deployment does not serve it (its feature is off): `/{type}`
 * and below (its records, their history) or `/services/publishables/{type}/…`; null otherwise. The layer's routers
 * answer 404 for it, whatever the method.
 */
export function switchedOffType(
  path: string,
  catalogue: readonly ResourceDefinition[],
  features: Partial<ResourceFeatures>,
): string | null {
  const segments = path.split('/').filter(Boolean);
  const type = segments[0] === 'services' && segments[1] === 'publishables' ? segments[2] : segments[0];
  const definition = type === undefined ? undefined : catalogue.find((d) => d.type === type);
  return definition && !isServed(definition, features) ? definition.type : null;
}

/** The attributes of a record of a definition, typed: `RecordOf<typeof couponResource>`. */
export type RecordOf<D> = D extends ResourceDefinition<infer S> ? z.infer<z.ZodObject<S>> : never;

/** A relationship's value in events and state: an id, null, a list of ids, or a polymorphic `{ type, id }`. */
export const RelationshipValueSchema = z.union([
  RecordIdSchema,
  z.null(),
  z.array(RecordIdSchema),
  z.object({ type: z.string().min(1).max(100), id: RecordIdSchema }).strict(),
]);
export type RelationshipValue = z.infer<typeof RelationshipValueSchema>;

/**
 * Whether two relationship values name the same records: a polymorphic `{ type, id }` read back from the event
 * store (jsonb) has its keys in another order than the one written, so objects compare by their keys' values.
 */
export function sameRelationshipValue(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : (v ?? null);
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

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

export type ResourceEventKind = 'created' | 'updated' | 'softDeleted' | 'restored' | 'deleted';

export type ResourceEvent =
  | { type: string; kind: 'created'; data: ResourceCreatedData }
  | { type: string; kind: 'updated'; data: ResourceUpdatedData }
  | { type: string; kind: 'softDeleted' | 'restored' | 'deleted'; data: { id: string } };

/** The five event contracts of a resource, versioned like every other contract. */
export function resourceEventContracts(definition: ResourceDefinition): EventContract[] {
  const id = definition.idSchema;
  const relationships = z.record(z.string(), RelationshipValueSchema).default({});
  const contract = (kind: ResourceEventKind, schema: z.ZodTypeAny) => {
    const upcasters = definition.upcasters[kind];
    const steps = upcasters ? Object.keys(upcasters).map(Number) : [];
    return defineEvent(
      definition.events[kind],
      schema,
      upcasters && steps.length ? { version: Math.max(...steps) + 1, upcasters } : {},
    );
  };
  return [
    contract('created', z.object({ id, attributes: definition.attributes.strict(), relationships })),
    contract('updated', z.object({ id, attributes: definition.patch, relationships })),
    contract('softDeleted', z.object({ id })),
    contract('restored', z.object({ id })),
    contract('deleted', z.object({ id })),
  ];
}

/** Which of the five a stored event type is (its own or a legacy one), or null when it is not this resource's. */
export function resourceEventKind(
  definition: ResourceDefinition,
  type: string,
): ResourceEvent['kind'] | null {
  const entry = Object.entries(definition.events).find(([, t]) => t === type);
  if (entry) return entry[0] as ResourceEvent['kind'];
  return Object.hasOwn(definition.legacyEvents, type) ? definition.legacyEvents[type]!.kind : null;
}

/** The event types a resource's projection reads: its five and the legacy ones. */
export function resourceEventTypes(definition: ResourceDefinition): string[] {
  return [...Object.values(definition.events), ...Object.keys(definition.legacyEvents)];
}

/**
 * A stored event as one of the resource's kinds with its payload in the layer's shape (a legacy type upcast), or
 * null when it is not one of this resource's.
 */
export function asResourceEvent(
  definition: ResourceDefinition,
  event: { type: string; data: unknown },
): ResourceEvent | null {
  if (Object.hasOwn(definition.legacyEvents, event.type)) {
    const legacy = definition.legacyEvents[event.type]!;
    return { type: event.type, kind: legacy.kind, data: legacy.upcast(event.data) } as ResourceEvent;
  }
  const kind = resourceEventKind(definition, event.type);
  return kind ? ({ type: event.type, kind, data: event.data } as ResourceEvent) : null;
}

/** The translatable attributes of a record as one locale reads them: its own text, else the default text. */
export function translated(
  definition: ResourceDefinition,
  attributes: Record<string, unknown>,
  locale: string,
  defaultLocale: string,
): { attributes: Record<string, unknown>; otherTranslationsLocales: string[] } {
  const translations = (attributes.translations ?? {}) as Record<string, Record<string, unknown>>;
  const own = translations[locale] ?? {};
  const out = { ...attributes };
  for (const name of definition.traits.translatable) if (own[name] != null) out[name] = own[name];
  const others = new Set(Object.keys(translations));
  others.add(defaultLocale);
  others.delete(locale);
  return { attributes: out, otherTranslationsLocales: LOCALES.filter((l) => others.has(l)) };
}
