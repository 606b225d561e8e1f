import express, { type Request, type Response, type Router } from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { allows, type ResourceAction } from '@platform/contracts/resources/access';
import { recordFacts } from '@platform/contracts/resources/state';
import { canComment } from '@platform/contracts/resources/comments';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import {
  polymorphicTypes,
  translated,
  switchedOffType,
  type ReadModelAttribute,
  type ResourceDefinition,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';
import type { FieldInfo } from '@platform/contracts/resources/fields';
import { publicationEndpoints } from '@platform/contracts/publications/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { LIST_COUNT_CAP, listCountBound } from '@platform/contracts/resources/list-count';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { listIndexTable, resourceTable } from '@platform/infra/resources/table';
import type { QueryModule, QueryModuleDeps } from '../app.ts';
import {
  listDocument,
  resourceObject,
  sendDocument,
  singleDocument,
  type ResourceObject,
} from '../jsonapi/document.ts';
import { badParameter, parseListQuery, parseResourceQuery, type FilterSchema } from '../jsonapi/query.ts';
import { isoOfValue as iso, orderBy } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';
import { mountLikes } from './likes.ts';
import { IncludedRow, includedRowOf, Row, type Reader } from './reader.ts';
import {
  gateSql,
  readableSql,
  rowSource,
  ruleColumns,
  ruleSql,
  seesTrashed,
  throughContains,
} from './visibility.ts';

const uuid = z.string().uuid();

const authorize = (definition: ResourceDefinition, action: ResourceAction, res: Response) =>
  requireAllowed(res, definition.access[action], `${definition.singular}: ${action}`);

/** A filter value arrives as text; it is read as the attribute's kind (`null` for an empty nullable one). */
function filterSchema(field: FieldInfo): FilterSchema {
  const typed = typedFilter(field);
  if (!field.nullable || field.kind === 'text' || field.kind === 'longText') return typed;
  return z.union([z.literal('null').transform(() => null), typed]) as unknown as FilterSchema;
}

function typedFilter(field: FieldInfo): FilterSchema {
  switch (field.kind) {
    case 'boolean':
      return z.enum(['true', 'false']).transform((v) => v === 'true');
    case 'integer':
      return z
        .string()
        .regex(/^-?\d{1,15}$/, { abort: true })
        .transform(Number);
    case 'number':
      return z
        .string()
        .regex(/^-?\d+(\.\d+)?$/, { abort: true })
        .transform(Number);
    case 'enum':
      return z.enum(field.enumValues as [string, ...string[]]);
    case 'datetime':
      return (
        z
          .string()
          // not an instant: refused before the transform, which zod 4 would run (and Date would throw)
          .datetime({ offset: true, abort: true })
          .transform((v) => new Date(v).toISOString())
      );
    default:
      return z.string().max(2048);
  }
}

/** `id` among the given ids (an include's ids read from a page's rows in JavaScript). */
const idsAmong = (ids: readonly string[], cast: 'uuid' | 'text') =>
  sql.fragment`id = any(${sql.array([...ids], cast)})`;
/** `id` among a subquery's (an include's ids read from the page's rows in the page's own statement). */
const idsFrom = (subquery: FragmentSqlToken) => sql.fragment`id in (${subquery})`;

/** The record types outside the layer a relationship may point at: where their rows are, what an include shows. */
const HAND_WRITTEN_INCLUDES: Record<
  string,
  {
    projection: string;
    /**
     * the related rows whose `id` meets the condition (`idsAmong`, `idsFrom`), as `type, row, extra` (json,
     * IncludedRow) for the one statement of a document's includes
     */
    select(ids: FragmentSqlToken): FragmentSqlToken;
    attributes: (row: Row) => Record<string, unknown>;
  }
> = {
  users: {
    projection: 'accounts',
    select: (ids) => sql.fragment`select 'users'::text as type, to_json(x) as row, null::json as extra from (
      select id::text, first_name, last_name from read.users where ${ids}) x`,
    attributes: (row) => ({ firstName: row.first_name, lastName: row.last_name }),
  },
  organizations: {
    projection: 'resource_organizations',
    select: (
      ids,
    ) => sql.fragment`select 'organizations'::text as type, to_json(x) as row, null::json as extra from (
      select id::text, name, slug from read.organizations where ${ids}) x`,
    attributes: (row) => ({ name: row.name, slug: row.slug }),
  },
  'app-pages': {
    projection: 'pages',
    select: (
      ids,
    ) => sql.fragment`select 'app-pages'::text as type, to_json(x) as row, null::json as extra from (
      select id::text, title, path from read.app_pages
      where not is_draft and deleted_at is null and ${ids}) x`,
    attributes: (row) => ({ title: row.title, path: row.path }),
  },
};

/** The names each included type's sparse fieldset may keep. */
const HAND_WRITTEN_FIELDS: Record<string, string[]> = {
  users: ['firstName', 'lastName'],
  organizations: ['name', 'slug'],
  'app-pages': ['title', 'path'],
};

/**
 * The read side of every resource of the catalogue: list (filters, relationship filters, search, sorts, pages,
 * the soft-deleted view for those who may restore) and find, with includes and sparse fieldsets, every row
 * filtered in SQL by the definition's own rules. Their history is served by history/routes.ts.
 */
export function resourceQueryRoutes(
  catalogue: readonly ResourceDefinition[],
  /**
   * features: the resource features on (config FEATURE_*); absent: on. authorOrganization: a publication item's
   * author is its organization when it has one (FEATURE_ORGANIZATIONS and FEATURE_AUTHOR_ORGANIZATION); absent: on
   */
  options: {
    defaultLocale?: Locale;
    features?: Partial<ResourceFeatures>;
    authorOrganization?: boolean;
    /** the most records a list counts (ADR 0045); absent: LIST_COUNT_CAP. Tests lower it to reach it with a few */
    listCountCap?: number;
  } = {},
): QueryModule {
  const defaultLocale = options.defaultLocale ?? 'en';
  const countCap = options.listCountCap ?? LIST_COUNT_CAP;
  const features = options.features ?? {};
  const authorOrganization = options.authorOrganization ?? true;
  // the likes feature (G10): off, GET /likes answers 404 and documents leave out likedByViewer (counts stay)
  const likes = features.likes !== false;
  return (deps: QueryModuleDeps): Router => {
    const router = express.Router();
    // a type whose feature is off is not served: its lists, records, history and existence answer 404 (this
    // router is mounted before the layer's publishable and history routes, so it sees their paths first)
    router.use((req, _res, next) => {
      next(
        switchedOffType(req.path, catalogue, features)
          ? new NotFoundError('No route for this call')
          : undefined,
      );
    });
    const readers = new Map<string, Reader>();
    for (const definition of catalogue)
      readers.set(
        definition.type,
        resourceReader(definition, defaultLocale, catalogue, { authorOrganization, likes }),
      );
    for (const definition of catalogue)
      mount(router, definition, deps, readers, catalogue, { defaultLocale, likes, countCap });
    mountLikes(router, catalogue, deps, readers, { enabled: likes });
    return router;
  };
}

/** The viewer's `canEdit` / `canDelete` of one row (seed 001 §6: per-item flags come from the server). */
function rowFacts(definition: ResourceDefinition, shape: ReturnType<typeof resourceTable>, row: Row) {
  const relationships: Record<string, unknown> = {};
  for (const r of shape.relationships) relationships[r.name] = row[r.column] ?? (r.many ? [] : null);
  for (const r of shape.relationships)
    if (r.typeColumn)
      relationships[r.name] = row[r.column] ? { type: row[r.typeColumn], id: row[r.column] } : null;
  return recordFacts(definition, { createdBy: (row.created_by as string | null) ?? null, relationships });
}

const EditionLocale = z.enum(LOCALES);
/** The locale each request reads in, worked out once: every translatable row of a document asks for it. */
const locales = new WeakMap<Request, Locale>();

/**
 * The locale a record's translatable text is read in: the editor's edition locale (Accept-Edition-Language, sent
 * in the back office), else the reader's (Accept-Language), else the default one.
 */
function localeOf(req: Request, defaultLocale: Locale): Locale {
  let locale = locales.get(req);
  if (locale === undefined) {
    locale = requestedLocale(req, defaultLocale);
    locales.set(req, locale);
  }
  return locale;
}

/** The answers that already say they vary by language (a document's rows each read theirs in it). */
const varied = new WeakSet<Response>();
function varyByLanguage(res: Response) {
  if (varied.has(res)) return;
  varied.add(res);
  res.vary('Accept-Language').vary('Accept-Edition-Language');
}

function requestedLocale(req: Request, defaultLocale: Locale): Locale {
  const header = req.get('accept-edition-language');
  const edition = header === undefined ? null : EditionLocale.safeParse(header.trim().toLowerCase());
  if (edition?.success) return edition.data;
  const accepted = req.get('accept-language') ? req.acceptsLanguages([...LOCALES]) : false;
  return typeof accepted === 'string' ? (accepted as Locale) : defaultLocale;
}

/**
 * How one resource's rows are read and shown (its documents, with the viewer's field and relationship access):
 * its own routes and includes use it, and so may a hand-written read that shows its records (the user's
 * organizations in GET /users/me). Select the rows `from <table> r`.
 */
export function resourceReader(
  definition: ResourceDefinition,
  defaultLocale: Locale,
  /** the catalogue served: the types a polymorphic relationship points at (its read gate, its includes) */
  catalogue: readonly ResourceDefinition[] = [],
  /**
   * authorOrganization: a publication item's author is its organization when it has one; likes: the likes
   * feature, whose `likedByViewer` a likable type's documents carry (both default on)
   */
  options: { authorOrganization?: boolean; likes?: boolean } = {},
): FullReader {
  const authorOrganization = options.authorOrganization ?? true;
  const likedByViewer = definition.traits.likable && options.likes !== false;
  const { type } = definition;
  const shape = resourceTable(definition);
  /** the rows of the action the viewer reads: the definition's rules, and the read gates (ADR 0025) */
  const visible: FullReader['visible'] = (viewer, action, options = {}) => {
    const key = isVisitor(viewer) ? `${action} ${options.trashed ?? ''} ${options.alias ?? ''}` : null;
    const known = key === null ? undefined : forVisitors.get(key);
    if (known) return known;
    const own = readableSql(definition, shape, viewer, action, options);
    const gate = gateSql(definition, shape, viewer, catalogue);
    const condition = gate ? sql.fragment`(${own} and ${gate})` : own;
    if (key !== null) forVisitors.set(key, condition);
    return condition;
  };
  // a visitor's conditions are the same for every visitor: built once (issue 21's bench found building the
  // visibility of a list and of its included types a tenth of the layer's own CPU per request)
  const forVisitors = new Map<string, FragmentSqlToken>();
  // the table, with the relationships read through join tables as id arrays
  const table = rowSource(shape);
  // what a document reads of a row: all of it, but a full-text vector (a large text the answer never shows)
  const columns =
    definition.searchMode === 'fullText'
      ? sql.fragment`${sql.join(
          [
            'id',
            ...shape.attributes.map((a) => a.column),
            ...shape.relationships.flatMap((r) => (r.typeColumn ? [r.typeColumn, r.column] : [r.column])),
            ...shape.computed.map((c) => c.column),
            ...['created_at', 'updated_at', 'created_by', 'updated_by', 'deleted_at', 'version'],
          ].map((c) => sql.identifier(['r', c])),
          sql.fragment`, `,
        )}`
      : sql.fragment`r.*`;
  const isDatetime = new Set(
    [...shape.attributes, ...shape.computed].filter((a) => a.kind === 'datetime').map((a) => a.name),
  );
  const item = definition.traits.publicationItem;
  // the viewer's canEdit / canDelete: on publication items, and on the types that ask for them (viewerFlags)
  const flags = item || definition.viewerFlags;
  const organizationColumn =
    shape.relationships.find((r) => r.name === 'organization' && r.type === 'organizations' && !r.many)
      ?.column ?? null;
  const readModelFields = Object.entries(definition.readModel);
  /**
   * the values a row is read with beyond its table's, by name: its authors' names (authored, publication item),
   * and the attributes other projections keep for it (each one index lookup)
   */
  const extraValues: Array<[string, FragmentSqlToken]> = [
    ...(definition.traits.authored || item
      ? [['author_name', creatorName] as [string, FragmentSqlToken]]
      : []),
    ...(item && organizationColumn
      ? [['item_organization_name', organizationName(organizationColumn)] as [string, FragmentSqlToken]]
      : []),
    ...readModelFields.map(
      ([name, a]) => [readModelAlias(name), readModelValue(type, a)] as [string, FragmentSqlToken],
    ),
  ];
  /** the same as columns to select beside the row's (`, <value> as <name>`) */
  const extraColumns = extraValues.length
    ? sql.fragment`${sql.join(
        extraValues.map(([name, value]) => sql.fragment`, ${value} as ${sql.identifier([name])}`),
        sql.fragment``,
      )}`
    : sql.fragment``;
  /** and as one json object of an included row (`extra`), null when there are none */
  const extraObject = extraValues.length
    ? sql.fragment`json_build_object(${sql.join(
        extraValues.map(([name, value]) => sql.fragment`${sql.literalValue(name)}, ${value}`),
        sql.fragment`, `,
      )})`
    : sql.fragment`null::json`;
  const fieldNames = [
    ...shape.attributes.map((a) => a.name),
    ...shape.computed.map((c) => c.name),
    ...readModelFields.map(([name]) => name).filter((name) => !shape.computed.some((c) => c.name === name)),
    ...Object.keys(definition.derived),
    'createdAt',
    'updatedAt',
    ...(definition.softDeletable ? ['deletedAt'] : []),
    ...(flags ? ['canEdit', 'canDelete'] : []),
    ...(item ? ['createdBy', 'updatedBy', 'author'] : []),
    ...(definition.traits.translatable.length ? ['otherTranslationsLocales'] : []),
    ...(likedByViewer ? ['likedByViewer'] : []),
    ...(definition.traits.commentable ? ['canComment'] : []),
    ...(definition.traits.authored ? ['authorName', 'createdBy'] : []),
    ...shape.relationships.map((r) => r.name),
  ];

  // what every row's document needs from the definition, worked out once rather than per row (a page of 25
  // with its includes builds 75 documents; the profile of issue 15 found these copies among the layer's costs)
  const valueFields = [...shape.attributes, ...shape.computed];
  const derivedFields = Object.entries(definition.derived);
  const fieldRules = Object.entries(definition.fieldAccess);
  const relationshipRules = Object.entries(definition.relationshipAccess);
  const needsFacts = fieldRules.length > 0 || relationshipRules.length > 0 || Boolean(flags);

  const toResource = (row: Row, res: Response, fields: Record<string, string[]>) => {
    const viewer = viewerOf(res);
    const attributes: Record<string, unknown> = {};
    for (const a of valueFields) {
      const value = row[a.column];
      attributes[a.name] = isDatetime.has(a.name)
        ? iso(value)
        : typeof value === 'bigint'
          ? Number(value)
          : (value ?? null);
    }
    // read beside the row (extraColumns); a row read without them (none today) shows the default
    for (const [name, a] of readModelFields) {
      const value = row[readModelAlias(name)];
      attributes[name] = value === undefined || value === null ? a.default : Number(value);
    }
    if (definition.traits.translatable.length) {
      const locale = localeOf(res.req, defaultLocale);
      const read = translated(definition, attributes, locale, defaultLocale);
      Object.assign(attributes, read.attributes);
      attributes.otherTranslationsLocales = read.otherTranslationsLocales;
      varyByLanguage(res);
    }
    for (const [name, derive] of derivedFields) attributes[name] = derive(attributes, String(row.id));
    // field-level access: what the viewer may not read is left out, derived values having been made first; the
    // rules are evaluated on this record (an organization's members read its member list)
    const facts = needsFacts ? rowFacts(definition, shape, row) : undefined;
    for (const [name, rule] of fieldRules) if (!allows(rule.read, viewer, facts!)) delete attributes[name];
    attributes.createdAt = iso(row.created_at);
    attributes.updatedAt = iso(row.updated_at);
    if (definition.softDeletable) attributes.deletedAt = iso(row.deleted_at);
    const relationships: Record<string, { data: unknown }> = Object.fromEntries(
      shape.relationships.map((r) => {
        const value = row[r.column];
        const data = r.many
          ? ((value as string[] | null) ?? []).map((id) => ({ type: r.type, id }))
          : value
            ? { type: r.typeColumn ? String(row[r.typeColumn]) : r.type, id: value as string }
            : null;
        return [r.name, { data }];
      }),
    );
    for (const [name, rule] of relationshipRules)
      if (!allows(rule.read, viewer, facts!)) delete relationships[name];
    // read with the record's own list or find (not through another's include)
    if (likedByViewer && 'liked_by_viewer' in row) attributes.likedByViewer = row.liked_by_viewer === true;
    // the commentable trait: whether the viewer may comment now (seed 001 §3)
    if (definition.traits.commentable)
      attributes.canComment = canComment(
        {
          publishable: definition.traits.publishable,
          publishedAt: iso(row.published_at),
          hasComments: row.has_comments !== false,
          softDeleted: row.deleted_at !== null && row.deleted_at !== undefined,
        },
        viewer,
        new Date(),
      );
    // the authored trait: the author, or nobody when the account is gone (shown as anonymous)
    if (definition.traits.authored) {
      // the account is there when its name is read (concat_ws makes a text of any user's row)
      const present = typeof row.author_name === 'string';
      const name = present ? (row.author_name as string).trim() : '';
      attributes.authorName = present && name ? name : 'anonymous';
      relationships.createdBy = {
        data: present ? { type: 'users', id: String(row.created_by) } : null,
      };
    }
    if (flags) {
      attributes.canEdit = allows(definition.access.update, viewer, facts!);
      attributes.canDelete =
        allows(definition.access.delete, viewer, facts!) ||
        (definition.softDeletable && allows(definition.access.softDelete, viewer, facts!));
    }
    if (item) {
      attributes.author = authorOf(row, organizationColumn, authorOrganization);
      for (const [name, column] of [
        ['createdBy', 'created_by'],
        ['updatedBy', 'updated_by'],
      ] as const) {
        const id = row[column];
        relationships[name] = { data: typeof id === 'string' ? { type: 'users', id } : null };
      }
    }
    return resourceObject(type, String(row.id), attributes, {
      relationships: relationships as never,
      self: `/api/v1/${type}/${String(row.id)}`,
      // a fixed row nobody changed has no stream yet, so no version to send back as If-Match
      meta: row.version === null ? {} : { version: String(row.version) },
      fields,
    });
  };

  /**
   * An included row as a list reads it, its authors' names included (an included comment names its author too):
   * `type, row, extra`, the json of the table's row and that of the values read beside it. Not the json of a
   * subquery selecting the row's columns and those values: PostgreSQL copied every column of such a subquery (and
   * of the view under it) through the planning of a page's statement, and planned the repository's list with
   * 1.9 MB where the same read written by hand takes 1.3 MB (1.3 MB now); the read pool's backends gave that
   * memory back to the system after each statement and faulted it in again at the next (issue 21's bench,
   * docs/benchmarks.md). A type searched in full text leaves its vector out of the json: it selects its other
   * columns.
   */
  const selectWhere = (ids: FragmentSqlToken, res: Response) =>
    definition.searchMode === 'fullText'
      ? sql.fragment`select ${type}::text as type, to_json(x) as row, null::json as extra from (
      select ${columns}${extraColumns} from ${table} r where ${ids} and ${visible(viewerOf(res), 'show')}) x`
      : sql.fragment`select ${type}::text as type, to_json(r) as row, ${extraObject} as extra
      from ${table} r where ${ids} and ${visible(viewerOf(res), 'show')}`;

  const self: FullReader & { toResource: typeof toResource } = {
    definition,
    projection: shape.projection,
    fieldNames,
    shape,
    table,
    columns,
    visible,
    toResource,
    extraColumns,
    selectByIds(ids, res) {
      const valid = ids.filter((id) => definition.idSchema.safeParse(id).success);
      if (!valid.length) return null;
      return selectWhere(sql.fragment`r.${idsAmong(valid, idType(definition))}`, res);
    },
    selectByIdsIn(ids, res) {
      return selectWhere(sql.fragment`r.${idsFrom(ids)}`, res);
    },
  };
  return self;
}

/**
 * A visitor: no session, no role, no level. Everything a visitor reads is read the same for every visitor, so the
 * SQL conditions of what they may read are built once per type and action.
 */
const isVisitor = (viewer: Viewer) =>
  viewer.userId === null &&
  !viewer.isAdmin &&
  viewer.roles.length === 0 &&
  viewer.accessWeight === 0 &&
  !viewer.actingAsOrganizationId &&
  viewer.environment === undefined;

const idType = (definition: ResourceDefinition) => (definition.fixedRows.rows.length ? 'text' : 'uuid');

type FullReader = Reader & {
  shape: ReturnType<typeof resourceTable>;
  table: FragmentSqlToken;
  /** the row's columns a document reads (`r.*` but a full-text vector) */
  columns: FragmentSqlToken;
  /** `, <expr> as <name>` columns to select beside `columns` (the authors' names) */
  extraColumns: FragmentSqlToken;
  /** the rows the viewer reads through an action, as one SQL condition on `r` */
  visible(
    viewer: Viewer,
    action: 'index' | 'show',
    options?: Parameters<typeof readableSql>[4],
  ): FragmentSqlToken;
};

/**
 * The creator's full name (ADR 0025, issue 21 G9), read from the accounts' read model: null when the account is
 * gone or the creator is the platform itself (created_by holds a user id, or the platform's own actor). The
 * authored trait's author and a publication item's creator are the same person, read once: the list of forum
 * subjects (both traits) read it twice and its existence a third time, three lookups per row where a join written
 * by hand makes one (issue 21's bench).
 */
const creatorName = sql.fragment`(select concat_ws(' ', u.first_name, u.last_name) from read.users u
    where u.id = (case when r.created_by ~ '^[0-9a-f-]{36}$' then r.created_by end)::uuid)`;

const readModelAlias = (name: string) => `read_model_${name}`;

/** A read-model attribute of the record (ReadModelAttribute), its default when the read model has no row for it. */
const readModelValue = (type: string, a: ReadModelAttribute) =>
  sql.fragment`coalesce((select m.${sql.identifier([
    a.column,
  ])} from ${sql.identifier(['read', a.table])} m where m.resource_type = ${type} and m.resource_id = r.id::text), ${
    a.default
  })`;

/** A publication item's organization's name, when it has one. */
const organizationName = (organizationColumn: string) => sql.fragment`(select o.name
    from read.organizations o where o.id = ${sql.identifier(['r', organizationColumn])})`;

/** A publication item's author, as its documents carry it. */
export interface ItemAuthor {
  type: 'users' | 'organizations';
  id: string;
  name: string;
}

/**
 * Who a publication item's author is (seed 001 §3): "the organization when the organizations and
 * author-organization features are on, otherwise the creator". A record of no organization is its creator's;
 * null when neither is there any more.
 */
function authorOf(row: Row, organizationColumn: string | null, byOrganization: boolean): ItemAuthor | null {
  const organizationId = organizationColumn ? row[organizationColumn] : null;
  if (byOrganization && typeof organizationId === 'string' && typeof row.item_organization_name === 'string')
    return { type: 'organizations', id: organizationId, name: row.item_organization_name };
  if (typeof row.author_name === 'string' && typeof row.created_by === 'string')
    return { type: 'users', id: row.created_by, name: row.author_name.trim() };
  return null;
}

/**
 * An overlaps filter's value (issue 21 G6): `<from>,<to>`, two ISO 8601 instants (or dates, read as UTC
 * midnight), the first before the second; anything else is a 400 on the parameter.
 */
function overlapsFilter(): FilterSchema {
  const instant = z.union([z.string().datetime({ offset: true }), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);
  return z
    .string()
    .max(100, { abort: true })
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => p.trim());
      const [from, to] = parts.map((p) => (instant.safeParse(p).success ? new Date(p) : null));
      if (parts.length !== 2 || !from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Expected <from>,<to>: two ISO 8601 instants' });
        return z.NEVER;
      }
      if (from >= to) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: 'The start of the period is not before its end',
        });
        return z.NEVER;
      }
      return { from: from.toISOString(), to: to.toISOString() };
    }) as unknown as FilterSchema;
}

