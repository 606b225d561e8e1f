import { randomBytes, randomUUID } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod/v4';
import { userStreamId } from '@platform/contracts/accounts/events';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  ValidationError,
  type ErrorIssue,
} from '@platform/contracts/errors';
import { notificationResource } from '@platform/contracts/notifications/notification';
import { organizationStreamId } from '@platform/contracts/organizations/events';
import {
  allows,
  isRowRule,
  type ResourceAction,
  type ViewerFacts,
} from '@platform/contracts/resources/access';
import {
  sameRelationshipValue,
  type PolymorphicRef,
  type RelatedAttributes,
  type RelationshipValue,
  switchedOffType,
  type ResourceDefinition,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';
import { recordLifecycleEndpoints } from '@platform/contracts/resources/endpoints';
import { generatedSecrets } from '@platform/contracts/resources/fields';
import { FILES_TYPE } from '@platform/contracts/resources/files';
import { readable } from '@platform/contracts/resources/likes';
import type { ResourceChange, ResourceReaction } from '@platform/contracts/resources/hooks';
import { recordFacts } from '@platform/contracts/resources/state';
import { recordWriteEndpoints } from '@platform/contracts/resources/write-endpoints';
import type { AnyEndpoint } from '@platform/contracts/endpoints';
import {
  loadState,
  readStreamOrEmpty,
  type EventStore,
  type RecordedEvent,
} from '@platform/infra/event-store';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { richTextAttributes } from '@platform/infra/resources/rich-text';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { parseDocument } from '../http/validate.ts';
import { recordEnvironmentUpdated } from '../environment/record.ts';
import type { CommandResult } from '../handler.ts';
import {
  SITE_PATH_SCOPE,
  SLUG_SCOPE,
  releaseUniqueValue,
  withUniqueValues,
  type UniqueValueChange,
  type UniqueValueScope,
} from '../claims/unique-values.ts';
import {
  resourceDecider,
  withRelationshipDefaults,
  type ResourceCommand,
  type ResourceState,
} from './decide.ts';
import { likesSwitchedOff } from './likes.ts';

const uuid = z.string().uuid();

/** The catalogue the platform serves, by type: what a polymorphic relationship may point at. */
interface Served {
  catalogue: readonly ResourceDefinition[];
  byType: ReadonlyMap<string, ResourceDefinition>;
}

/** Where the records of a type a relationship may point at live: their stream, their ids, their fixed rows. */
export interface RecordTarget {
  streamId(id: string): string;
  idSchema: z.ZodType<string>;
  /** ids that exist before any event (a resource's fixed rows) */
  fixed: ReadonlySet<string>;
}

const handWritten = (streamId: (id: string) => string): RecordTarget => ({
  streamId,
  idSchema: uuid,
  fixed: new Set(),
});
/** The hand-written record types a resource may point at, beside the resources themselves. */
const HAND_WRITTEN_TARGETS: Record<string, RecordTarget> = {
  users: handWritten(userStreamId),
  organizations: handWritten(organizationStreamId),
  'app-pages': handWritten((id) => `page-${id}`),
};

export const resourceTarget = (definition: ResourceDefinition): RecordTarget => ({
  streamId: definition.streamId,
  idSchema: definition.idSchema,
  fixed: new Set(definition.fixedRows.rows.map((r) => r.id)),
});

const authorize = (definition: ResourceDefinition, action: ResourceAction, res: Response) =>
  requireAllowed(res, definition.access[action], `${definition.singular}: ${action}`);

/**
 * Whether a user is among the related records a join table of another module names for a record (the
 * relationship's `through`): asked of the streams that module keeps, since decisions are made on streams, not on
 * read models (an organization's members: the member's user stream lists the organizations they joined).
 */
export type JoinTableMembership = (
  eventStore: EventStore,
  recordId: string,
  userId: string,
) => Promise<boolean>;

/**
 * The record's facts for its row rules: its state's, and for a relationship read through a join table
 * (`through`), whether the viewer is in it, asked of the module that keeps it (JoinTableMembership).
 */
async function factsOf(
  definition: ResourceDefinition,
  state: Extract<ResourceState, { id: string; attributes: unknown }>,
  viewerId: string | null,
  eventStore: EventStore,
  joinTables: Readonly<Record<string, JoinTableMembership>>,
) {
  const relationships: Record<string, unknown> = { ...state.relationships };
  for (const [name, spec] of Object.entries(definition.relationships)) {
    if (!spec.through || spec.type !== 'users') continue;
    const member = joinTables[spec.through.table];
    if (!member) throw new Error(`${definition.type}: no membership check for ${spec.through.table}`);
    relationships[name] =
      viewerId !== null && (await member(eventStore, state.id, viewerId)) ? [viewerId] : [];
  }
  return recordFacts(definition, { createdBy: state.createdBy, relationships, attributes: state.attributes });
}

/**
 * Whether a viewer may take an action on one record as its stream stands (row rules included, a relationship read
 * through a join table asked of the module that keeps it): what a hand-written route acting on another type's
 * record asks (a secured file attached to a record its uploader may update).
 */
export async function allowsOnRecord(
  definition: ResourceDefinition,
  action: ResourceAction,
  viewer: ViewerFacts,
  state: ResourceState,
  deps: { eventStore: EventStore; joinTables: Readonly<Record<string, JoinTableMembership>> },
): Promise<boolean> {
  if (state.status !== 'active' && state.status !== 'softDeleted') return false;
  const rule = definition.access[action];
  const facts = isRowRule(rule)
    ? await factsOf(definition, state, viewer.userId, deps.eventStore, deps.joinTables)
    : recordFacts(definition, state);
  return allows(rule, viewer, facts);
}

/**
 * The action's rule on the record itself (row rules: its owner, author, organization's members): a record the
 * viewer may not act on answers 403, as the type-level rule does.
 */
async function authorizeRecord(
  definition: ResourceDefinition,
  action: ResourceAction,
  res: Response,
  state: ResourceState,
  deps: { eventStore: EventStore; joinTables: Readonly<Record<string, JoinTableMembership>> },
): Promise<void> {
  if (state.status !== 'active' && state.status !== 'softDeleted') return; // the decider answers 404
  const rule = definition.access[action];
  const viewer = viewerOf(res);
  const facts = isRowRule(rule)
    ? await factsOf(definition, state, viewer.userId, deps.eventStore, deps.joinTables)
    : recordFacts(definition, state);
  if (!allows(rule, viewer, facts))
    throw new DomainError('auth.forbidden', `${definition.singular} ${state.id}: ${action} is not allowed`);
}

/**
 * A create rule over the record (a row rule: an issuer creates only their own organization's badges) is asked of
 * the record the create would make, its creator the viewer: 403 otherwise, nothing appended.
 */
function authorizeNewRecord(
  definition: ResourceDefinition,
  res: Response,
  relationships: Record<string, RelationshipValue>,
): void {
  const rule = definition.access.create;
  if (!isRowRule(rule)) return;
  const viewer = viewerOf(res);
  if (!allows(rule, viewer, recordFacts(definition, { createdBy: viewer.userId, relationships })))
    throw new DomainError('auth.forbidden', `${definition.singular}: create is not allowed on this record`);
}

/**
 * The entry of a definition's table under a name a body gave, its own only: '__proto__', 'constructor' or
 * 'toString' as a field's name name nothing, not what an object inherits.
 */
function ownEntry<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Attributes and relationships the viewer may not write (field-level access): 403 on each, nothing appended; a
 * read-only relationship (kept by another module) is refused to everybody (422 on it).
 */
function authorizeFields(
  definition: ResourceDefinition,
  res: Response,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) {
  const readOnly = Object.keys(relationships).filter(
    (name) => ownEntry(definition.relationships, name)?.readOnly,
  );
  if (readOnly.length)
    throw new ValidationError(
      readOnly.map((name) => ({
        code: 'validation.invalid' as const,
        detail: `${name} is kept by another workflow: it cannot be written here`,
        pointer: `/data/relationships/${name}`,
      })),
    );
  const viewer = viewerOf(res);
  const refused = [
    ...Object.keys(attributes)
      .filter((name) => {
        const rule = ownEntry(definition.fieldAccess, name);
        return rule !== undefined && !allows(rule.write, viewer);
      })
      .map((name) => ({ name, pointer: `/data/attributes/${name}` })),
    ...Object.keys(relationships)
      .filter((name) => {
        const rule = ownEntry(definition.relationshipAccess, name);
        return rule !== undefined && !allows(rule.write, viewer);
      })
      .map((name) => ({ name, pointer: `/data/relationships/${name}` })),
  ];
  if (refused.length)
    throw new DomainError(
      'auth.forbidden',
      `You may not set ${refused.map((r) => r.name).join(', ')}`,
      refused.map(({ name, pointer }) => ({
        code: 'auth.forbidden' as const,
        detail: `You may not set ${name}`,
        pointer,
      })),
    );
}

/** The attributes a request document names (parsed already, so an object), before any default is applied. */
function givenAttributes(body: unknown): Record<string, unknown> {
  const attributes = (body as { data: { attributes?: unknown } }).data.attributes;
  return typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, unknown>) : {};
}

