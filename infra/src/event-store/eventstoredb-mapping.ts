import type { EventMetadata } from '@platform/contracts/metadata';
import {
  START,
  WrongExpectedVersionError,
  categoryOf,
  type AllFilter,
  type ExpectedVersion,
  type GlobalPosition,
} from './port.ts';

// How the event store port maps onto EventStoreDB / KurrentDB (ADR 0049). Pure functions, no client: they are
// unit-tested without an engine, and the adapter (eventstoredb-event-store.ts) only calls them.

/** `$all` position of the engine: the log's commit and prepare positions (the client's `Position`). */
export interface EnginePosition {
  commit: bigint;
  prepare: bigint;
}

/** The client's stream states (its constants `any`, `no_stream`, `stream_exists`, or a revision). */
export type EngineStreamState = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** Largest position a PostgreSQL `bigint` (checkpoints, read models) holds. */
const MAX_POSITION = (1n << 63n) - 1n;

export class UnsupportedPositionError extends Error {
  override readonly name = 'UnsupportedPositionError';
}

/**
 * An event's `$all` position as the port's bigint. Every event written by an append since the gRPC API (implicit
 * transactions) has commit = prepare = the log position of its own record, and `$all` orders by (commit, prepare):
 * the log position alone is then a total order that equals `$all` order, and fits a PostgreSQL bigint. An event
 * written inside an explicit transaction (the TCP API of EventStoreDB 20 and older) shares the commit position of
 * its transaction with the others: no single number keeps its place, so it is refused rather than misplaced.
 */
export function toGlobalPosition(position: EnginePosition | undefined, what = 'an event'): GlobalPosition {
  if (!position) throw new UnsupportedPositionError(`the engine gave no $all position for ${what}`);
  if (position.commit !== position.prepare) {
    throw new UnsupportedPositionError(
      `${what} has commit position ${position.commit} and prepare position ${position.prepare}: it was written in ` +
        'an explicit transaction, which this adapter cannot place in $all order with one number',
    );
  }
  if (position.commit < 0n || position.commit > MAX_POSITION) {
    throw new UnsupportedPositionError(`${what} has no valid $all position (${position.commit})`);
  }
  return position.commit;
}

/**
 * Where a read of `$all` starts for the port's exclusive `fromPosition`: the port's START is the engine's start;
 * any other position is an event's log position (a record boundary), read inclusively, the event at it dropped
 * by the reader (`isAfter`). A position between records would make the engine read from the middle of a record.
 */
export function toReadPosition(position: GlobalPosition): 'start' | EnginePosition {
  if (position === START) return 'start';
  if (position < 0n || position > MAX_POSITION) throw new RangeError(`No $all position ${position}`);
  return { commit: position, prepare: position };
}

/** Whether an event at `position` lies after the exclusive start `from` (the inclusive read gives `from` again). */
export const isAfter = (position: GlobalPosition, from: GlobalPosition) => position > from;

/** The port's positions are the log positions themselves: `$all` order is numeric order. */
export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** The port's expected version as the client's stream state (revisions are the same 0-based numbers). */
export function toStreamState(expected: ExpectedVersion): EngineStreamState {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`expectedVersion must be >= 0, got ${expected}`);
    return expected;
  }
  return expected;
}

/**
 * The client's wrong-expected-version error as the port's. The engine names the stream's actual state: its last
 * revision, or `no_stream`.
 */
export function toWrongExpectedVersion(
  streamId: string,
  expected: ExpectedVersion,
  actual: unknown,
): WrongExpectedVersionError {
  const actualVersion = typeof actual === 'bigint' ? actual : 'no_stream';
  return new WrongExpectedVersionError(streamId, expected, actualVersion);
}

