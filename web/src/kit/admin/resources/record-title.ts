import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import { resourcePaths } from './paths.ts';

/**
 * How a related record is named and reached from the back office, whatever its type: a type of the catalogue by
 * its definition's title attribute, and the few types kept by hand-written modules (users, app-pages) by their
 * own attributes.
 */

/** A record as a compound document's `included` holds it (JSON:API 1.1). */
export interface IncludedRecord {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
}

const HAND_WRITTEN: Record<string, { attributes: string[]; search: boolean }> = {
  users: { attributes: ['firstName', 'lastName', 'email'], search: true },
  'app-pages': { attributes: ['title'], search: false },
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The attributes that name a record of the type (a picker's sparse fieldset); none when its id names it. */
export function titleAttributes(type: string): string[] {
  const own = HAND_WRITTEN[type];
  if (own) return own.attributes;
  const title = resourceDefinition(type)?.title;
  return title ? [title] : [];
}

/** Whether the type's list takes filter[search]; a picker filters the first page itself when it does not. */
export function searchable(type: string): boolean {
  const own = HAND_WRITTEN[type];
  if (own) return own.search;
  return (resourceDefinition(type)?.search.length ?? 0) > 0;
}

/** A record's name: a user's first and last name (else e-mail address), else the title attribute, else the id. */
export function relatedTitle(type: string, id: string, attributes: Record<string, unknown> = {}): string {
  if (type === 'users') {
    const name = [text(attributes.firstName), text(attributes.lastName)].filter(Boolean).join(' ');
    return name || text(attributes.email) || id;
  }
  const [title] = titleAttributes(type);
  return (title ? text(attributes[title]) : null) ?? id;
}

/** What tells two records of the same name apart in a picker's choices: a user's e-mail address. */
export function relatedDetail(type: string, attributes: Record<string, unknown> = {}): string | undefined {
  return type === 'users' ? (text(attributes.email) ?? undefined) : undefined;
}

/**
 * Where the back office shows the record: a catalogue type's show screen, a page's editor (its paths take the
 * generic show); null for users, who have no screen of one record here.
 */
export function relatedLink(type: string, id: string): string | null {
  if (type === 'app-pages' || resourceDefinition(type)) return resourcePaths.show(type, id);
  return null;
}

/** A related record as a screen shows it: its name when the document included it, its id otherwise. */
export interface RelatedView {
  type: string;
  id: string;
  title: string;
  /** the document included it: the title is its name, not its id */
  named: boolean;
  link: string | null;
}

const key = (type: string, id: string) => `${type}\u0000${id}`;

/** The records of a document's `included`, looked up by type and id. */
export type IncludedIndex = ReadonlyMap<string, IncludedRecord>;

export function indexIncluded(included: readonly IncludedRecord[] | undefined): IncludedIndex {
  return new Map((included ?? []).map((r) => [key(r.type, r.id), r]));
}

/** The record of a document's `included` with this type and id, if the document included it. */
export function includedRecord(
  type: string,
  id: string,
  included: IncludedIndex,
): IncludedRecord | undefined {
  return included.get(key(type, id));
}

export function relatedView(type: string, id: string, included: IncludedIndex): RelatedView {
  const found = included.get(key(type, id));
  return {
    type,
    id,
    title: found ? relatedTitle(type, id, found.attributes) : id,
    named: found !== undefined,
    link: relatedLink(type, id),
  };
}

type Linkage = { type: string; id: string };

/** The records a relationship of a read document points at, in its order (none when it is empty). */
export function relatedViews(value: unknown, included: IncludedIndex): RelatedView[] {
  const data = (value as { data?: Linkage | Linkage[] | null } | undefined)?.data;
  const refs = Array.isArray(data) ? data : data ? [data] : [];
  return refs.map((r) => relatedView(r.type, r.id, included));
}
