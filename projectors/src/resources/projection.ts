import type { TransactionSql } from 'postgres';
import {
  asResourceEvent,
  resourceEventTypes,
  type ResourceEvent,
  type RelationshipValue,
  type ResourceDefinition,
  type RelatedCount,
} from '@platform/contracts/resources/definition';
import { commentResource } from '@platform/contracts/content/comment';
import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { LOCALES, type Locale } from '@platform/contracts/enums';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import { RecordLiked, RecordUnliked } from '@platform/contracts/resources/likes';
import type { RecordedEvent } from '@platform/infra/event-store';
import { listIndexTable, resourceTable, snake, visibilityColumns } from '@platform/infra/resources/table';
import type { Projection } from '../projection.ts';

/**
 * One projection per resource: a table with a typed column per attribute (from the zod schema), an id column
 * per to-one relationship and an id array per to-many one, the record's authors, times, soft-deletion and
 * stream version. Indexes follow what the definition lets a list filter and sort on. A definition whose
 * attributes change takes a new `version`, and the runner rebuilds it beside the old one (blue/green).
 */
/** What a hand-written workflow adds to a resource's projection: its events, kept in the computed columns. */
export interface ResourceProjectionExtension {
  eventTypes: readonly string[];
  /** extra tables of the workflow, created beside the record's table */
  tables?: readonly string[];
  setup?(tx: TransactionSql): Promise<void>;
  apply(tx: TransactionSql, event: RecordedEvent, table: string): Promise<void>;
}

/**
 * The tables a resource's projection makes, as the statements it runs and the fixed rows it writes: what a
 * changed definition changes. A test keeps a fingerprint of it per type and version, so that a definition whose
 * table changes without a new `version` (and so without a rebuild) fails before it ships.
 */