/** The relationships a request document names, before it is parsed (a read-only one is refused with its name). */
function givenRelationships(body: unknown): Record<string, unknown> {
  const data = (body as { data?: { relationships?: unknown } } | null)?.data;
  const relationships = typeof data === 'object' && data !== null ? data.relationships : undefined;
  return typeof relationships === 'object' && relationships !== null && !Array.isArray(relationships)
    ? (relationships as Record<string, unknown>)
    : {};
}

function relationshipValues(
  definition: ResourceDefinition,
  given:
    | Record<string, { data: { type: string; id: string } | null | Array<{ id: string }> } | undefined>
    | undefined,
): Record<string, RelationshipValue> {
  const values: Record<string, RelationshipValue> = {};
  for (const [name, rel] of Object.entries(given ?? {})) {
    if (!rel) continue;
    values[name] = Array.isArray(rel.data)
      ? [...new Set(rel.data.map((r) => r.id))]
      : rel.data === null
        ? null
        : definition.relationships[name]?.polymorphic
          ? { type: rel.data.type, id: rel.data.id }
          : rel.data.id;
  }
  return values;
}

/**
 * Where a unique attribute's values are claimed, and how the claims name their holder: a scope of the type's own,
 * or one shared with a hand-written module (site paths, whose claims name their holder by its singular, as pages
 * and the redirections written before the layer do). A workflow finding a record by such a value (a contact by its
 * e-mail address) reads the same claims.
 */
