import type { Sql, TransactionSql } from 'postgres';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import {
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  expectationHolds,
  type AllFilter,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type GlobalPosition,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type SubscriptionBatch,
} from './port.ts';
import {
  EVENT_COLUMNS,
  EVENT_COLUMNS_WITHOUT_PAYLOAD,
  toRecordedEvent,
  type EventRow,
} from './postgres-rows.ts';
import { explainRefusal, insertEvents, type StoredEvent } from './postgres-append.ts';
import { createGroupAppender, type GroupAppender } from './postgres-group-append.ts';
import { APPENDED_CHANNEL, coalescedWake } from './wake.ts';

export interface PostgresEventStoreOptions {
  sql: Sql;
  /** when given, payloads are validated on append and upcast on read */
  contracts?: EventContractRegistry;
  /** longest a live subscription sleeps without a notification before it looks again (safety net only) */
  idleRecheckMs?: number;
}

/** Where a reader stands in `$all`: order is (transaction id, global position). */
interface Cursor {
  xid: string;
  position: string;
}

const START_CURSOR: Cursor = { xid: '0', position: '0' };
/** From this many events, a page is read with the index walked in order (see readPage). */
const LARGE_PAGE = 2000;

/** Tries of an append whose expectation still holds after each refusal (races with other writers of the stream). */
const MAX_RACE_ATTEMPTS = 100;

export class PostgresEventStore implements EventStore {
  private readonly sql: Sql;
  private readonly contracts?: EventContractRegistry;
  private readonly idleRecheckMs: number;
  private readonly wake: () => void;
  private readonly group: GroupAppender;

  constructor(options: PostgresEventStoreOptions) {
    this.sql = options.sql;
    this.contracts = options.contracts;
    this.idleRecheckMs = options.idleRecheckMs ?? 5000;
    this.wake = coalescedWake(options.sql);
    this.group = createGroupAppender(options.sql);
  }