/** A regular expression matching exactly one of `values` (escaped: the engine reads .NET regular expressions). */
function alternatives(values: readonly string[]): string {
  return values.map((v) => v.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|');
}

/**
 * The server side of a port filter, as one regular expression on stream names or on event types (the engine takes
 * one of the two), and what the adapter checks itself (`keep`) for the rest.
 * - event types only: `^(?:A|B)$` on types; categories only: `^(?:c1|c2)(?:-|$)` on stream names (a category is the
 *   part of the stream id before the first '-', so `c1` and `c1-...` are its streams, `c1x-...` is not);
 * - both: the types on the server (a projection's types are the narrower choice), the categories kept here;
 * - neither: system events excluded on the server (types starting with `$`).
 * Whatever the server filter, `keep` drops system events (a `$` type or stream): the port's `$all` holds the
 * platform's events only.
 */
export interface EngineFilter {
  filterOn: 'eventType' | 'streamName';
  regex: string;
  keep(event: { streamId: string; type: string }): boolean;
}

export const isSystemEvent = (event: { streamId: string; type: string }) =>
  event.type.startsWith('$') || event.streamId.startsWith('$');

export function toEngineFilter(filter: AllFilter | undefined): EngineFilter {
  const categories = filter?.categories?.length ? filter.categories : null;
  const types = filter?.eventTypes?.length ? filter.eventTypes : null;
  if (types) {
    const wanted = categories ? new Set(categories) : null;
    return {
      filterOn: 'eventType',
      regex: `^(?:${alternatives(types)})$`,
      keep: (e) => !isSystemEvent(e) && (wanted === null || wanted.has(categoryOf(e.streamId))),
    };
  }
  if (categories) {
    return {
      filterOn: 'streamName',
      regex: `^(?:${alternatives(categories)})(?:-|$)`,
      keep: (e) => !isSystemEvent(e),
    };
  }
  return { filterOn: 'eventType', regex: '^[^$]', keep: (e) => !isSystemEvent(e) };
}

/** Keys the adapter adds to an event's stored metadata; all start with `$` and are removed when read. */
export interface StoredMetadataExtras {
  /** EventStoreDB's own convention, read by its system projections ($by_correlation_id) */
  $correlationId: string;
  $causationId: string;
  /** the schema version of the payload as stored (PostgreSQL's `schema_version` column) */
  $schemaVersion: number;
}

export function toStoredMetadata(
  metadata: EventMetadata,
  schemaVersion: number,
): EventMetadata & StoredMetadataExtras {
  return {
    ...metadata,
    $correlationId: metadata.correlationId,
    $causationId: metadata.causationId,
    $schemaVersion: schemaVersion,
  };
}

/** The port's metadata and the stored schema version from what the engine gives back. */
export function fromStoredMetadata(stored: unknown): { metadata: EventMetadata; schemaVersion: number } {
  const record = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!key.startsWith('$')) metadata[key] = value;
  const version = record.$schemaVersion ?? record.schemaVersion;
  return {
    metadata: metadata as unknown as EventMetadata,
    schemaVersion: typeof version === 'number' ? version : 1,
  };
}

/** How many events a page after `cursor` asks the engine for: a read from an event's position gives it again. */
export const askedFor = (cursor: GlobalPosition, limit: number) => limit + (cursor === START ? 0 : 1);

export interface ScannedPage<E> {
  kept: E[];
  /** position of the last event the engine gave after the cursor, kept or not (null: none) */
  lastScanned: GlobalPosition | null;
  /** the engine gave fewer events than asked and the page is not full: the read reached the end of `$all` */
  reachedEnd: boolean;
}

/**
 * One page of a forward read of `$all` from `cursor` (inclusive, as the engine reads) that asked for `asked`
 * events: the events after the cursor that `keep` accepts, up to `limit`, and how far the engine's answer went.
 */
export async function scanPage<E extends { position: GlobalPosition; streamId: string; type: string }>(
  given: AsyncIterable<E | undefined>,
  cursor: GlobalPosition,
  limit: number,
  asked: number,
  keep: (event: E) => boolean,
): Promise<ScannedPage<E>> {
  const kept: E[] = [];
  let count = 0;
  let full = false;
  let lastScanned: GlobalPosition | null = null;
  for await (const event of given) {
    count++;
    if (!event || !isAfter(event.position, cursor)) continue;
    if (kept.length >= limit) {
      // one more than the page holds (the cursor's own event was not among those given): more follow
      full = true;
      break;
    }
    lastScanned = event.position;
    if (keep(event)) kept.push(event);
  }
  return { kept, lastScanned, reachedEnd: !full && count < asked };
}

/**
 * Where a subscriber stands after a page, and whether more events follow at once. A page that stopped short of the
 * end moves to the last event it scanned; one that reached the end also passes the head read before it (filtered
 * or system events up to there were scanned), so that a filtered subscriber's checkpoint advances past what it
 * does not receive.
 */
export function nextCursor(
  cursor: GlobalPosition,
  page: Pick<ScannedPage<unknown>, 'lastScanned' | 'reachedEnd'>,
  headBefore: GlobalPosition | null,
): { next: GlobalPosition; more: boolean } {
  if (!page.reachedEnd) return { next: page.lastScanned ?? cursor, more: true };
  let next = cursor;
  if (page.lastScanned !== null && page.lastScanned > next) next = page.lastScanned;
  if (headBefore !== null && headBefore > next) next = headBefore;
  return { next, more: false };
}