export function uniqueValueScopeOf(
  definition: ResourceDefinition,
  field: string,
): { scope: UniqueValueScope; ownerType: string } {
  if (definition.claimScopes[field] === 'path')
    return { scope: SITE_PATH_SCOPE, ownerType: definition.singular };
  if (definition.claimScopes[field] === 'slug') return { scope: SLUG_SCOPE, ownerType: definition.singular };
  return {
    scope: {
      category: `${definition.category}${field.toLowerCase()}claim`,
      normalise: (value: string) => value,
      conflictCode: 'conflict.duplicate_value',
      noun: `${definition.singular} ${field}`,
    },
    ownerType: definition.type,
  };
}

/**
 * One router for every resource of the catalogue: POST (create), PATCH (update, If-Match), DELETE (delete),
 * POST …/soft-delete and …/restore for soft-deletable types. Each answers with the position of its last event
 * (read your writes) and the record's stream version (the next If-Match).
 */
export interface ResourceRoutesOptions {
  /** the locale of a translatable record's own text (config DEFAULT_LOCALE); other locales are translations */
  defaultLocale?: Locale;
  /** how the row rules ask the join tables of other modules (a relationship's `through`), by table */
  joinTables?: Readonly<Record<string, JoinTableMembership>>;
  /** the resource features on (config FEATURE_*): a type whose feature is off answers 404; absent: on */
  features?: Partial<ResourceFeatures>;
}

export function resourceCommandRoutes(
  catalogue: readonly ResourceDefinition[],
  options: ResourceRoutesOptions = {},
): CommandModule {
  const defaultLocale = options.defaultLocale ?? 'en';
  const joinTables = options.joinTables ?? {};
  const targets = new Map<string, RecordTarget>(Object.entries(HAND_WRITTEN_TARGETS));
  for (const definition of catalogue) targets.set(definition.type, resourceTarget(definition));
  const served: Served = { catalogue, byType: new Map(catalogue.map((d) => [d.type, d])) };
  for (const definition of catalogue)
    for (const [name, spec] of Object.entries(definition.relationships))
      if (spec.through && !joinTables[spec.through.table])
        throw new Error(`${definition.type}.${name}: no membership check for ${spec.through.table}`);

  const features = options.features ?? {};
  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    // a type whose feature is off is not served: every write naming it answers 404; so is a like with the
    // likes feature off (the like routes are mounted after these)
    router.use((req, _res, next) => {
      next(
        switchedOffType(req.path, catalogue, features) || likesSwitchedOff(req.path, catalogue, features)
          ? new NotFoundError('No route for this call')
          : undefined,
      );
    });
    for (const definition of catalogue)
      mount(router, definition, deps, targets, defaultLocale, joinTables, served);
    return router;
  };
}

