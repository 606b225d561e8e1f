import type { EventMetadata } from '@platform/contracts/metadata';

/**
 * The event store port (ARCHITECTURE.md §3). Semantics follow EventStoreDB so that code written against
 * this port behaves the same on every adapter:
 * - stream revisions start at 0; `nextExpectedVersion` is the revision of the stream's last event;
 * - `$all` positions are opaque but totally ordered by the adapter: compare them with `comparePositions`.
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** Position of an event in `$all`. For the PostgreSQL adapter: the event's global position. */
export type GlobalPosition = bigint;
export const START: GlobalPosition = 0n;

export interface EventToAppend<T extends string = string, D = unknown> {
  eventId: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  eventId: string;
  type: T;
  data: D;
  metadata: EventMetadata;
  streamId: string;
  /** revision of this event within its stream (0-based) */
  streamVersion: bigint;
  globalPosition: GlobalPosition;
  recordedAt: Date;
}

export interface AppendResult {
  nextExpectedVersion: bigint;
  /** global position of the last event appended (or of the already stored one on an idempotent retry) */
  position: GlobalPosition;
}

export interface ReadStreamOptions {
  from?: bigint | 'start' | 'end';
  direction?: 'forwards' | 'backwards';
  maxCount?: number;
}

export interface AllFilter {
  /** stream categories, the part of the stream id before the first '-' */
  categories?: string[];
  eventTypes?: string[];
}

export interface ReadAllOptions {
  /** exclusive: events after this position. START (0n) reads from the beginning. */
  fromPosition?: GlobalPosition;
  maxCount?: number;
  filter?: AllFilter;
}

export interface SubscribeOptions {
  fromPosition?: GlobalPosition;
  filter?: AllFilter;
  signal?: AbortSignal;
  /** how many events one catch-up read fetches */
  batchSize?: number;
  /**
   * While a subscriber is far behind (each read comes back full), every next read fetches twice as many
   * events, up to this many; a read that reaches the head drops back to `batchSize`. Fewer, larger batches
   * make a replay cheaper; small batches keep a live subscriber prompt. Default: `batchSize` (no growth).
   */
  maxBatchSize?: number;
  /**
   * false: events come without `data` and `metadata` (reading them throws). For consumers that need only
   * types, streams, versions and positions, such as usage counters: a replay then skips the payload bytes.
   */
  withPayload?: boolean;
}

export interface SubscriptionBatch {
  events: RecordedEvent[];
  checkpoint: GlobalPosition;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: EventToAppend[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  /** Throws StreamNotFound when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up then live subscription to `$all`. Yields batches in `$all` order; never skips an acknowledged
   * event and never yields one twice. A batch's `checkpoint` is the position up to which `$all` has been
   * scanned, so a filtered subscriber still advances past events it does not receive (its `events` may then
   * be empty). Ends when `signal` aborts.
   */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<SubscriptionBatch>;
  /** Negative, zero or positive as a is before, at or after b in `$all` order. */
  comparePositions(a: GlobalPosition, b: GlobalPosition): Promise<number>;
  /**
   * Position of the last event in `$all` that a reader may pass now (START when empty): the visible head, below the
   * server's oldest running transaction. A transaction open elsewhere on the server holds it back, down to no event.
   */
  headPosition(): Promise<GlobalPosition>;
  /**
   * Position of the last event every committed append wrote, in `$all` order, visible to readers yet or not (START
   * when empty). What "everything written so far" means to one who waits for the read models to hold it: waiting
   * for it waits out a transaction that holds the visible head back, where waiting for headPosition() would not.
   */
  lastCommittedPosition(): Promise<GlobalPosition>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: ExpectedVersion,
    readonly actualVersion: bigint | 'no_stream',
  ) {
    super(
      `Wrong expected version for stream ${streamId}: expected ${String(expectedVersion)}, actual ${String(actualVersion)}`,
    );
  }
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
  }
}

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

/** Whether a stream whose last revision is `current` (-1n: no stream) satisfies `expected`. */
export function expectationHolds(expected: ExpectedVersion, current: bigint): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current < 0n;
  if (expected === 'stream_exists') return current >= 0n;
  return current === expected;
}
