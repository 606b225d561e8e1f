import type { ResourceDefinition } from '@platform/contracts/resources/definition';

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
