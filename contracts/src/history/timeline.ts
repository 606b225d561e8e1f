import type { Actor } from '../metadata.ts';
import type { HistoryView } from './views.ts';

/** A stored event as the history reads it. */
export interface HistoryEvent {
  type: string;
  data: unknown;
  streamVersion: bigint;
  globalPosition: bigint;
  metadata: { actor: Actor; recordedAt: string };
}

export interface HistoryChange {
  /** a field of the record (an attribute or relationship of a resource) */
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  /** the stream revision of this entry: "as it was" at this entry is the record at this revision */
  revision: string;
  position: string;
  eventType: string;
  /** created, updated, softDeleted, restored, deleted for a resource; null when the module gives no word */
  kind: string | null;
  recordedAt: string;
  actor: Actor;
  /** the record existed before this entry, and after it */
  existedBefore: boolean;
  existsAfter: boolean;
  changes: HistoryChange[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): HistoryChange[] {
  // in name order: stored payloads (jsonb) do not keep the order fields were written in
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return names
    .filter((field) => !same(before?.[field] ?? null, after?.[field] ?? null))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}

/**
 * A record's history, oldest first: each of its events with who recorded it and when, and each field's value
 * before and after (read through the module's own fold, so what is shown is what the module decided on).
 */
export function timeline<S>(
  view: HistoryView<S>,
  id: string,
  events: readonly HistoryEvent[],
): HistoryEntry[] {
  let state = view.initial(id);
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const before = view.fields(state, id);
    state = view.evolve(state, event);
    if (view.belongs && !view.belongs(event, id)) continue;
    const after = view.fields(state, id);
    entries.push({
      revision: event.streamVersion.toString(),
      position: event.globalPosition.toString(),
      eventType: event.type,
      kind: view.kind?.(event.type) ?? null,
      recordedAt: event.metadata.recordedAt,
      actor: event.metadata.actor,
      existedBefore: before !== null,
      existsAfter: after !== null,
      changes: diff(before, after),
    });
  }
  return entries;
}

/** The record's fields once the event at `revision` had been stored (null when it did not exist then). */
export function asOf<S>(
  view: HistoryView<S>,
  id: string,
  events: readonly HistoryEvent[],
  revision: bigint,
): Record<string, unknown> | null {
  const state = events
    .filter((event) => event.streamVersion <= revision)
    .reduce((s, event) => view.evolve(s, event), view.initial(id));
  return view.fields(state, id);
}