  async appendToStream(
    streamId: string,
    events: EventToAppend[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedVersion ?? 'any';
    if (typeof expected === 'bigint' && expected < 0n) {
      throw new RangeError(`expectedVersion must be >= 0, got ${expected}`);
    }
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const toStore: StoredEvent[] = events.map((e) => {
      const contract = this.contracts?.get(e.type);
      const data = this.contracts ? this.contracts.validate(e.type, e.data) : e.data;
      return {
        eventId: e.eventId,
        type: e.type,
        schemaVersion: contract?.version ?? e.metadata.schemaVersion ?? 1,
        data,
        metadata: { ...e.metadata, eventId: e.eventId, schemaVersion: contract?.version ?? 1 },
      };
    });
    const [only] = toStore;
    if (only && toStore.length === 1 && (expected === 'no_stream' || typeof expected === 'bigint')) {
      // most commands: one event after the revision they read; shares a statement with appends running beside it
      const after = expected === 'no_stream' ? -1n : expected;
      const grouped = await this.group.append({ streamId, after, event: only });
      if (grouped) {
        this.wake();
        return grouped;
      }
    }
    // the single path: a batch, `any` / `stream_exists`, or an append the group did not store
    for (let attempt = 1; ; attempt++) {
      const inserted = await insertEvents(this.sql, streamId, expected, toStore);
      if (inserted) {
        this.wake();
        return inserted;
      }
      const refusal = await explainRefusal(
        this.sql,
        streamId,
        toStore.map((e) => e.eventId),
      );
      if (refusal.retried) return refusal.retried;
      // The expectation still holds: the append lost a race to another writer of the stream (for `any` and
      // `stream_exists`, a writer that committed the revision first; for any expectation, one that held it and
      // rolled back). Tried again on what the stream holds now.
      const raced = !refusal.idsTaken && expectationHolds(expected, refusal.current);
      if (raced && attempt < MAX_RACE_ATTEMPTS) continue;
      throw new WrongExpectedVersionError(
        streamId,
        expected,
        refusal.current < 0n ? 'no_stream' : refusal.current,
      );
    }
  }

  /** An empty append checks the expected version and stores nothing. */
  private async appendNothing(streamId: string, expected: ExpectedVersion): Promise<AppendResult> {
    const [row] = await this.sql<{ current: string | null }[]>`
      select max(stream_version)::text as current from es_events where stream_id = ${streamId}`;
    const current = row?.current == null ? -1n : BigInt(row.current);
    if (!expectationHolds(expected, current)) {
      throw new WrongExpectedVersionError(streamId, expected, current < 0n ? 'no_stream' : current);
    }
    return { nextExpectedVersion: current, position: START };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const sql = this.sql;
    const backwards = options.direction === 'backwards';
    const limit = options.maxCount ?? 2_147_483_647;
    const from = options.from ?? (backwards ? 'end' : 'start');
    const bound = typeof from === 'bigint' ? from.toString() : null;
    if (!backwards && from === 'end') return [];
    const rows = backwards
      ? await sql<EventRow[]>`
          select ${sql.unsafe(EVENT_COLUMNS)} from es_events e
           where e.stream_id = ${streamId} ${bound === null ? sql`` : sql`and e.stream_version <= ${bound}::bigint`}
           order by e.stream_version desc limit ${limit}`
      : await sql<EventRow[]>`
          select ${sql.unsafe(EVENT_COLUMNS)} from es_events e
           where e.stream_id = ${streamId} ${bound === null ? sql`` : sql`and e.stream_version >= ${bound}::bigint`}
           order by e.stream_version asc limit ${limit}`;
    if (rows.length === 0) {
      const [exists] = await this.sql`select 1 from es_events where stream_id = ${streamId} limit 1`;
      if (!exists) throw new StreamNotFoundError(streamId);
    }
    return rows.map((r) => toRecordedEvent(r, this.contracts));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const cursor = await this.cursorAt(options.fromPosition ?? START);
    const page = await this.readPage(cursor, options.filter, options.maxCount ?? 4096);
    return page.events;
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<SubscriptionBatch> {
    const { signal, filter } = options;
    const batchSize = options.batchSize ?? 1000;
    const maxBatchSize = Math.max(batchSize, options.maxBatchSize ?? batchSize);
    let size = batchSize;
    const withPayload = options.withPayload ?? true;
    let cursor = await this.cursorAt(options.fromPosition ?? START);
    let woken = false;
    let wake: (() => void) | null = null;
    const notify = () => {
      woken = true;
      wake?.();
    };
    const listener = await this.sql.listen(APPENDED_CHANNEL, notify);
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    let backoffMs = 1;
    // While catching up, the next page is read while the consumer handles the current one.
    let prefetched: Promise<Page> | null = null;
    try {
      while (!signal?.aborted) {
        woken = false;
        const page = await (prefetched ?? this.readPage(cursor, filter, size, withPayload));
        prefetched = null;
        // far behind: read larger pages; at the head: back to the small ones
        size = page.full ? Math.min(size * 2, maxBatchSize) : batchSize;
        if (page.advanced) {
          cursor = page.cursor;
          backoffMs = 1;
          if (page.full) {
            prefetched = this.readPage(cursor, filter, size, withPayload);
            // it is awaited on the next turn or in `finally`; while this generator waits at `yield` (the consumer
            // applying the batch), a failure must not count as an unhandled rejection
            prefetched.catch(() => undefined);
          }
          yield { events: page.events, checkpoint: BigInt(cursor.position) };
          if (page.full) continue;
        }
        if (woken || signal?.aborted) continue;
        // Committed events held back by an older transaction still running: look again shortly. Otherwise
        // sleep until an append is notified (the idle recheck is only a safety net).
        const waitMs = page.heldBack ? backoffMs : this.idleRecheckMs;
        if (page.heldBack) backoffMs = Math.min(backoffMs * 2, 50);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    } finally {
      await (prefetched as Promise<Page> | null)?.catch(() => undefined);
      signal?.removeEventListener('abort', onAbort);
      await listener.unlisten().catch(() => {});
    }
  }

  async comparePositions(a: GlobalPosition, b: GlobalPosition): Promise<number> {
    if (a === b) return 0;
    const [ca, cb] = await Promise.all([this.cursorAt(a), this.cursorAt(b)]);
    return compareCursors(ca, cb);
  }

  async headPosition(): Promise<GlobalPosition> {
    const [row] = await this.sql<{ global_position: string }[]>`
      select e.global_position::text as global_position from es_events e
       where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by e.transaction_id desc, e.global_position desc limit 1`;
    return row ? BigInt(row.global_position) : START;
  }

  async lastCommittedPosition(): Promise<GlobalPosition> {
    const [row] = await this.sql<{ global_position: string }[]>`
      select e.global_position::text as global_position from es_events e
       order by e.transaction_id desc, e.global_position desc limit 1`;
    return row ? BigInt(row.global_position) : START;
  }

  async close(): Promise<void> {
    // the sql pool belongs to the caller
  }

  private async cursorAt(position: GlobalPosition): Promise<Cursor> {
    if (position === START) return START_CURSOR;
    const [row] = await this.sql<{ transaction_id: string }[]>`
      select transaction_id::text from es_events where global_position = ${position.toString()}`;
    if (!row) throw new RangeError(`No event at position ${position}`);
    return { xid: row.transaction_id, position: position.toString() };
  }

  /**
   * xmin is `pg_snapshot_xmin(pg_current_snapshot())` written out in each part: a stable expression, so each part
   * uses the (transaction_id, global_position) index, and the planner estimates how many events lie below it (an
   * xmin read through a scalar subquery is an unknown to the planner, which then took a third of the remaining log
   * for the page's rows and chose to fetch and sort all of it: rebuild pages 4-7 times slower).
   *
   * One consistent read (a single statement, so one snapshot): the next events after `cursor` that are
   * below the snapshot's xmin, the visible head (so filtered readers advance past what they skip), and
   * whether committed events are still held back behind an older running transaction.
   */
  private async readPage(
    cursor: Cursor,
    filter: AllFilter | undefined,
    limit: number,
    withPayload = true,
  ): Promise<Page> {
    const categories = filter?.categories?.length ? filter.categories : null;
    const types = filter?.eventTypes?.length ? filter.eventTypes : null;
    const read = (sql: Sql | TransactionSql) => sql<(EventRow & { kind: null | 'head' | 'held' })[]>`
      with page as (
        select ${sql.unsafe(withPayload ? EVENT_COLUMNS : EVENT_COLUMNS_WITHOUT_PAYLOAD)}, null::text as kind
          from es_events e
         where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           and (e.transaction_id, e.global_position) > (${cursor.xid}::xid8, ${cursor.position}::bigint)
           ${categories ? sql`and e.category = any(${categories})` : sql``}
           ${types ? sql`and e.event_type = any(${types})` : sql``}
         order by e.transaction_id, e.global_position
         limit ${limit}
      ),
      head as (
        select e.global_position::text as global_position, e.transaction_id::text as transaction_id
          from es_events e
         where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         order by e.transaction_id desc, e.global_position desc limit 1
      ),
      held as (
        select e.global_position::text as global_position, e.transaction_id::text as transaction_id
          from es_events e
         where e.transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
         order by e.transaction_id limit 1
      )
      select * from page
      union all
      select global_position, transaction_id, null, null, null, null, null, null, null, null, 'head' from head
      union all
      select global_position, transaction_id, null, null, null, null, null, null, null, null, 'held' from held`;
    // A large page near the end of the log (one to a few pages left) was planned as a bitmap scan of everything left
    // and a sort, several times slower than walking the index in order; a large page reads the index in order.
    const rows =
      limit >= LARGE_PAGE
        ? await this.sql.begin(async (tx) => {
            await tx`set local enable_bitmapscan = off`;
            return read(tx);
          })
        : await read(this.sql);
    // a UNION ALL does not promise to keep the CTE's order: restore `$all` order if it was lost
    // events carry no kind (one string less to decode per event); the head and held rows do
    const eventRows = rows.filter((r) => r.kind === null);
    if (!isInAllOrder(eventRows)) eventRows.sort((a, b) => compareCursors(toCursor(a), toCursor(b)));
    const head = rows.find((r) => r.kind === 'head');
    const full = eventRows.length >= limit;
    let next = cursor;
    const last = eventRows[eventRows.length - 1];
    if (full && last) next = { xid: last.transaction_id, position: last.global_position };
    else if (head) {
      const headCursor = { xid: head.transaction_id, position: head.global_position };
      if (compareCursors(headCursor, cursor) > 0) next = headCursor;
    }
    return {
      events: eventRows.map((r) => toRecordedEvent(r, this.contracts)),
      cursor: next,
      advanced: next !== cursor,
      full,
      heldBack: rows.some((r) => r.kind === 'held'),
    };
  }
}

interface Page {
  events: RecordedEvent[];
  cursor: Cursor;
  advanced: boolean;
  full: boolean;
  heldBack: boolean;
}

function isInAllOrder(rows: { transaction_id: string; global_position: string }[]): boolean {
  for (let i = 1; i < rows.length; i++) {
    if (compareCursors(toCursor(rows[i - 1]!), toCursor(rows[i]!)) >= 0) return false;
  }
  return true;
}

function toCursor(row: { transaction_id: string; global_position: string }): Cursor {
  return { xid: row.transaction_id, position: row.global_position };
}

/** Compares non-negative integers written in decimal without leading zeros (as PostgreSQL prints them). */
function compareDecimal(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

function compareCursors(a: Cursor, b: Cursor): number {
  return compareDecimal(a.xid, b.xid) || compareDecimal(a.position, b.position);
}