export function projectionDdl(definition: ResourceDefinition, options: ProjectionOptions = {}) {
  const shape = resourceTable(definition);
  const { table } = shape;
  const indexed = new Set<string>([
    ...definition.filters,
    ...definition.sorts,
    ...(definition.defaultSort.field === 'createdAt' || definition.defaultSort.field === 'updatedAt'
      ? []
      : [definition.defaultSort.field]),
  ]);
  const columnOf = new Map(shape.attributes.map((a) => [a.name, a]));
  // a relationship read through another projection's join table has no column here
  const own = shape.relationships.filter((r) => !r.through);
  const fixed = definition.fixedRows.rows;
  // fixed rows are keyed ('other'), exist from the start (no time, no version) and are written by setup
  const since = fixed.length ? 'null' : 'not null';
  const columns = [
    `id ${fixed.length ? 'text' : 'uuid'} primary key`,
    ...shape.attributes.map((a) => `"${a.column}" ${a.sqlType} null`),
    ...own.flatMap((r) => [
      ...(r.typeColumn ? [`"${r.typeColumn}" text null`] : []),
      `"${r.column}" ${r.sqlType} null`,
    ]),
    ...shape.computed.map(
      (c) => `"${c.column}" ${c.sqlType} null${c.kind === 'integer' ? ' default 0' : ''}`,
    ),
    `created_at timestamptz ${since}`,
    `updated_at timestamptz ${since}`,
    'created_by text null',
    'updated_by text null',
    'deleted_at timestamptz null',
    `version bigint ${since}`,
    ...(definition.searchMode === 'fullText'
      ? [`search_vector tsvector generated always as (${searchVector(definition, options)}) stored`]
      : []),
  ];
  const defaultSortColumn =
    { createdAt: 'created_at', updatedAt: 'updated_at' }[definition.defaultSort.field as string] ??
    columnOf.get(definition.defaultSort.field)?.column;
  const statements = [
    // quoted: an attribute may carry a reserved word's name (a language line's group)
    `create table ${table} (${columns.join(', ')})`,
    ...[...indexed].flatMap((name) => {
      const column = columnOf.get(name)?.column;
      return column ? [`create index "${table}_${column}" on ${table} ("${column}", id)`] : [];
    }),
    `create index ${table}_created_at on ${table} (created_at, id)`,
    // a descending default sort: the order every list asks for unless told otherwise (`<column> desc nulls last,
    // id`, query-api's orderBy), which the ascending index cannot give; without it the newest page of a category
    // of 10,000 repository items read and sorted all of them (issue 21's bench: 31 ms, 0.05 ms with it)
    ...(() => {
      const column = columnOf.get(definition.defaultSort.field)?.column;
      return definition.defaultSort.direction === 'desc' && column
        ? [`create index "${table}_${column}_desc" on ${table} ("${column}" desc nulls last, id)`]
        : [];
    })(),
    // to-one ids by equality; to-many id arrays by containment (filter[tags]=<id>); a sorted one with the default
    // sort after it (query-api's orderBy: `<column> <direction> nulls last, id`)
    ...own.map((r) =>
      r.many
        ? `create index "${table}_${r.column}" on ${table} using gin ("${r.column}")`
        : r.typeColumn
          ? `create index "${table}_${r.column}" on ${table} ("${r.typeColumn}", "${r.column}")`
          : r.sortedIndex && defaultSortColumn
            ? `create index "${table}_${r.column}" on ${table} ("${r.column}", "${defaultSortColumn}"${definition.defaultSort.direction === 'desc' ? ' desc nulls last' : ''}, id)`
            : `create index "${table}_${r.column}" on ${table} ("${r.column}")`,
    ),
    // list indexes (ADR 0050): per record and id a to-many relationship names, a row with the columns its visibility
    // reads, in a btree that a list filtered by the relationship counts from alone (index-only); kept by triggers
    // from the record's row, so that every writer (the projection, a workflow, a bulk load, a rebuild) keeps it
    ...own
      .filter((r) => r.listIndex)
      .flatMap((r) => listIndexDdl(table, fixed.length ? 'text' : 'uuid', r, definition)),
    // full-text search (searchMode fullText): websearch_to_tsquery against the vector, through its GIN index
    ...(definition.searchMode === 'fullText'
      ? [`create index ${table}_search_vector on ${table} using gin (search_vector)`]
      : []),
    // related counts (G8): per count, which records of the counted type name which of these, and whether each
    // counts (live, published); a GIN index finds a record's counted ones
    // (an average keeps each counted record's value as well)
    ...relatedCounts(definition).flatMap((c) => [
      `create table ${c.side} (child_id ${c.childIdType} primary key, parent_ids text[] not null, live boolean not null, published boolean not null, created_at timestamptz not null${c.spec.kind === 'average' ? ', value double precision null' : ''})`,
      `create index ${c.side}_parent_ids on ${c.side} using gin (parent_ids)`,
    ]),
    // the commentable trait: which comments are on which record, and whether each counts (not soft-deleted)
    ...(definition.traits.commentable
      ? [
          `create table ${table}_comments (comment_id uuid primary key, record_id text not null, live boolean not null)`,
        ]
      : []),
  ];
  return { statements, fixedRows: fixed };
}

/**
 * A list index's membership table and the triggers that keep it (ADR 0050). Its primary key (the target's id, the
 * record's) carries the visibility columns: a count of the records naming one id, as a viewer sees them, reads
 * the index alone once vacuum has marked the table's pages all-visible. The triggers name the table through
 * their own schema (a rebuild's schema is renamed when it goes live), and rewrite a record's rows only when the
 * relationship or a visibility column changed.
 */
