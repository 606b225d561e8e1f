import type { TransactionSql } from 'postgres';
import { htmlText } from '@platform/contracts/content/rich-text';
import { LOCALES } from '@platform/contracts/enums';
import {
  asResourceEvent,
  resourceEventTypes,
  type RelationshipValue,
  type ResourceDefinition,
} from '@platform/contracts/resources/definition';
import { fieldInfo } from '@platform/contracts/resources/fields';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import type { RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '../projection.ts';

/** The global search's read model (ADR 0041): one row per searchable record, `read.search_index`. */
export const SEARCH_INDEX_PROJECTION = 'search_index';
export const SEARCH_INDEX_TABLE = 'search_index';

/** The types of a catalogue whose records are in the global search. */
export const searchableTypes = (catalogue: readonly ResourceDefinition[]) =>
  catalogue.filter((definition) => definition.globalSearch !== null);

/**
 * A locale's vector: the title (weight A) and the description (weight B) as a reader of that locale reads them
 * (the locale's translation, else the record's own text), under the locale's unaccented configuration, so that
 * a query parsed by the same configuration meets the same stems. A generated column: a row's writes keep it.
 */
function localeVector(locale: (typeof LOCALES)[number]): string {
  const config = `'public.${unaccentConfig(SEARCH_CONFIGS[locale])}'::regconfig`;
  const read = (field: 'title' | 'description') =>
    `coalesce(translations -> '${locale}' ->> '${field}', ${field})`;
  return `setweight(to_tsvector(${config}, ${read('title')}), 'A') || setweight(to_tsvector(${config}, ${read('description')}), 'B')`;
}

/**
 * The index's statements: what a type's `index` rule reads of a record is kept beside its text (created_by,
 * deleted_at, published_at, its access level, organization and owner, its to-many users and its boolean
 * attributes), so that the query side evaluates the type's own rule on the index row alone.
 */
export function searchIndexDdl(): string[] {
  return [
    `create table ${SEARCH_INDEX_TABLE} (
      type text not null,
      id text not null,
      title text not null default '',
      description text not null default '',
      translations jsonb not null default '{}',
      path_key text null,
      created_by text null,
      deleted_at timestamptz null,
      published_at timestamptz null,
      access_level text null,
      organization_id text null,
      owner_id text null,
      members jsonb not null default '{}',
      flags jsonb not null default '{}',
      ${LOCALES.map((l) => `vector_${l} tsvector generated always as (${localeVector(l)}) stored`).join(',\n      ')},
      primary key (type, id))`,
    ...LOCALES.map(
      (l) =>
        `create index ${SEARCH_INDEX_TABLE}_vector_${l} on ${SEARCH_INDEX_TABLE} using gin (vector_${l})`,
    ),
  ];
}

/** Control characters out (the query side marks the matches of its excerpts with two of them), blanks collapsed. */
const plain = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * What the index keeps of one type's records, read from the definition: which attribute is the title, which the
 * description (rich text as its text), the path's key, and the members of its rule.
 */
function indexedFields(definition: ResourceDefinition) {
  const spec = definition.globalSearch!;
  const richText = (name: string | null) =>
    name !== null &&
    fieldInfo(name, definition.attributes.shape[name] as Parameters<typeof fieldInfo>[1]).kind === 'richText';
  const text = (name: string | null, value: unknown): string | undefined => {
    if (name === null || value === undefined) return undefined;
    if (typeof value !== 'string') return '';
    return plain(richText(name) ? htmlText(value) : value);
  };
  const booleans = Object.keys(definition.attributes.shape).filter(
    (name) =>
      fieldInfo(name, definition.attributes.shape[name] as Parameters<typeof fieldInfo>[1]).kind ===
      'boolean',
  );
  const users = Object.entries(definition.relationships)
    .filter(([, r]) => r.type === 'users' && r.many && !r.through)
    .map(([name]) => name);
  const organization =
    definition.relationships.organization?.type === 'organizations' ? 'organization' : null;
  return {
    /** the columns an event's attributes and relationships set (only what it names: an update's changes) */
    columns(
      attributes: Record<string, unknown>,
      relationships: Record<string, RelationshipValue>,
    ): { row: Record<string, unknown>; members: Record<string, string[]>; flags: Record<string, boolean> } {
      const row: Record<string, unknown> = {};
      const title = text(spec.title, attributes[spec.title]);
      if (title !== undefined) row.title = title;
      const description = text(spec.description, spec.description ? attributes[spec.description] : undefined);
      if (description !== undefined) row.description = description;
      if ('translations' in attributes) {
        const translations = (attributes.translations ?? {}) as Record<string, Record<string, unknown>>;
        const kept: Record<string, Record<string, string>> = {};
        for (const [locale, own] of Object.entries(translations)) {
          const entry: Record<string, string> = {};
          const t = text(spec.title, own?.[spec.title]);
          if (t) entry.title = t;
          const d = spec.description ? text(spec.description, own?.[spec.description]) : undefined;
          if (d) entry.description = d;
          if (Object.keys(entry).length) kept[locale] = entry;
        }
        row.translations = kept;
      }
      if (spec.path.key !== 'id' && spec.path.key in attributes) {
        const key = attributes[spec.path.key];
        row.path_key = typeof key === 'string' && key ? key : null;
      }
      if ('publishedAt' in attributes && definition.traits.publishable)
        row.published_at = (attributes.publishedAt as string | null) ?? null;
      if ('accessLevel' in relationships)
        row.access_level = (relationships.accessLevel as string | null) ?? null;
      if (organization && organization in relationships)
        row.organization_id = (relationships[organization] as string | null) ?? null;
      if (definition.ownedBy && definition.ownedBy in relationships)
        row.owner_id = (relationships[definition.ownedBy] as string | null) ?? null;
      const members: Record<string, string[]> = {};
      for (const name of users)
        if (name in relationships) members[name] = (relationships[name] as string[] | null) ?? [];
      const flags: Record<string, boolean> = {};
      for (const name of booleans) if (name in attributes) flags[name] = attributes[name] === true;
      return { row, members, flags };
    },
  };
}

/**
 * The global search's index as a projection of the records' own events (seed 000 §7, ADR 0041): every type of the
 * catalogue with a `globalSearch` has a row per record, kept from its created, updated, soft-deleted, restored and
 * deleted events (legacy ones read as their kind), so that `npm run replay -- search_index` rebuilds it like any
 * read model. A changed set of searchable types, or of what a row keeps, takes a new version (blue/green).
 */
export function searchIndexProjection(catalogue: readonly ResourceDefinition[]): Projection {
  const types = searchableTypes(catalogue);
  const fields = new Map(types.map((d) => [d.type, indexedFields(d)]));
  const byEventType = new Map<string, ResourceDefinition>();
  for (const definition of types)
    for (const eventType of resourceEventTypes(definition)) byEventType.set(eventType, definition);

  return {
    name: SEARCH_INDEX_PROJECTION,
    // 2: the training resources, their requests and the trainings joined the search
    version: 2,
    eventTypes: [...byEventType.keys()],
    tables: [SEARCH_INDEX_TABLE],
    async setup(tx) {
      for (const statement of searchIndexDdl()) await tx.unsafe(statement);
    },
    async apply(tx: TransactionSql, event: RecordedEvent) {
      const definition = byEventType.get(event.type);
      const resource = definition ? asResourceEvent(definition, event) : null;
      if (!definition || !resource) return;
      const type = definition.type;
      const id = resource.data.id;
      const at = event.metadata.recordedAt;
      switch (resource.kind) {
        case 'created': {
          const { row, members, flags } = fields
            .get(type)!
            .columns(resource.data.attributes ?? {}, resource.data.relationships ?? {});
          const values: Record<string, unknown> = {
            type,
            id,
            ...row,
            ...(row.translations ? { translations: tx.json(row.translations as never) } : {}),
            path_key: definition.globalSearch!.path.key === 'id' ? id : (row.path_key ?? null),
            created_by: event.metadata.actor.userId,
            members: tx.json(members),
            flags: tx.json(flags),
          };
          await tx`insert into ${tx(SEARCH_INDEX_TABLE)} ${tx(values as never)} on conflict (type, id) do nothing`;
          return;
        }
        case 'updated': {
          const { row, members, flags } = fields
            .get(type)!
            .columns(resource.data.attributes ?? {}, resource.data.relationships ?? {});
          if (row.translations) row.translations = tx.json(row.translations as never);
          if (Object.keys(row).length)
            await tx`update ${tx(SEARCH_INDEX_TABLE)} set ${tx(row)} where type = ${type} and id = ${id}`;
          if (Object.keys(members).length || Object.keys(flags).length)
            await tx`update ${tx(SEARCH_INDEX_TABLE)}
                set members = members || ${tx.json(members)}, flags = flags || ${tx.json(flags)}
              where type = ${type} and id = ${id}`;
          return;
        }
        case 'softDeleted':
        case 'restored':
          await tx`update ${tx(SEARCH_INDEX_TABLE)}
            set deleted_at = ${resource.kind === 'softDeleted' ? at : null}
            where type = ${type} and id = ${id}`;
          return;
        case 'deleted':
          await tx`delete from ${tx(SEARCH_INDEX_TABLE)} where type = ${type} and id = ${id}`;
          return;
      }
    },
  };
}