/**
 * A polymorphic relationship's filter: `type:id` names one record, `null` none (ADR 0025); a type outside the
 * allowed ones or an id of the wrong shape is a 400 on the parameter.
 */
function polymorphicFilter(types: readonly string[]): FilterSchema {
  const ref = z
    .string()
    .max(200, { abort: true })
    .transform((v, ctx) => {
      const at = v.indexOf(':');
      const ref = { type: v.slice(0, at), id: v.slice(at + 1) };
      if (at < 1 || !types.includes(ref.type) || !/^[A-Za-z0-9_-]{1,100}$/.test(ref.id)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Expected <type>:<id>, type one of ${types.join(', ')}`,
        });
        return z.NEVER;
      }
      return ref;
    });
  return z.union([z.literal('null').transform(() => null), ref]) as unknown as FilterSchema;
}

/**
 * A list of related ids, comma-separated (filter[accessLevels]=contact,member_level_1): each a valid id of the
 * target; when the target's records are only its fixed rows (nobody creates one), one of those.
 */
function relatedIdsFilter(target: ResourceDefinition | undefined): FilterSchema {
  const fixedOnly = target && target.fixedRows.rows.length > 0 && target.access.create === 'nobody';
  // an id schema reads a string (zod 4's pipe asks that its input take what the transform gives)
  const id = (
    fixedOnly
      ? z.enum(target.fixedRows.rows.map((r) => r.id) as [string, ...string[]])
      : (target?.idSchema ?? uuid)
  ) as z.ZodType<string, string>;
  return z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(z.array(id).min(1).max(100)) as unknown as FilterSchema;
}

/** A relationship filter's value: a related id, or `null` for none (to-one). */
function relationshipFilter(spec: { type: string; many?: boolean }, target: ResourceDefinition | undefined) {
  const id = (target?.idSchema ?? uuid) as z.ZodType<string, string>;
  const one = z.string().pipe(id);
  return (spec.many
    ? one
    : z.union([z.literal('null').transform(() => null), one])) as unknown as FilterSchema;
}

function mount(
  router: Router,
  definition: ResourceDefinition,
  deps: QueryModuleDeps,
  readers: Map<string, Reader>,
  catalogue: readonly ResourceDefinition[],
  { defaultLocale, likes, countCap }: { defaultLocale: Locale; likes: boolean; countCap: number },
): void {
  const { type } = definition;
  const own = readers.get(type) as FullReader;
  // the authors' names of the authored trait and of publication items, read beside the row
  const extra = own.extraColumns;
  /** the types each polymorphic relationship may point at */
  const polymorphic = new Map(
    own.shape.relationships.flatMap((r) => (r.typeColumn ? [[r.name, polymorphicTypes(r, catalogue)]] : [])),
  );
  const { shape, table } = own;
  const columnOf = new Map<string, string>([
    ...shape.attributes.map((a) => [a.name, a.column] as const),
    // the computed columns a `present` list filter may name (a report's resolvedAt)
    ...shape.computed.map((c) => [c.name, c.column] as const),
    ['createdAt', 'created_at'],
    ['updatedAt', 'updated_at'],
  ]);
  const relationshipOf = new Map(shape.relationships.map((r) => [r.name, r]));
  const item = definition.traits.publicationItem;
  // what an include may name: every relationship, and the authors of a publication item
  const includable = new Map<string, string>([
    ...shape.relationships.map((r) => [r.name, r.type] as const),
    ...(item
      ? ([
          ['createdBy', 'users'],
          ['updatedBy', 'users'],
        ] as const)
      : []),
  ]);
  const fields: Record<string, string[]> = { [type]: own.fieldNames };
  const includedTypes = new Set(
    [...includable].flatMap(([name, target]) => polymorphic.get(name) ?? [target]),
  );
  for (const target of includedTypes)
    fields[target] = readers.get(target)?.fieldNames ?? HAND_WRITTEN_FIELDS[target] ?? [];
  const filters: Record<string, FilterSchema> = { search: z.string().trim().min(1).max(200) };
  const readable = (name: string) => {
    const rule = definition.fieldAccess[name];
    return (res: Response) => !rule || allows(rule.read, viewerOf(res));
  };
  for (const name of definition.filters)
    filters[name] = filterSchema(shape.attributes.find((a) => a.name === name)!);
  for (const r of shape.relationships)
    if (!(r.name in filters))
      filters[r.name] = r.polymorphic
        ? polymorphicFilter(polymorphicTypes(r, catalogue))
        : relationshipFilter(r, readers.get(r.type)?.definition);
  for (const [name, filter] of Object.entries(definition.listFilters))
    filters[name] =
      filter.kind === 'present'
        ? (z.enum(['true', 'false']).transform((v) => v === 'true') as unknown as FilterSchema)
        : filter.kind === 'overlaps'
          ? overlapsFilter()
          : relatedIdsFilter(readers.get(relationshipOf.get(filter.relationship)!.type)?.definition);
  // what one member wrote (their profile's publications): the records they created
  const byCreator = (item || definition.traits.authored) && !('createdBy' in filters);
  if (byCreator) filters.createdBy = uuid as unknown as FilterSchema;
  if (definition.softDeletable) filters.trashed = z.enum(['with', 'only']);
  const include = [...includable.keys()];
  const listSpec = {
    fields,
    filters,
    include,
    sort: [...definition.sorts, 'createdAt', 'updatedAt'],
    defaultSort: [definition.defaultSort],
  };
  const projections = [
    ...new Set([
      shape.projection,
      ...[...includedTypes].flatMap((t) => {
        const projection = readers.get(t)?.projection ?? HAND_WRITTEN_INCLUDES[t]?.projection;
        return projection ? [projection] : [];
      }),
      // the projections that keep the join tables some relationships are read through
      ...shape.relationships.flatMap((r) => (r.through ? [r.through.projection] : [])),
    ]),
  ];
  const likedByViewer = definition.traits.likable && likes;
  if (likedByViewer) projections.push('likes');
  // the projections that keep the read-model attributes of the type and of those it includes
  for (const d of [definition, ...[...includedTypes].flatMap((t) => readers.get(t)?.definition ?? [])])
    for (const a of Object.values(d.readModel))
      if (!projections.includes(a.projection)) projections.push(a.projection);
  // the authored trait reads the authors' names in the accounts' read model
  if ((definition.traits.authored || item) && !projections.includes('accounts')) projections.push('accounts');
  // a publication item's author may be its organization, named from the organizations' read model
  if (item && !projections.includes('resource_organizations')) projections.push('resource_organizations');
  const reads = deps.readAfter(projections);
  /** whether the viewer likes each record of a likable type (the likes read model) */
  const likedBy = (viewer: Viewer) =>
    likedByViewer
      ? viewer.userId === null
        ? sql.fragment`, false as liked_by_viewer`
        : sql.fragment`, exists(select 1 from read.likes l where l.user_id = ${viewer.userId}
            and l.record_type = ${type} and l.record_id = r.id::text) as liked_by_viewer`
      : sql.fragment``;

  /** An included record as its document shows it: by its type's reader, or as a hand-written type shows it. */
  const includedResource = (
    target: string,
    row: Row,
    res: Response,
    fieldsQuery: Record<string, string[]>,
  ): ResourceObject => {
    const other = readers.get(target);
    if (other) return other.toResource(row, res, fieldsQuery);
    const hand = HAND_WRITTEN_INCLUDES[target]!;
    return resourceObject(target, String(row.id), hand.attributes(row), { fields: fieldsQuery });
  };

  /** The records the document's resources point at through the included relationships, each once. */
  const includedOf = async (
    rows: readonly Row[],
    names: readonly string[],
    res: Response,
    fieldsQuery: Record<string, string[]>,
  ): Promise<ResourceObject[] | undefined> => {
    if (!names.length) return undefined;
    const byType = new Map<string, Set<string>>();
    for (const name of names) {
      const r = relationshipOf.get(name);
      if (r?.typeColumn) {
        // a polymorphic relationship: each row's target is of the type its row names
        for (const row of rows) {
          const target = row[r.typeColumn];
          const id = row[r.column];
          if (typeof target !== 'string' || typeof id !== 'string') continue;
          byType.set(target, (byType.get(target) ?? new Set<string>()).add(id));
        }
        continue;
      }
      const target = includable.get(name)!;
      const column =
        name === 'createdBy'
          ? 'created_by'
          : name === 'updatedBy'
            ? 'updated_by'
            : relationshipOf.get(name)!.column;
      const ids = byType.get(target) ?? new Set<string>();
      const rule = definition.relationshipAccess[name]?.read;
      for (const row of rows) {
        // a relationship the viewer may not read on this record includes nothing of it
        if (rule && !allows(rule, viewerOf(res), rowFacts(definition, shape, row))) continue;
        const value = row[column];
        for (const id of Array.isArray(value) ? value : value ? [value] : []) ids.add(String(id));
      }
      byType.set(target, ids);
    }
    // every included type in one statement: a document costs as many round trips as a join written by hand
    const selects = [...byType].flatMap(([target, ids]) => {
      if (!ids.size) return [];
      const other = readers.get(target);
      if (other) return other.selectByIds([...ids], res) ?? [];
      const valid = [...ids].filter((id) => uuid.safeParse(id).success);
      const hand = HAND_WRITTEN_INCLUDES[target];
      return hand && valid.length ? [hand.select(idsAmong(valid, 'uuid'))] : [];
    });
    if (!selects.length) return [];
    const found = await deps.readPool.any(
      sql.type(IncludedRow)`${sql.join(selects, sql.fragment` union all `)}`,
    );
    return found.map(({ type: target, row, extra }) =>
      includedResource(target, includedRowOf(row, extra), res, fieldsQuery),
    );
  };

  /**
   * The included records of a page as a part of the page's own statement, their ids read from the page's rows in
   * SQL (`page`): a list with includes costs one round trip, as a join written by hand does (issue 15's bench
   * found the second, sequential one a tenth of such a list's cost). Null when an include needs the rows in
   * JavaScript first: a polymorphic relationship (its target type is per row), one read through a join table, or
   * one with a read rule (evaluated per row).
   */
  const includesFromPage = (names: readonly string[], res: Response): FragmentSqlToken | null => {
    // a visitor's are the same for every visitor (includesForVisitors)
    const key = isVisitor(viewerOf(res)) ? names.join(',') : null;
    if (key !== null && includesForVisitors.has(key)) return includesForVisitors.get(key)!;
    const made = includesSql(names, res);
    if (key !== null && includesForVisitors.size < 100) includesForVisitors.set(key, made);
    return made;
  };
  const includesForVisitors = new Map<string, FragmentSqlToken | null>();
  const includesSql = (names: readonly string[], res: Response): FragmentSqlToken | null => {
    const idsByType = new Map<string, FragmentSqlToken[]>();
    for (const name of names) {
      const r = relationshipOf.get(name);
      if (r && (r.typeColumn || r.through)) return null;
      if (definition.relationshipAccess[name]?.read) return null;
      const column = sql.identifier([
        'p',
        name === 'createdBy' ? 'created_by' : name === 'updatedBy' ? 'updated_by' : r!.column,
      ]);
      const target = includable.get(name)!;
      idsByType.set(target, [
        ...(idsByType.get(target) ?? []),
        r?.many
          ? sql.fragment`select unnest(${column}) from page p`
          : sql.fragment`select ${column} from page p`,
      ]);
    }
    const selects = [...idsByType].flatMap(([target, subqueries]) => {
      const ids = sql.fragment`${sql.join(subqueries, sql.fragment` union `)}`;
      const other = readers.get(target);
      if (other) return [other.selectByIdsIn(ids, res)];
      const hand = HAND_WRITTEN_INCLUDES[target];
      return hand ? [hand.select(idsFrom(ids))] : [];
    });
    return selects.length ? sql.fragment`${sql.join(selects, sql.fragment` union all `)}` : null;
  };

  /** The included records a page's statement read (`list_included` of one of its rows, if any). */
  const includedFromPage = (
    rows: readonly Row[],
    res: Response,
    fieldsQuery: Record<string, string[]>,
  ): ResourceObject[] => {
    const carrier = rows.find((row) => row.list_included !== null && row.list_included !== undefined);
    const found = (carrier?.list_included ?? []) as Array<[string, Row, Row | null]>;
    return found.map(([target, row, extra]) =>
      includedResource(target, includedRowOf(row, extra), res, fieldsQuery),
    );
  };

  mountEndpoint(router, recordEndpoints(type).list, reads, async (req, res) => {
    authorize(definition, 'index', res);
    const query = parseListQuery(req.originalUrl, listSpec);
    const viewer = viewerOf(res);
    const filter = query.filter as Record<string, unknown>;
    const trashed = filter.trashed as 'with' | 'only' | undefined;
    if (trashed && !seesTrashed(definition, viewer))
      throw badParameter('filter[trashed]', 'Only those who may restore records see soft-deleted ones');
    const conditions: FragmentSqlToken[] = [own.visible(viewer, 'index', trashed ? { trashed } : {})];
    let indexed: { table: string; value: string; cast: 'text' | 'uuid'; at: number } | null = null;
    for (const name of definition.filters) {
      const value = filter[name];
      if (value === undefined) continue;
      if (!readable(name)(res)) throw badParameter(`filter[${name}]`, `Unknown filter "${name}"`);
      const column = sql.identifier(['r', columnOf.get(name)!]);
      conditions.push(
        value === null ? sql.fragment`${column} is null` : sql.fragment`${column} = ${value as string}`,
      );
    }
    for (const r of shape.relationships) {
      const value = filter[r.name];
      if (value === undefined || definition.filters.includes(r.name)) continue;
      const column = sql.identifier(['r', r.column]);
      const target = readers.get(r.type)?.definition;
      const cast = target?.fixedRows.rows.length ? 'text' : 'uuid';
      // a relationship only some read filters only the records on which the viewer reads it
      const rule = definition.relationshipAccess[r.name]?.read;
      if (rule) conditions.push(ruleSql(rule, viewer, ruleColumns(definition, shape)));
      if (r.typeColumn) {
        const ref = value as { type: string; id: string } | null;
        conditions.push(
          ref === null
            ? sql.fragment`${column} is null`
            : sql.fragment`${sql.identifier(['r', r.typeColumn])} = ${ref.type} and ${column} = ${ref.id}`,
        );
        continue;
      }
      // a list index (ADR 0050): the list's count may read its membership table instead
      if (r.listIndex && typeof value === 'string' && !rule)
        indexed = {
          table: listIndexTable(shape.table, r.name),
          value,
          cast: r.sqlType === 'text[]' ? 'text' : 'uuid',
          at: conditions.length,
        };
      conditions.push(
        r.through
          ? throughContains(
              r.through,
              sql.identifier(['r', 'id']),
              cast === 'text'
                ? sql.fragment`${value as string}::text`
                : sql.fragment`${value as string}::uuid`,
            )
          : value === null
            ? sql.fragment`${column} is null`
            : r.many
              ? sql.fragment`${column} @> ${sql.array([value as string], cast)}`
              : sql.fragment`${column} = ${value as string}`,
      );
    }
    for (const [name, spec] of Object.entries(definition.listFilters)) {
      const value = filter[name];
      if (value === undefined) continue;
      if (spec.kind === 'anyOf') {
        const r = relationshipOf.get(spec.relationship)!;
        const cast = readers.get(r.type)?.definition.fixedRows.rows.length ? 'text' : 'uuid';
        conditions.push(
          sql.fragment`${sql.identifier(['r', r.column])} = any(${sql.array(value as string[], cast)})`,
        );
      } else if (spec.kind === 'present') {
        const set = spec.attributes.map(
          (a) => sql.fragment`${sql.identifier(['r', columnOf.get(a)!])} is not null`,
        );
        const all = sql.fragment`(${sql.join(set, sql.fragment` and `)})`;
        conditions.push(value === true ? all : sql.fragment`not ${all}`);
      } else if (spec.kind === 'overlaps') {
        // [start, end] overlaps [from, to); a record with no end lasts its start's instant
        const { from, to } = value as { from: string; to: string };
        const start = sql.identifier(['r', columnOf.get(spec.start)!]);
        const end = sql.identifier(['r', columnOf.get(spec.end)!]);
        conditions.push(
          sql.fragment`(${start} < ${to}::timestamptz and coalesce(${end}, ${start}) >= ${from}::timestamptz)`,
        );
      }
    }
    if (byCreator && typeof filter.createdBy === 'string')
      conditions.push(sql.fragment`r.created_by = ${filter.createdBy}`);
    // full-text search (issue 21 G7): the reader's locale's unaccented configuration, ranked unless sorted
    let rank: FragmentSqlToken | null = null;
    if (
      typeof filter.search === 'string' &&
      definition.search.length &&
      definition.searchMode === 'fullText'
    ) {
      const config = `public.${unaccentConfig(SEARCH_CONFIGS[localeOf(req, defaultLocale)])}`;
      const tsquery = sql.fragment`websearch_to_tsquery(${config}::regconfig, ${filter.search})`;
      conditions.push(sql.fragment`r.search_vector @@ ${tsquery}`);
      if (!new URL(req.originalUrl, 'http://x').searchParams.has('sort'))
        rank = sql.fragment`ts_rank(r.search_vector, ${tsquery})`;
      res.vary('Accept-Language');
    } else if (typeof filter.search === 'string' && definition.search.length) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const terms = definition.search.map(
        (name) => sql.fragment`${sql.identifier(['r', columnOf.get(name)!])} ilike ${pattern}`,
      );
      conditions.push(sql.fragment`(${sql.join(terms, sql.fragment` or `)})`);
    }
    for (const s of query.sort)
      if (!readable(s.field)(res)) throw badParameter('sort', `Cannot sort by "${s.field}"`);
    const where = sql.join(conditions, sql.fragment` and `);
    const { first, last } = definition.fixedRows;
    // fixed rows that open or close every list, whatever its sort (the job "other" is listed last)
    const pinned = [
      ...(first.length ? [sql.fragment`(r.id = any(${sql.array([...first], 'text')})) desc`] : []),
      ...(last.length ? [sql.fragment`(r.id = any(${sql.array([...last], 'text')})) asc`] : []),
    ];
    const order = sql.join(
      [
        ...pinned,
        // the rank is a column of the page (its vector is not), so the statement reading the page orders by it too
        ...(rank ? [sql.fragment`list_rank desc`] : []),
        // a descending sort lists the records with no value last (the subjects pinned on their category first,
        // then the others), as an ascending one does
        orderBy(query.sort, { alias: 'r', columns: Object.fromEntries(columnOf), nulls: 'last' }),
      ],
      sql.fragment`, `,
    );
    // the page and the count of the list in one statement; a page past the end counts on its own. The count is an
    // uncorrelated subquery (run once, an index-only count where it can), not a window over the page's query: a
    // window makes PostgreSQL read and sort every matching row, whole, before the limit applies. It stops one row
    // past its bound (ADR 0045): a long list's pages cost what its first thousand rows do, not its length
    const bound = listCountBound(query.page, countCap);
    // a list filtered by one relationship with a list index and nothing else but the viewer's visibility counts
    // through its membership table: one row per record there, with the columns that visibility reads, so the
    // count reads an index alone (ADR 0050); the page itself is read from the record's table as before
    const counted =
      indexed && indexed.at === 1 && conditions.length === 2
        ? sql.fragment`(select count(*)::int from (select 1 from ${sql.identifier(['read', indexed.table])} r
            where r.target_id = ${indexed.value}::${sql.identifier([indexed.cast])} and ${conditions[0]!}
            limit ${bound + 1}) c)`
        : sql.fragment`(select count(*)::int from (select 1 from ${table} r where ${where} limit ${bound + 1}) c)`;
    // the sums of a list filtered by one record (an account's balance, ListTotal): over every matching record,
    // under the same conditions as the page, through the relationship's index; uncorrelated subqueries of the page's
    // statement, as its count is (a page past the end reads them on their own)
    const summed = Object.entries(definition.totals).filter(([, t]) => typeof filter[t.per] === 'string');
    const sums = summed.map(([name, t], index) => {
      const of = sql.identifier(['r', columnOf.get(t.of)!]);
      const negative = t.negativeWhen
        ? sql.fragment`${sql.identifier(['r', columnOf.get(t.negativeWhen.attribute)!])} = any(${sql.array([...t.negativeWhen.values], 'text')})`
        : sql.fragment`false`;
      return {
        name,
        column: `list_sum_${index}`,
        sql: sql.fragment`(select coalesce(sum(case when ${negative} then -${of} else ${of} end), 0)::bigint
          from ${table} r where ${where})`,
      };
    });
    const summedColumns = sums.map((s) => sql.fragment`, ${s.sql} as ${sql.identifier([s.column])}`);
    const page = sql.fragment`
      select ${own.columns}, ${counted} as list_total${
        summedColumns.length ? sql.join(summedColumns, sql.fragment``) : sql.fragment``
      }${rank ? sql.fragment`, ${rank} as list_rank` : sql.fragment``}${likedBy(viewer)}${extra}
      from ${table} r
      where ${where} order by ${order} limit ${query.page.size} offset ${query.page.offset}`;
    // with includes that SQL can gather from the page's rows, one statement: the page, and its included records
    // as one json array carried by one of its rows
    const fromPage = query.include.length ? includesFromPage(query.include, res) : null;
    const rows = fromPage
      ? await deps.readPool.any(sql.type(Row)`
          with page as materialized (${page})
          select r.*, case when r.id = (select p.id from page p limit 1) then
            (select json_agg(json_build_array(i.type, i.row, i.extra)) from (${fromPage}) i) end as list_included
          from page r order by ${order}`)
      : await deps.readPool.any(sql.type(Row)`${page}`);
    const total = rows.length
      ? Number(rows[0]!.list_total)
      : query.page.offset === 0
        ? 0
        : await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`select ${counted} as total`);
    const included = fromPage
      ? includedFromPage(rows, res, query.fields)
      : await includedOf(rows, query.include, res, query.fields);
    const sumsRow: Record<string, unknown> | null = !sums.length
      ? null
      : rows.length
        ? rows[0]!
        : await deps.readPool.one(
            sql.type(Row)`select ${sql.join(
              sums.map((s) => sql.fragment`${s.sql} as ${sql.identifier([s.column])}`),
              sql.fragment`, `,
            )}`,
          );
    const totals = sumsRow ? Object.fromEntries(sums.map((s) => [s.name, Number(sumsRow[s.column])])) : null;
    sendDocument(
      res,
      listDocument({
        data: rows.map((row) => own.toResource(row, res, query.fields)),
        ...(included ? { included } : {}),
        ...(totals ? { meta: { totals } } : {}),
        total,
        bound,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });

  mountEndpoint(router, recordEndpoints(type).find, reads, async (req, res, { params }) => {
    authorize(definition, 'show', res);
    const query = parseResourceQuery(req.originalUrl, { fields, include });
    const id = params.id;
    const viewer = viewerOf(res);
    // visibility in SQL, as for a list: a row the viewer may not read is not loaded at all; a definition with a
    // lookup attribute finds a record by it too (/organizations/{slug})
    const lookup = definition.lookupBy ? columnOf.get(definition.lookupBy)! : null;
    const by = definition.idSchema.safeParse(id).success
      ? sql.fragment`r.id = ${id}`
      : lookup
        ? sql.fragment`${sql.identifier(['r', lookup])} = ${id.toLowerCase()}`
        : null;
    const row = by
      ? await deps.readPool.maybeOne(sql.type(Row)`
          select ${own.columns}${likedBy(viewer)}${extra} from ${table} r where ${by} and ${own.visible(viewer, 'show', { trashed: 'any' })}`)
      : null;
    if (!row) throw new NotFoundError(`${definition.singular} ${id} not found`);
    const included = await includedOf([row], query.include, res, query.fields);
    sendDocument(
      res,
      singleDocument({
        data: own.toResource(row, res, query.fields),
        ...(included ? { included } : {}),
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
}
/**
 * GET /api/v1/services/publishables/{pluralType}/{id or lookup value}: whether the record exists at all, so that the web can
 * tell "not found" from "not allowed" after a 404 or 403 (seed 000 §6, 001 §7): an unpublished record, or one
 * above the viewer's access level, exists. A soft-deleted record exists only for those who may restore it.
 */
export function publishableRoutes(catalogue: readonly ResourceDefinition[]): QueryModule {
  const tables = new Map<
    string,
    {
      table: string;
      hidesDeleted: (viewer: Viewer) => boolean;
      idSchema: z.ZodType<string>;
      /** the column of the definition's lookup attribute: a record found by its slug is asked about by it too */
      lookup: string | null;
    }
  >([
    ['app-pages', { table: 'app_pages', hidesDeleted: () => false, idSchema: uuid, lookup: null }],
    ...catalogue.map((d) => {
      const table = resourceTable(d);
      const lookup = d.lookupBy ? table.attributes.find((a) => a.name === d.lookupBy)!.column : null;
      return [
        d.type,
        {
          table: table.table,
          hidesDeleted: (viewer: Viewer) => d.softDeletable && !seesTrashed(d, viewer),
          idSchema: d.idSchema,
          lookup,
        },
      ] as const;
    }),
  ]);
  return (deps) => {
    const router = express.Router();
    mountEndpoint(router, publicationEndpoints.publishable, async (req, res, { params }) => {
      const known = tables.get(params.type);
      if (!known) throw new NotFoundError(`Unknown type ${params.type}`);
      const id = params.id;
      const by = known.idSchema.safeParse(id).success
        ? sql.fragment`id = ${id}`
        : known.lookup
          ? sql.fragment`${sql.identifier([known.lookup])} = ${id.toLowerCase()}`
          : null;
      let exists = false;
      if (by) {
        const hidden = known.hidesDeleted(viewerOf(res))
          ? sql.fragment`and deleted_at is null`
          : sql.fragment``;
        exists = await deps.readPool.exists(
          sql.type(
            z.object({}),
          )`select 1 from ${sql.identifier(['read', known.table])} where ${by} ${hidden}`,
        );
      }
      sendDocument(res, { data: { type: params.type, id, exists }, meta: {} });
    });
    return router;
  };
}
