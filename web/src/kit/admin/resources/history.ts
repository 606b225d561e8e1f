import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import type { HistoryDocument } from './resource-api.ts';

/** Who recorded a history entry, as the screen names them. */
export type Person =
  { kind: 'user'; id: string; name: string } | { kind: 'system' } | { kind: 'unknown'; id: string | null };

export interface HistoryChangeView {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntryView {
  revision: string;
  position: string;
  /** created, updated, softDeleted, restored, deleted; null when the module gives no word (then eventType) */
  kind: string | null;
  eventType: string;
  recordedAt: string;
  author: Person;
  actingAsOrganizationId: string | null;
  impersonator: Person | null;
  existsAfter: boolean;
  changes: HistoryChangeView[];
}

/** The history document read for the screen: newest first (as sent), the people named from `included`. */
export function readHistory(doc: HistoryDocument): HistoryEntryView[] {
  const names = new Map<string, string>();
  for (const item of doc.included ?? []) {
    const fullName = item.attributes?.fullName;
    if (item.type === 'users' && typeof fullName === 'string' && fullName.trim())
      names.set(item.id, fullName);
  }
  const person = (id: string | null | undefined): Person => {
    if (id === SYSTEM_USER_ID) return { kind: 'system' };
    const name = id ? names.get(id) : undefined;
    return name && id ? { kind: 'user', id, name } : { kind: 'unknown', id: id ?? null };
  };
  return doc.data.map(({ attributes: a }) => ({
    revision: a.revision,
    position: a.position,
    kind: a.kind,
    eventType: a.eventType,
    recordedAt: a.recordedAt,
    author: a.actor.userId === null ? { kind: 'system' } : person(a.actor.userId),
    actingAsOrganizationId: a.actor.actingAsOrganizationId ?? null,
    impersonator: a.actor.impersonatorId ? person(a.actor.impersonatorId) : null,
    existsAfter: a.existsAfter,
    changes: a.changes
      .map((c) => ({ field: c.field, before: c.before ?? null, after: c.after ?? null }))
      // a creation's empty lists and objects (no attachments, no translations) are nothing to read
      .filter((c) => !(isEmpty(c.before) && isEmpty(c.after))),
  }));
}

/** Nothing, an empty text, an empty list or an empty object. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The first entry (the record's creation) is the last one of a newest-first list. */
export function firstEntry(entries: readonly HistoryEntryView[]): HistoryEntryView | undefined {
  return entries.at(-1);
}

/** The record's latest value of its title attribute, read from the history (newest first); null when none. */
export function titleFromHistory(
  entries: readonly HistoryEntryView[],
  titleField: string | null,
): string | null {
  if (!titleField) return null;
  for (const entry of entries) {
    const change = entry.changes.find((c) => c.field === titleField);
    const value = change ? (change.after ?? change.before) : undefined;
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** A record a history entry names: a relationship's target, or the organization the author acted as. */
export interface HistoryRef {
  type: string;
  id: string;
}

/**
 * The records a relationship's value in the history names, whatever its shape there: an id, a list of ids, a
 * polymorphic `{ type, id }` or a list of them, or nothing.
 */
export function historyRefs(value: unknown, type: string | undefined): HistoryRef[] {
  const one = (v: unknown): HistoryRef[] => {
    if (typeof v === 'string' && v && type) return [{ type, id: v }];
    if (v && typeof v === 'object' && 'id' in v && typeof v.id === 'string') {
      const own = 'type' in v && typeof v.type === 'string' ? v.type : type;
      return own ? [{ type: own, id: v.id }] : [];
    }
    return [];
  };
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/** At most this many records are looked up to name them; the others show their ids. */
export const MAX_NAMED_REFS = 60;

/**
 * The distinct records a history names (its relationships' values before and after each change, and the
 * organizations its authors acted as), so that the screen can show their names instead of their ids.
 */
export function namedRefs(
  entries: readonly HistoryEntryView[],
  relationships: Readonly<Record<string, { type?: string }>>,
): HistoryRef[] {
  return distinctRefs(
    entries.flatMap((entry) => [
      ...(entry.actingAsOrganizationId ? [{ type: 'organizations', id: entry.actingAsOrganizationId }] : []),
      ...entry.changes.flatMap((change) => {
        const spec = relationships[change.field];
        return spec ? [change.before, change.after].flatMap((value) => historyRefs(value, spec.type)) : [];
      }),
    ]),
  );
}

/** The records a record's relationships name, as a revision of its history holds them (the record as it was). */
export function recordRefs(
  attributes: Readonly<Record<string, unknown>>,
  relationships: Readonly<Record<string, { type?: string }>>,
): HistoryRef[] {
  return distinctRefs(
    Object.entries(relationships).flatMap(([name, spec]) => historyRefs(attributes[name], spec.type)),
  );
}

/** Each record once, in order of first mention, and no more than MAX_NAMED_REFS of them. */
function distinctRefs(refs: readonly HistoryRef[]): HistoryRef[] {
  const seen = new Map<string, HistoryRef>();
  for (const ref of refs) if (!seen.has(`${ref.type}/${ref.id}`)) seen.set(`${ref.type}/${ref.id}`, ref);
  return [...seen.values()].slice(0, MAX_NAMED_REFS);
}