function listIndexDdl(
  table: string,
  idType: string,
  r: ReturnType<typeof resourceTable>['relationships'][number],
  definition: ResourceDefinition,
): string[] {
  const side = listIndexTable(table, r.name);
  const covered = visibilityColumns(definition).map((c) => ({ ...c, column: `"${c.column}"` }));
  const names = covered.map((c) => c.column).join(', ');
  const element = r.sqlType.replace(/\[\]$/, '');
  const sync = `${side}_sync`;
  const changed = [`"${r.column}"`, ...covered.map((c) => c.column)];
  return [
    `create table ${side} (target_id ${element} not null, id ${idType} not null, ${covered
      .map((c) => `${c.column} ${c.sqlType} null`)
      .join(', ')}, primary key (target_id, id) include (${names}))`,
    `create index ${side}_id on ${side} (id)`,
    `create function ${sync}() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    execute format('delete from %I.%I where id = $1', tg_table_schema, '${side}') using old.id;
  end if;
  if tg_op <> 'DELETE' then
    execute format('insert into %I.%I (target_id, id, ${names})
      select distinct t, $1.id, ${covered.map((c) => `$1.${c.column}`).join(', ')}
        from unnest($1."${r.column}") t where t is not null', tg_table_schema, '${side}') using new;
  end if;
  return null;
end $$`,
    `create trigger ${sync} after insert or delete on ${table} for each row execute function ${sync}()`,
    `create trigger ${sync}_update after update of ${changed.join(', ')} on ${table} for each row
      when ((${changed.map((c) => `old.${c}`).join(', ')}) is distinct from (${changed.map((c) => `new.${c}`).join(', ')}))
      execute function ${sync}()`,
  ];
}

/** What a resource's projection takes from the deployment. */
export interface ProjectionOptions {
  /** the locale of the records' own text (not their translations): its configuration indexes it; 'en' if absent */
  defaultLocale?: Locale;
}

/** A text search configuration made by the migration 0010 (`english_unaccent`), as a regconfig literal. */
const regconfig = (locale: Locale) => `'public.${unaccentConfig(SEARCH_CONFIGS[locale])}'::regconfig`;

/**
 * The full-text vector of a record (issue 21 G7): its `search` attributes' own text under the default locale's
 * unaccented configuration, and each locale's translations of them under that locale's own (`||`). A generated
 * column: every write keeps it, and the projection's events need not know it.
 */
function searchVector(definition: ResourceDefinition, options: ProjectionOptions): string {
  const shape = resourceTable(definition);
  const columnOf = new Map(shape.attributes.map((a) => [a.name, a.column]));
  const text = (parts: string[]) => parts.map((p) => `coalesce(${p}, '')`).join(` || ' ' || `);
  const own = `to_tsvector(${regconfig(options.defaultLocale ?? 'en')}, ${text(
    definition.search.map((name) => `"${columnOf.get(name)!}"`),
  )})`;
  const translated = definition.search.filter((name) => definition.traits.translatable.includes(name));
  const translations = columnOf.get('translations');
  if (!translated.length || !translations) return own;
  const perLocale = LOCALES.map(
    (locale) =>
      `to_tsvector(${regconfig(locale)}, ${text(
        translated.map((name) => `("${translations}" -> '${locale}' ->> '${name}')`),
      )})`,
  );
  return [own, ...perLocale].join(' || ');
}

/** A related count of a definition (RelatedCount), with what its projection keeps it in. */
interface CountKeeping {
  name: string;
  spec: RelatedCount;
  /** the counted type */
  child: ResourceDefinition;
  childIdType: 'uuid' | 'text';
  /** its side table: `<table>__<name>` */
  side: string;
  /** the column of this type's table it is kept in: the integer, the average, or the latest one's id */
  column: string;
}

function relatedCounts(definition: ResourceDefinition): CountKeeping[] {
  const shape = resourceTable(definition);
  return Object.entries(definition.counts).map(([name, spec]) => {
    // the counted type: this one (a message's replies) or another of the catalogue
    const child = spec.type === definition.type ? definition : resourceDefinition(spec.type);
    if (!child) throw new Error(`${definition.type}: the count ${name} names no type ${spec.type}`);
    const column =
      spec.kind === 'latest'
        ? shape.relationships.find((r) => r.name === name)!.column
        : shape.computed.find((c) => c.name === name)!.column;
    if (spec.kind === 'average' && !(spec.of! in child.attributes.shape))
      throw new Error(
        `${definition.type}: the average ${name} names no attribute ${spec.of} of ${spec.type}`,
      );
    return {
      name,
      spec,
      child,
      childIdType: child.fixedRows.rows.length ? 'text' : 'uuid',
      side: `${shape.table}__${snake(name)}`,
      column,
    };
  });
}