/** The locale an editor edits in (Accept-Edition-Language), when it is one of the platform's. */
export function editionLocaleOf(req: Request): Locale | null {
  const parsed = z.enum(LOCALES).safeParse(req.get('accept-edition-language')?.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}

/**
 * An update in another locale than the default one writes the translatable attributes it names into that
 * locale's translation (a human edit clears the machine-translated mark), the record's own text untouched.
 */
function inEditionLocale(
  definition: ResourceDefinition,
  attributes: Record<string, unknown>,
  current: ResourceState,
  locale: Locale | null,
  defaultLocale: Locale,
): Record<string, unknown> {
  const names = definition.traits.translatable.filter((name) => name in attributes);
  if (!names.length || locale === null || locale === defaultLocale) return attributes;
  const stored =
    current.status === 'active'
      ? ((current.attributes.translations ?? {}) as Record<string, Record<string, unknown>>)
      : {};
  const given = (attributes.translations ?? stored) as Record<string, Record<string, unknown>>;
  const { machineTranslated: _machine, ...own } = given[locale] ?? {};
  const rest = { ...attributes };
  for (const name of names) {
    own[name] = rest[name];
    delete rest[name];
  }
  return { ...rest, translations: { ...given, [locale]: own } };
}

async function load(
  eventStore: EventStore,
  definition: ResourceDefinition,
  id: string,
): Promise<ResourceState> {
  return (await loadState(eventStore, definition.streamId(id), resourceDecider(definition, id))).state;
}

/**
 * A stale If-Match is refused before anything is claimed (a new unique value would otherwise stay claimed by a
 * change that was never recorded); the append checks it again against a writer coming in between.
 */
function checkExpectedVersion(
  definition: ResourceDefinition,
  id: string,
  version: bigint | 'no_stream',
  expected: bigint | 'no_stream' | undefined,
): void {
  if (expected === undefined || expected === version) return;
  throw new ConflictError(
    'conflict.wrong_expected_version',
    `The ${definition.streamId(id)} stream is at version ${String(version)}, not ${String(expected)}: reload and try again`,
  );
}

function mount(
  router: Router,
  definition: ResourceDefinition,
  deps: CommandModuleDeps,
  targets: Map<string, RecordTarget>,
  defaultLocale: Locale,
  joinTables: Readonly<Record<string, JoinTableMembership>>,
  served: Served,
): void {
  const { type } = definition;
  const ruleDeps = { eventStore: deps.eventStore, joinTables };
  /** the decider of one record: a fixed row exists before its stream's first event */
  const deciderOf = (id: string) => resourceDecider(definition, id);
  /**
   * a stream shared with other events (a hand-written module's, a workflow's such as the publication requests on
   * their item's stream): If-Match is the record's own version, as its read model shows it, so an author's edit
   * made while a request is pending is not refused
   */
  const shared = new Set([...definition.sharedStreamEvents, ...(definition.workflowEvents?.types ?? [])]);
  /**
   * the rich text a member writes, sanitised before it is decided on (MEMBER_RICH_HTML_POLICY), and checked again
   * against the attributes' schema (`rel` makes a link longer: a text at its limit may no longer fit, a 422 then)
   */
  const richText = richTextAttributes(definition.attributes);
  /**
   * the documents the sanitised attributes are checked in, a create's (every attribute, nothing else) and an
   * update's: built once, since a zod schema compiles its checks on its first parse (a schema made per request paid
   * that each time)
   */
  const checked = {
    create: z.object({ data: z.object({ attributes: definition.attributes.strict() }) }),
    update: z.object({ data: z.object({ attributes: definition.patch }) }),
  };
  /**
   * the secrets the platform makes (generatedSecret: a form's link token), filled in where a create leaves them
   * empty or an update empties them: 32 URL-safe characters from 24 random bytes
   */
  const secrets = generatedSecrets(definition.attributes);
  const withSecrets = (attributes: Record<string, unknown>, write: keyof typeof checked) => {
    const made = secrets.filter((name) =>
      write === 'create' ? attributes[name] == null : name in attributes && attributes[name] === null,
    );
    if (!made.length) return attributes;
    return {
      ...attributes,
      ...Object.fromEntries(made.map((name) => [name, randomBytes(24).toString('base64url')])),
    };
  };
  const sanitized = async (given: Record<string, unknown>, write: keyof typeof checked) => {
    const attributes = withSecrets(given, write);
    if (!richText) return attributes;
    const clean = await richText(attributes);
    return parseDocument(checked[write], { data: { attributes: clean } }).data.attributes as Record<
      string,
      unknown
    >;
  };
  const recordVersionOf = shared.size
    ? (stored: readonly RecordedEvent[]) =>
        stored.findLast((event) => !shared.has(event.type))?.streamVersion ?? ('no_stream' as const)
    : undefined;
  const versionSpec = recordVersionOf ? { recordVersion: recordVersionOf } : {};
  // the declarations the web calls too: their bodies are the definition's documents over the catalogue served
  const writes = recordWriteEndpoints(definition, served.catalogue);
  const lifecycleEndpoints = recordLifecycleEndpoints(type);
  // a scope of the type's own per unique attribute, or one shared with a hand-written module (site paths, whose
  // claims name their holder by its singular, as pages and the redirections written before the layer do)
  const scopes = new Map(definition.unique.map((field) => [field, uniqueValueScopeOf(definition, field)]));

  const idOf = (req: Request): string => {
    const id = String(req.params.id);
    if (!definition.idSchema.safeParse(id).success)
      throw new NotFoundError(`${definition.singular} ${id} not found`);
    return id;
  };

  /**
   * What the decider would append, decided before any claim so that a refused request leaves no claim behind. A
   * retried request (Idempotency-Key) that the decider now refuses plans nothing: the handler answers it as the
   * first time.
   */
  const plan = (command: ResourceCommand, current: ResourceState, key: string | undefined) => {
    try {
      return deciderOf(command.data.id).decide(command, current);
    } catch (error) {
      if (key !== undefined) return [];
      throw error;
    }
  };

  /**
   * Every related id must name a record that exists (and is not deleted): 422 on the relationship otherwise. The
   * relationship rules of ADR 0025 too, on the values the record would hold (`current`: null on a create): a
   * required one named, an immutable one unchanged, a polymorphic target the writer may read and whose target
   * rule passes (comments open on it), a `sameAs` target on the same record.
   */
  const checkTargets = async (
    relationships: Record<string, RelationshipValue>,
    context: { current: Record<string, RelationshipValue> | null; viewer: ViewerFacts; now: Date },
  ) => {
    const { current, viewer, now } = context;
    const issues: ErrorIssue[] = [];
    const at = (name: string, suffix = '') => `/data/relationships/${name}${suffix}`;
    for (const [name, spec] of Object.entries(definition.relationships)) {
      const value = name in relationships ? relationships[name] : current ? current[name] : undefined;
      if (spec.required && (value === undefined || value === null))
        issues.push({ code: 'validation.required', detail: `${name} is required`, pointer: at(name) });
      if (
        spec.immutable &&
        current !== null &&
        name in relationships &&
        !sameRelationshipValue(relationships[name], current[name])
      )
        issues.push({
          code: 'validation.invalid',
          detail: `${name} is set when the ${definition.singular} is created and never changed`,
          pointer: at(name),
        });
    }
    if (issues.length) throw new ValidationError(issues);
    for (const [name, value] of Object.entries(relationships)) {
      const spec = definition.relationships[name]!;
      if (spec.polymorphic) {
        if (value === null) continue;
        const ref = value as PolymorphicRef;
        const target = served.byType.get(ref.type)!;
        const state = target.idSchema.safeParse(ref.id).success
          ? await load(deps.eventStore, target, ref.id)
          : ({ status: 'none' } as const);
        // a record the writer may not read is not named: as missing (a find of it answers 404)
        if (!(await readableRecord(target, state, viewer, now, 0))) {
          issues.push({
            code: 'validation.invalid',
            detail: `There is no ${target.singular} ${ref.id}`,
            pointer: at(name, '/data/id'),
          });
          continue;
        }
        const refused = spec.targetRule?.(target, state, now, viewer) ?? null;
        if (refused) issues.push({ ...refused, pointer: at(name) });
        else if (state.status !== 'active')
          issues.push({
            code: 'validation.invalid',
            detail: `There is no ${target.singular} ${ref.id}`,
            pointer: at(name, '/data/id'),
          });
        continue;
      }
      const target = spec.type;
      const known = targets.get(target);
      const ids = value === null ? [] : Array.isArray(value) ? value : [value as string];
      for (const [index, id] of ids.entries()) {
        const exists = known ? await recordExists(deps.eventStore, known, id) : false;
        if (!exists)
          issues.push({
            code: 'validation.invalid' as const,
            detail: `There is no ${target} ${id}`,
            pointer: at(name, `/data${Array.isArray(value) ? `/${index}` : ''}/id`),
          });
      }
      // a file field: the file is of one of the field's families (an image field takes no PDF)
      const files = spec.file ? served.byType.get(target) : undefined;
      if (files && !issues.length)
        for (const [index, id] of ids.entries()) {
          const state = await load(deps.eventStore, files, id);
          const family = state.status === 'active' ? String(state.attributes.family) : null;
          if (family !== null && !spec.file!.families.includes(family as never))
            issues.push({
              code: 'validation.invalid',
              detail: `${name} takes ${spec.file!.families.join(' or ')} files, not ${family}`,
              pointer: at(name, `/data${Array.isArray(value) ? `/${index}` : ''}/id`),
            });
          // a private field (an account's invoice) never names a file everybody may read, nor one its writer may
          // not edit: its record's readers are served the file, so naming it must not open another's file to them
          else if (state.status === 'active' && spec.file!.private && state.attributes.isPublic !== false)
            issues.push({
              code: 'validation.invalid',
              detail: `${name} takes files that are not public`,
              pointer: at(name, `/data${Array.isArray(value) ? `/${index}` : ''}/id`),
            });
          else if (
            state.status === 'active' &&
            spec.file!.private &&
            !allows(files.access.update, viewer, recordFacts(files, state))
          )
            issues.push({
              code: 'validation.invalid',
              detail: `There is no file ${id} of yours`,
              pointer: at(name, `/data${Array.isArray(value) ? `/${index}` : ''}/id`),
            });
        }
      // the target's rule, for the viewer who writes (a subject limited to administrators, a closed category)
      const ruled = spec.targetRule && typeof value === 'string' ? served.byType.get(target) : undefined;
      if (ruled && !issues.length) {
        const state = await load(deps.eventStore, ruled, value as string);
        const refused = spec.targetRule!(ruled, state, now, viewer);
        if (refused) issues.push({ ...refused, pointer: at(name) });
      }
      // the target's own relationship must be the record's (a reply on the same record as its comment)
      const other = spec.sameAs && typeof value === 'string' ? served.byType.get(target) : undefined;
      if (other && !issues.length) {
        const state = await load(deps.eventStore, other, value as string);
        const mine =
          spec.sameAs! in relationships ? relationships[spec.sameAs!] : (current?.[spec.sameAs!] ?? null);
        const theirs = state.status === 'active' ? (state.relationships[spec.sameAs!] ?? null) : undefined;
        if (theirs === undefined || !sameRelationshipValue(theirs, mine))
          issues.push({
            code: 'validation.invalid',
            detail: `${name} must be on the same ${spec.sameAs} as this ${definition.singular}`,
            pointer: at(name),
          });
      }
    }
    if (issues.length) throw new ValidationError(issues);
  };

  /**
   * The attributes of the live records the relationships `beforeChangeReads` names, as the write leaves them (an
   * admin file's container and file): given to the decider with the command, so that `beforeChange` stays pure.
   */
  const relatedOf = async (
    relationships: Record<string, RelationshipValue>,
  ): Promise<{ related?: RelatedAttributes }> => {
    if (!definition.beforeChangeReads.length) return {};
    const related: Record<string, Record<string, unknown> | null> = {};
    for (const name of definition.beforeChangeReads) {
      const value = relationships[name];
      const target = served.byType.get(definition.relationships[name]!.type);
      const state =
        typeof value === 'string' && target?.idSchema.safeParse(value).success
          ? await load(deps.eventStore, target, value)
          : null;
      related[name] = state?.status === 'active' ? state.attributes : null;
    }
    return { related };
  };

  /**
   * Whether the viewer may read a record as its stream stands (its show rule, the publishable trait, soft deletion
   * unless a target rule speaks of it), and the records its `readGate` relationships point at (a comment is read
   * by those who read its record).
   */
  const readableRecord = async (
    target: ResourceDefinition,
    state: ResourceState,
    viewer: ViewerFacts,
    now: Date,
    depth: number,
  ): Promise<boolean> => {
    if (state.status !== 'active' && state.status !== 'softDeleted') return false;
    if (!readable(target, { ...state, status: 'active' }, viewer, now)) return false;
    if (depth > 3) return false;
    for (const [name, spec] of Object.entries(target.relationships)) {
      if (!spec.readGate) continue;
      const ref = state.relationships[name] as PolymorphicRef | string | null | undefined;
      if (!ref) continue;
      const gate = typeof ref === 'string' ? served.byType.get(spec.type) : served.byType.get(ref.type);
      const gateId = typeof ref === 'string' ? ref : ref.id;
      if (!gate) return false;
      const gateState = await load(deps.eventStore, gate, gateId);
      if (!(await readableRecord(gate, gateState, viewer, now, depth + 1))) return false;
    }
    return true;
  };

  /**
   * The unique values a command moves the record from and to (claimed before its event, released after it):
   * `after` null for a delete. A retry derives the same claims and releases (Idempotency-Key).
   */
  const uniqueValues = (
    id: string,
    before: Record<string, unknown>,
    after: Record<string, unknown> | null,
    key: string | undefined,
  ): UniqueValueChange[] =>
    [...scopes].flatMap(([field, { scope, ownerType }]) => {
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      const value = after === null ? null : text(after[field]);
      const previous = text(before[field]);
      if (value === previous) return [];
      return [
        {
          scope,
          value,
          previous,
          holder: { type: ownerType, id },
          pointer: `/data/attributes/${field}`,
          stillHolds: async (holder, claimed) => {
            if (holder.type !== ownerType) return true;
            const state = await load(deps.eventStore, definition, holder.id);
            return (
              (state.status === 'active' || state.status === 'softDeleted') &&
              state.attributes[field] === claimed
            );
          },
          ...(key !== undefined ? { idempotencyKey: `${key}:${field}` } : {}),
        },
      ];
    });

  /** Claim, append, release (command-api/src/claims): the record's event between its unique values' claims. */
  const withValues = <T>(
    id: string,
    values: UniqueValueChange[],
    metadata: ReturnType<CommandModuleDeps['commandRequest']>['metadata'],
    options: { releaseClaimedOnRefusal?: boolean },
    append: () => Promise<T>,
  ) => withUniqueValues(deps, { holder: { type, id }, metadata, values, ...options }, append);

  /**
   * The definition's reactors, after the record's event: each follow-up they decide is carried out here (the
   * environment marked as updated, a notification appended), with ids derived from the cause's events so that a
   * retry records nothing twice. The answer then carries the last follow-up's position, so a read after it sees all.
   */
  const react = async (
    change: Omit<ResourceChange, 'type' | 'actorId'>,
    result: CommandResult,
    metadata: ReturnType<CommandModuleDeps['commandRequest']>['metadata'],
  ): Promise<CommandResult> => {
    if (!definition.reactors.length || !result.events.length) return result;
    const full: ResourceChange = { ...change, type, actorId: metadata.actor.userId };
    const reactions = definition.reactors.flatMap((reactor) => reactor(full));
    let { position } = result;
    const causeEventIds = result.events.map((e) => e.eventId);
    for (const [index, reaction] of reactions.entries())
      position = await carryOutReaction(deps, reaction, { change: full, metadata, causeEventIds, index });
    return { ...result, position };
  };

  mountEndpoint(router, writes.create, async (req, res, call) => {
    const request = deps.commandRequest(req, res);
    authorize(definition, 'create', res);
    authorizeFields(definition, res, {}, givenRelationships(req.body));
    const doc = call.body();
    // the attributes the document names, not the defaults the schema filled in (an unset adminOnlyNote is null)
    authorizeFields(definition, res, givenAttributes(req.body));
    const key = request.idempotencyKey;
    const id = doc.data.id ?? (key ? deriveId(key, type) : randomUUID());
    // a relationship the create leaves out takes its default (an article's layout)
    const relationships = withRelationshipDefaults(
      definition,
      relationshipValues(definition, doc.data.relationships as never),
    );
    // a publication item belongs to the organization its author acts as, unless the document names one
    const actingAs = viewerOf(res).actingAsOrganizationId ?? null;
    if (definition.traits.publicationItem && !('organization' in relationships) && actingAs)
      relationships.organization = actingAs;
    await checkTargets(relationships, { current: null, viewer: viewerOf(res), now: request.metadata.now });
    authorizeNewRecord(definition, res, relationships);
    const command: ResourceCommand = {
      type: 'CreateResource',
      data: {
        id,
        attributes: await sanitized(doc.data.attributes as Record<string, unknown>, 'create'),
        relationships,
        ...(await relatedOf(relationships)),
      },
      metadata: request.metadata,
    };
    // refuse what the decider would refuse before claiming, so a bad request leaves no claim behind; the claims
    // are of the values decided (derived ones included)
    const current = await load(deps.eventStore, definition, id);
    const planned = plan(command, current, key);
    const created = decidedAttributes(planned);
    const result = await withValues(id, uniqueValues(id, {}, created, key), request.metadata, {}, () =>
      deps.handle({
        streamId: definition.streamId(id),
        decider: deciderOf(id),
        command,
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      }),
    );
    sendCommandResult(res, {
      type,
      id,
      result: await react(
        { id, action: 'created', attributes: created, relationships, changed: created },
        result,
        request.metadata,
      ),
      status: 201,
    });
  });

  mountEndpoint(router, writes.update, async (req, res, call) => {
    const id = idOf(req);
    const request = deps.commandRequest(req, res);
    authorize(definition, 'update', res);
    authorizeFields(definition, res, {}, givenRelationships(req.body));
    const doc = call.body();
    if (doc.data.id !== id) throw ValidationError.at('/data/id', `The document's id must be ${id}`);
    const key = request.idempotencyKey;
    const relationships = relationshipValues(definition, doc.data.relationships as never);
    const given = Object.fromEntries(
      Object.entries(doc.data.attributes as Record<string, unknown>).filter(([, v]) => v !== undefined),
    );
    authorizeFields(definition, res, given);
    const {
      state: current,
      version: streamVersion,
      events: stored,
    } = await loadState(deps.eventStore, definition.streamId(id), deciderOf(id));
    const version = recordVersionOf ? recordVersionOf(stored) : streamVersion;
    const attributes = inEditionLocale(
      definition,
      await sanitized(given, 'update'),
      current,
      editionLocaleOf(req),
      defaultLocale,
    );
    await authorizeRecord(definition, 'update', res, current, ruleDeps);
    if (current.status === 'active')
      await checkTargets(relationships, {
        current: current.relationships,
        viewer: viewerOf(res),
        now: request.metadata.now,
      });
    const command: ResourceCommand = {
      type: 'UpdateResource',
      data: {
        id,
        attributes,
        relationships,
        ...(await relatedOf({
          ...(current.status === 'active' ? current.relationships : {}),
          ...relationships,
        })),
      },
      metadata: request.metadata,
    };
    const before = current.status === 'active' ? current.attributes : {};
    const planned = plan(command, current, key);
    if (key === undefined) checkExpectedVersion(definition, id, version, request.expectedVersion);
    const changed = decidedAttributes(planned);
    const values = uniqueValues(id, before, { ...before, ...changed }, key);
    // refused at the append (a writer came in between), the values it claimed go back
    const result = await withValues(id, values, request.metadata, { releaseClaimedOnRefusal: true }, () =>
      deps.handle({
        streamId: definition.streamId(id),
        decider: deciderOf(id),
        command,
        ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
        ...versionSpec,
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      }),
    );
    const after = await load(deps.eventStore, definition, id);
    const now =
      after.status === 'active' ? after : { attributes: { ...before, ...changed }, relationships: {} };
    sendCommandResult(res, {
      type,
      id,
      result: await react(
        {
          id,
          action: 'updated',
          attributes: now.attributes,
          relationships: now.relationships,
          changed,
        },
        result,
        request.metadata,
      ),
    });
  });

  const lifecycle = (
    endpoint: AnyEndpoint,
    action: ResourceAction,
    commandType: 'SoftDeleteResource' | 'RestoreResource' | 'DeleteResource',
  ) => {
    mountEndpoint(router, endpoint, async (req, res) => {
      const id = idOf(req);
      const request = deps.commandRequest(req, res);
      authorize(definition, action, res);
      const key = request.idempotencyKey;
      const current = await load(deps.eventStore, definition, id);
      await authorizeRecord(definition, action, res, current, ruleDeps);
      // a file still used by a record is kept (its file fields would name nothing)
      if (type === FILES_TYPE && commandType !== 'RestoreResource' && current.status !== 'none')
        await refuseWhileUsed(deps, id);
      // a delete frees the record's unique values once its event is stored; a soft-deleted one keeps them
      const live = current.status === 'active' || current.status === 'softDeleted';
      const freed =
        commandType === 'DeleteResource' && live ? uniqueValues(id, current.attributes, null, key) : [];
      const result = await withValues(id, freed, request.metadata, {}, () =>
        deps.handle({
          streamId: definition.streamId(id),
          decider: deciderOf(id),
          command: { type: commandType, data: { id }, metadata: request.metadata },
          ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
          ...versionSpec,
          ...(key !== undefined ? { idempotencyKey: key } : {}),
        }),
      );
      const values =
        current.status === 'active' || current.status === 'softDeleted'
          ? current
          : { attributes: {}, relationships: {} };
      const done =
        commandType === 'RestoreResource'
          ? 'restored'
          : commandType === 'SoftDeleteResource'
            ? 'softDeleted'
            : 'deleted';
      sendCommandResult(res, {
        type,
        id,
        result: await react(
          {
            id,
            action: done,
            attributes: values.attributes,
            relationships: values.relationships,
            changed: {},
          },
          result,
          request.metadata,
        ),
      });
    });
  };
  lifecycle(lifecycleEndpoints.delete, 'delete', 'DeleteResource');
  if (definition.softDeletable) {
    lifecycle(lifecycleEndpoints.softDelete, 'softDelete', 'SoftDeleteResource');
    lifecycle(lifecycleEndpoints.restore, 'restore', 'RestoreResource');
  }
}

/**
 * A target exists when its stream does (or it is a fixed row) and its last event did not delete it (or soft-delete
 * it). Also what a hand-written module asks about an id it stores (a user's job).
 */
export async function recordExists(
  eventStore: EventStore,
  target: RecordTarget,
  id: string,
): Promise<boolean> {
  if (!target.idSchema.safeParse(id).success) return false;
  const [last] = await readStreamOrEmpty(eventStore, target.streamId(id), {
    direction: 'backwards',
    maxCount: 1,
  });
  return last ? !last.type.endsWith('Deleted') : target.fixed.has(id);
}

/**
 * Refuses (409) to soft-delete or delete a file that records' file fields name, as the files projection counts
 * them (ADR 0027): read from the read model, so a record that named the file a moment ago may not be counted yet;
 * a soft deletion is undone by a restore, and a file field naming a soft-deleted file is refused.
 */
async function refuseWhileUsed(deps: CommandModuleDeps, id: string): Promise<void> {
  if (!deps.readSql) return;
  const [row] = await deps.readSql<{ count: number }[]>`
    select count(*)::int as count from read.files_uses where file_id = ${id}`.catch((error: unknown) => {
    // the files projection not set up yet: no record uses a file
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  });
  const count = row?.count ?? 0;
  if (count > 0)
    throw new ConflictError(
      'conflict.file_in_use',
      `file ${id} is used by ${count} record${count === 1 ? '' : 's'}: remove it from ${count === 1 ? 'that record' : 'them'} first`,
    );
}

/** The attribute values the planned events set: all of them on a create, the changed ones on an update. */
function decidedAttributes(events: ReadonlyArray<{ data: unknown }>): Record<string, unknown> {
  const data = events[0]?.data as { attributes?: Record<string, unknown> } | undefined;
  return data?.attributes ?? {};
}

/** Carries out one reaction of a resource's reactors; returns the position of what it appended. */
export async function carryOutReaction(
  deps: CommandModuleDeps,
  reaction: ResourceReaction,
  context: {
    change: ResourceChange;
    metadata: ReturnType<CommandModuleDeps['commandRequest']>['metadata'];
    causeEventIds: string[];
    index: number;
  },
): Promise<bigint> {
  const { change, metadata, causeEventIds, index } = context;
  switch (reaction.kind) {
    case 'environmentUpdated': {
      const action = change.action === 'deleted' || change.action === 'softDeleted' ? 'deleted' : 'saved';
      const { position } = await recordEnvironmentUpdated(deps, {
        metadata,
        reason: { resourceType: change.type, resourceId: change.id, action },
        causeEventIds,
      });
      return position;
    }
    case 'releaseClaim': {
      const scope: UniqueValueScope = {
        category: reaction.category,
        normalise: (value) => value,
        conflictCode: 'conflict.duplicate_value',
        noun: 'value',
      };
      const { position } = await releaseUniqueValue(
        deps,
        scope,
        reaction.value,
        { type: change.type, id: change.id },
        metadata,
        { idempotencyKey: `${causeEventIds.join(',')}:release:${index}` },
      );
      return position;
    }
    case 'notify': {
      const definition = notificationResource;
      const id = deriveId(causeEventIds.join(','), 'notify', String(index));
      const attributes = definition.attributes.parse({
        notificationType: reaction.notificationType,
        message: reaction.message,
        actionUrl: reaction.actionUrl ?? null,
      });
      const result = await deps.handle({
        streamId: definition.streamId(id),
        decider: resourceDecider(definition, id),
        command: {
          type: 'CreateResource',
          data: { id, attributes, relationships: { user: reaction.userId } },
          metadata,
        },
        idempotencyKey: `${causeEventIds.join(',')}:notify:${index}`,
      });
      return result.position;
    }
    default: {
      const never: never = reaction;
      return never;
    }
  }
}
