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
    changes: a.changes.map((c) => ({ field: c.field, before: c.before ?? null, after: c.after ?? null })),
  }));
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