/**
 * Keeps one related count from an event of its counted type (issue 21 G8, the way the comments are counted):
 * the side table holds, per counted record, the records it names through `via` and whether it counts (live, and
 * published when the count asks), so that a soft deletion, a restoration, an unpublication or a move that names
 * only the counted record moves the right counts, once; a replayed event changes nothing twice. A `latest` count
 * is read again from the side table for the records touched, and so is an `average` (the side table keeps each
 * counted record's value of the averaged attribute).
 */
async function keepCount(
  tx: TransactionSql,
  table: string,
  keeping: CountKeeping,
  event: ResourceEvent,
  at: string,
): Promise<void> {
  const { spec, child, side } = keeping;
  const id = event.data.id;
  const parentsOf = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.map(String)
      : value && typeof value === 'object' && 'id' in value
        ? [String((value as { id: unknown }).id)]
        : typeof value === 'string'
          ? [value]
          : [];
  const valueOf = (attributes: Record<string, unknown>): number | null => {
    const value = attributes[spec.of!];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  const averaged = spec.kind === 'average';
  // whether the counted record counts by its attributes: published when the count asks it, its `whenSet` set
  const condition = spec.whenSet ?? (spec.published && child.traits.publishable ? 'publishedAt' : null);
  const publishedOf = (attributes: Record<string, unknown>, fallback: boolean) =>
    condition === null
      ? true
      : condition in attributes
        ? attributes[condition] !== null && attributes[condition] !== undefined
        : fallback;
  type State = { parents: string[]; counted: boolean } | null;
  let before: State = null;
  let after: State = null;
  const [row] = await tx<{ parent_ids: string[]; live: boolean; published: boolean }[]>`
    select parent_ids, live, published from ${tx(side)} where child_id = ${id} for update`;
  if (row) before = { parents: row.parent_ids, counted: row.live && row.published };
  switch (event.kind) {
    case 'created': {
      if (row) return; // replayed
      const parents = parentsOf((event.data.relationships ?? {})[spec.via]);
      const published = publishedOf(event.data.attributes ?? {}, false);
      await tx`insert into ${tx(side)} ${tx({
        child_id: id,
        parent_ids: parents,
        live: true,
        published,
        created_at: at,
        ...(averaged ? { value: valueOf(event.data.attributes ?? {}) } : {}),
      })}`;
      after = { parents, counted: published };
      break;
    }
    case 'updated': {
      if (!row) return;
      const parents =
        spec.via in (event.data.relationships ?? {})
          ? parentsOf(event.data.relationships[spec.via])
          : row.parent_ids;
      const published = publishedOf(event.data.attributes ?? {}, row.published);
      await tx`update ${tx(side)} set parent_ids = ${parents}, published = ${published}
        where child_id = ${id}`;
      if (averaged && spec.of! in (event.data.attributes ?? {}))
        await tx`update ${tx(side)} set value = ${valueOf(event.data.attributes)} where child_id = ${id}`;
      after = { parents, counted: row.live && published };
      break;
    }
    case 'softDeleted':
    case 'restored': {
      if (!row) return;
      const live = event.kind === 'restored';
      await tx`update ${tx(side)} set live = ${live} where child_id = ${id}`;
      after = { parents: row.parent_ids, counted: live && row.published };
      break;
    }
    case 'deleted':
      if (!row) return;
      await tx`delete from ${tx(side)} where child_id = ${id}`;
      break;
  }
  const touched = new Set([...(before?.parents ?? []), ...(after?.parents ?? [])]);
  for (const parent of touched) {
    if (spec.kind === 'count') {
      const step =
        (after?.counted && after.parents.includes(parent) ? 1 : 0) -
        (before?.counted && before.parents.includes(parent) ? 1 : 0);
      if (step !== 0)
        await tx`update ${tx(table)} set ${tx(keeping.column)} = greatest(0, coalesce(${tx(keeping.column)}, 0) + ${step})
          where id = ${parent}`;
    } else if (averaged)
      await tx`update ${tx(table)} set ${tx(keeping.column)} = (
          select avg(s.value) from ${tx(side)} s
          where s.parent_ids @> array[${parent}]::text[] and s.live and s.published and s.value is not null)
        where id = ${parent}`;
    else
      await tx`update ${tx(table)} set ${tx(keeping.column)} = (
          select s.child_id from ${tx(side)} s
          where s.parent_ids @> array[${parent}]::text[] and s.live and s.published
          order by s.created_at desc, s.child_id desc limit 1)
        where id = ${parent}`;
  }
}

export function resourceProjection(
  definition: ResourceDefinition,
  extension?: ResourceProjectionExtension,
  options: ProjectionOptions = {},
): Projection {
  const shape = resourceTable(definition);
  const { table } = shape;
  const columnOf = new Map(shape.attributes.map((a) => [a.name, a]));
  const relationshipColumn = new Map(shape.relationships.filter((r) => !r.through).map((r) => [r.name, r]));
  const counts = relatedCounts(definition);

  const attributeValues = (tx: TransactionSql, attributes: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(attributes)) {
      const field = columnOf.get(name);
      if (!field) continue; // an attribute a later definition dropped
      row[field.column] =
        field.kind === 'json' && value !== null && value !== undefined ? tx.json(value as never) : value;
    }
    return row;
  };
  const relationshipValues = (relationships: Record<string, RelationshipValue>) => {
    const row: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(relationships)) {
      const r = relationshipColumn.get(name);
      if (!r) continue;
      if (r.typeColumn) {
        // a polymorphic target: its type and its id, in two columns
        const ref = value as { type: string; id: string } | null;
        row[r.typeColumn] = ref?.type ?? null;
        row[r.column] = ref?.id ?? null;
      } else row[r.column] = value;
    }
    return row;
  };

  return {
    name: shape.projection,
    version: definition.version,
    eventTypes: [
      ...new Set([
        ...resourceEventTypes(definition),
        ...counts.flatMap((c) => (c.child === definition ? [] : resourceEventTypes(c.child))),
      ]),
      ...(definition.traits.likable ? [RecordLiked.type, RecordUnliked.type] : []),
      ...(definition.traits.commentable ? resourceEventTypes(commentResource) : []),
      ...(extension?.eventTypes ?? []),
    ],
    tables: [
      table,
      ...(definition.traits.commentable ? [`${table}_comments`] : []),
      ...counts.map((c) => c.side),
      ...shape.relationships.filter((r) => r.listIndex).map((r) => listIndexTable(table, r.name)),
      ...(extension?.tables ?? []),
    ],
    async setup(tx) {
      const ddl = projectionDdl(definition, options);
      for (const statement of ddl.statements) await tx.unsafe(statement);
      for (const row of definition.fixedRows.rows)
        await tx`insert into ${tx(table)} ${tx({ id: row.id, ...attributeValues(tx, row.attributes) })}`;
      await extension?.setup?.(tx);
    },
    async apply(tx, event: RecordedEvent) {
      // a legacy event type reads as its kind, its payload upcast to the layer's shape
      const resource = asResourceEvent(definition, event);
      const kind = resource?.kind ?? null;
      const data = resource?.data as {
        id: string;
        attributes?: Record<string, unknown>;
        relationships?: Record<string, RelationshipValue>;
      };
      const at = event.metadata.recordedAt;
      const by = event.metadata.actor.userId;
      const version = event.streamVersion.toString();
      // the related counts first: a counted record of this very type (a reply) is counted on another record
      for (const keeping of counts) {
        const counted = keeping.child === definition ? resource : asResourceEvent(keeping.child, event);
        if (counted) await keepCount(tx, table, keeping, counted, at);
      }
      switch (kind) {
        case 'created': {
          const row = {
            id: data.id,
            ...attributeValues(tx, data.attributes ?? {}),
            ...relationshipValues(data.relationships ?? {}),
            created_at: at,
            updated_at: at,
            created_by: by,
            updated_by: by,
            deleted_at: null,
            version,
          };
          await tx`insert into ${tx(table)} ${tx(row)} on conflict (id) do nothing`;
          return;
        }
        case 'updated': {
          const values = {
            ...attributeValues(tx, data.attributes ?? {}),
            ...relationshipValues(data.relationships ?? {}),
            updated_at: at,
            updated_by: by,
            version,
          };
          await tx`update ${tx(table)} set ${tx(values)} where id = ${data.id}`;
          return;
        }
        case 'softDeleted':
          await tx`update ${tx(table)} set deleted_at = ${at}, version = ${version} where id = ${data.id}`;
          return;
        case 'restored':
          await tx`update ${tx(table)} set deleted_at = null, version = ${version} where id = ${data.id}`;
          return;
        case 'deleted':
          await tx`delete from ${tx(table)} where id = ${data.id}`;
          return;
        default: {
          // the likable trait: a like of one of this type's records moves its count (each like stream
          // alternates liked / unliked, so the count never goes below what the likes hold)
          const like = event.data as { recordType?: string; recordId?: string };
          if (
            definition.traits.likable &&
            (event.type === RecordLiked.type || event.type === RecordUnliked.type)
          ) {
            if (like.recordType !== definition.type) return;
            const step = event.type === RecordLiked.type ? 1 : -1;
            await tx`update ${tx(table)} set likes_count = greatest(0, coalesce(likes_count, 0) + ${step})
              where id = ${like.recordId!}`;
            return;
          }
          if (definition.traits.commentable) {
            const comment = asResourceEvent(commentResource, event);
            if (comment) {
              await countComment(tx, table, definition.type, comment);
              return;
            }
          }
          if (extension?.eventTypes.includes(event.type)) await extension.apply(tx, event, table);
          return;
        }
      }
    },
  };
}

