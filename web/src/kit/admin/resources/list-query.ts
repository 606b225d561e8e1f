import { ADMINISTRATORS } from '@platform/contracts/accounts/rules';
import { allows, type AccessRule, type ViewerFacts } from '@platform/contracts/resources/access';
import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import type { FieldInfo } from '@platform/contracts/resources/fields';
import { resourcePaths } from './paths.ts';

/** A list's order: `name` ascending, `-name` descending (JSON:API sort). */
export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/** The columns a list may be sorted by: the definition's sorts, and the record's times (query-api accepts both). */
export function sortableFields(definition: ResourceDefinition): string[] {
  return [...new Set([...definition.sorts, 'createdAt', 'updatedAt'])];
}

/** The sort of the query string when it is one the type accepts, else the definition's default. */
export function readSort(definition: ResourceDefinition, value: string | null): SortOrder {
  if (value) {
    const desc = value.startsWith('-');
    const field = desc ? value.slice(1) : value;
    if (sortableFields(definition).includes(field)) return { field, direction: desc ? 'desc' : 'asc' };
  }
  return { ...definition.defaultSort };
}

/** Clicking a column header: ascending first, then the other way round. */
export function nextSort(current: SortOrder, field: string): SortOrder {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export const sortParam = (sort: SortOrder) => `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;

export const ariaSort = (sort: SortOrder, field: string): 'ascending' | 'descending' | 'none' =>
  sort.field !== field ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending';

/** The address parameter of a list's filter: `f.locale=fr` (the list's own, short of the API's `filter[locale]`). */
export const filterParam = (name: string) => `f.${name}`;

/**
 * What a list shows as its address says it (the page aside): the words searched, the order asked for, the filters
 * chosen (each as the list sends it, `filter[name]=value`) and the soft-deleted records shown. What a module's list
 * actions are given (extensions.tsx), and what `listHref` makes an address of again.
 */
export interface ListSearch {
  /** the words searched, or null */
  search: string | null;
  /** the order the address asks for (`-lastActionAt`), or null: the type's default order */
  sort: string | null;
  /** the filters chosen, by name, none empty */
  filters: Readonly<Record<string, string>>;
  /** the soft-deleted records shown with the others or alone, or null: hidden */
  trashed: 'with' | 'only' | null;
}

/**
 * The filters a list offers, as fields: the definition's attribute filters, then those on whether some attributes
 * are set (a report's `resolved`), as yes or no. A filter the address names outside these is not read.
 */
export function listFilterFields(definition: ResourceDefinition, fields: readonly FieldInfo[]): FieldInfo[] {
  return [
    ...definition.filters
      .map((name) => fields.find((f) => f.name === name))
      .filter((f): f is FieldInfo => f !== undefined),
    ...Object.entries(definition.listFilters)
      .filter(([, filter]) => filter.kind === 'present')
      .map(([name]): FieldInfo => ({ name, kind: 'boolean', nullable: false, optional: true })),
  ];
}

/** A list's filter by a related record: `filter[organization]=<id>` (and `null` for none, on a to-one). */
export interface RelationshipFilter {
  name: string;
  /** the related type */
  type: string;
  /** to-many: the records naming this one among others (a contact's tags); there is no "none" to filter by */
  many: boolean;
}

/**
 * The relationships a list may be filtered by, one related record at a time, as query-api takes them: every own
 * relationship that names records of one type. Not a file field (it names files, not what a reader looks for), nor
 * a polymorphic one (it names any of several types), nor one an attribute or a list filter already names.
 */
export function listRelationshipFilters(definition: ResourceDefinition): RelationshipFilter[] {
  return Object.entries(definition.relationships)
    .filter(
      ([name, r]) =>
        !r.polymorphic &&
        !r.file &&
        !(definition.filters as readonly string[]).includes(name) &&
        !Object.hasOwn(definition.listFilters, name),
    )
    .map(([name, r]) => ({ name, type: r.type, many: Boolean(r.many) }));
}

/**
 * Who may list the records of a type kept by a hand-written module, as its list's route asks (GET /users: the
 * administrators); a type not named here is offered, and its list answers for itself.
 */
const HAND_WRITTEN_LISTS: Readonly<Record<string, AccessRule>> = { users: ADMINISTRATORS };

/**
 * The relationship filters a list's screen offers this viewer: those naming records they may list (the filter's
 * box searches them), on a relationship they may read (the server filters by one only where the viewer reads it).
 */
export function offeredRelationshipFilters(
  definition: ResourceDefinition,
  viewer: ViewerFacts,
): RelationshipFilter[] {
  return listRelationshipFilters(definition).filter((f) => {
    const target = resourceDefinition(f.type);
    const lists = target ? target.access.index : HAND_WRITTEN_LISTS[f.type];
    const rule = definition.relationshipAccess[f.name]?.read;
    return (!lists || allows(lists, viewer)) && (!rule || allows(rule, viewer));
  });
}

/** The names of every filter a list's screen offers (some only to those who may read what they name). */
export const listFilterNames = (definition: ResourceDefinition, fields: readonly FieldInfo[]): string[] => [
  ...listFilterFields(definition, fields).map((f) => f.name),
  ...listRelationshipFilters(definition).map((f) => f.name),
];

/** The address of a type's list showing this (its first page), as the list reads it back. */
export function listHref(type: string, search: ListSearch): string {
  const params = new URLSearchParams();
  if (search.search) params.set('search', search.search);
  if (search.sort) params.set('sort', search.sort);
  for (const name of Object.keys(search.filters).sort()) {
    const value = search.filters[name];
    if (value) params.set(filterParam(name), value);
  }
  if (search.trashed) params.set('trashed', search.trashed);
  const query = params.toString();
  return query ? `${resourcePaths.index(type)}?${query}` : resourcePaths.index(type);
}
