import type { Actor } from '../metadata.ts';
import { resourceEventKind, type ResourceDefinition, type ResourceEvent } from './definition.ts';
import { evolveResource, initialResourceState, type ResourceState } from './state.ts';

/** A stored event as the history reads it. */
export interface HistoryEvent {
  type: string;
  data: unknown;
  streamVersion: bigint;
  globalPosition: bigint;
  metadata: { actor: Actor; recordedAt: string };
}

export interface HistoryChange {
  /** an attribute or relationship name */
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  /** the stream revision after this entry: "as it was" at this entry is the state at this revision */
  revision: string;
  position: string;
  eventType: string;
  kind: ResourceEvent['kind'] | 'other';
  recordedAt: string;
  actor: Actor;
  changes: HistoryChange[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function valuesOf(state: ResourceState): Record<string, unknown> {
  return state.status === 'active' || state.status === 'softDeleted'
    ? { ...state.attributes, ...state.relationships }
    : {};
}

function diff(before: ResourceState, after: ResourceState, names: readonly string[]): HistoryChange[] {
  const was = valuesOf(before);
  const is = valuesOf(after);
  return names
    .filter((field) => !same(was[field] ?? null, is[field] ?? null))
    .map((field) => ({ field, before: was[field] ?? null, after: is[field] ?? null }));
}

/** The record's history, oldest first: who did what when, and each field's value before and after. */
export function resourceHistory(
  definition: ResourceDefinition,
  events: readonly HistoryEvent[],
): HistoryEntry[] {
  const names = [...Object.keys(definition.attributes.shape), ...Object.keys(definition.relationships)];
  let state = initialResourceState();
  return events.map((event) => {
    const next = evolveResource(definition, state, event);
    const entry: HistoryEntry = {
      revision: event.streamVersion.toString(),
      position: event.globalPosition.toString(),
      eventType: event.type,
      kind: resourceEventKind(definition, event.type) ?? 'other',
      recordedAt: event.metadata.recordedAt,
      actor: event.metadata.actor,
      changes: diff(state, next, names),
    };
    state = next;
    return entry;
  });
}

/** The record as it was once the event at `revision` had been stored (null before its first event). */
export function resourceAsOf(
  definition: ResourceDefinition,
  events: readonly HistoryEvent[],
  revision: bigint,
): ResourceState {
  return events
    .filter((event) => event.streamVersion <= revision)
    .reduce((state, event) => evolveResource(definition, state, event), initialResourceState());
}