/**
 * The commentable trait: a comment's event moves the count of the record it is on, when that record is of this
 * type. Its soft deletion, restoration and deletion name only the comment, so the projection keeps which record
 * each comment is on and whether it counts (`<table>_comments`); a replayed event changes nothing twice.
 */
async function countComment(tx: TransactionSql, table: string, type: string, comment: ResourceEvent) {
  const comments = `${table}_comments`;
  const id = comment.data.id;
  const step = async (recordId: string | undefined, by: number) => {
    if (recordId === undefined) return;
    await tx`update ${tx(table)} set comments_count = greatest(0, coalesce(comments_count, 0) + ${by})
      where id = ${recordId}`;
  };
  switch (comment.kind) {
    case 'created': {
      const on = comment.data.relationships.commentable as { type: string; id: string } | null | undefined;
      if (!on || on.type !== type) return;
      const [added] = await tx<{ record_id: string }[]>`insert into ${tx(comments)}
        ${tx({ comment_id: id, record_id: on.id, live: true })} on conflict do nothing returning record_id`;
      await step(added?.record_id, 1);
      return;
    }
    case 'softDeleted':
    case 'restored': {
      const live = comment.kind === 'restored';
      const [moved] = await tx<{ record_id: string }[]>`update ${tx(comments)} set live = ${live}
        where comment_id = ${id} and live = ${!live} returning record_id`;
      await step(moved?.record_id, live ? 1 : -1);
      return;
    }
    case 'deleted': {
      const [gone] = await tx<{ record_id: string; live: boolean }[]>`delete from ${tx(comments)}
        where comment_id = ${id} returning record_id, live`;
      if (gone?.live) await step(gone.record_id, -1);
      return;
    }
    default:
      return;
  }
}
