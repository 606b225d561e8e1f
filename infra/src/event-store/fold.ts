import { StreamNotFoundError, type EventStore, type ReadStreamOptions, type RecordedEvent } from './port.ts';

/**
 * How a stream's events fold into a state: a decider's `initialState` and `evolve` fit as they are. The fold
 * sees each event as `{ type, data }` (no ids, positions or metadata), as a decider does.
 */
export interface StreamFold<S, E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
}

export interface LoadedState<S> {
  state: S;
  /** the revision of the stream's last event, 'no_stream' when it has none (what an append expects next) */
  version: bigint | 'no_stream';
  /** the events folded, in stream order (empty for a missing stream) */
  events: RecordedEvent[];
}

/**
 * Reads a stream; a stream that does not exist reads as no events. Every other failure (the database
 * unreachable, a stored event its contract rejects) throws: a failed read is never an empty history.
 */
export async function readStreamOrEmpty(
  eventStore: EventStore,
  streamId: string,
  options?: ReadStreamOptions,
): Promise<RecordedEvent[]> {
  try {
    return await eventStore.readStream(streamId, options);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
}

/** Folds recorded events into a state, from the fold's initial state. */
export function foldEvents<S, E extends { type: string; data: unknown }>(
  fold: StreamFold<S, E>,
  events: readonly RecordedEvent[],
): S {
  // the stream's category says which events it holds: the fold is trusted to be the one for that category
  return events.reduce(
    // the metadata too: a fold may keep who made the record (a resource's author)
    (state, e) => fold.evolve(state, { type: e.type, data: e.data, metadata: e.metadata } as unknown as E),
    fold.initialState(),
  );
}

/**
 * Loads a stream and folds it into state (ARCHITECTURE.md §4, "load, fold"). A missing stream is the initial
 * state at version 'no_stream'; any other failure of the read throws.
 */
export async function loadState<S, E extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamId: string,
  fold: StreamFold<S, E>,
): Promise<LoadedState<S>> {
  const events = await readStreamOrEmpty(eventStore, streamId);
  const last = events[events.length - 1];
  return { state: foldEvents(fold, events), version: last ? last.streamVersion : 'no_stream', events };
}
