import type { Sql, TransactionSql } from 'postgres';
import { categoryOf, type ExpectedVersion, type GlobalPosition } from './port.ts';

/** An event as `es_events` stores it. */
export interface StoredEvent {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

export interface Inserted {
  nextExpectedVersion: bigint;
  position: GlobalPosition;
}

/**
 * Appends `events` as the next revisions of `streamId` in one INSERT statement, or stores nothing and resolves
 * to null: the expected version does not hold, or another writer took one of the revisions or event ids (the
 * unique indexes on (stream_id, stream_version) and event_id refuse it, after that writer has committed).
 * ADR 0010: no lock and no stream table, so an append costs about what storing its rows costs.
 *
 * Why each stream stays in version order within `$all` (ADR 0001): the statement computes revision k+1 from
 * revision k as its snapshot shows it, so k was committed before the statement began, and this transaction's
 * id, taken by its first write (this insert), is larger than the id of k's transaction. That holds when the
 * append is the first write of its transaction (the adapter's contract); `sql` may be a transaction.
 */
export async function insertEvents(
  sql: Sql | TransactionSql,
  streamId: string,
  expected: ExpectedVersion,
  events: StoredEvent[],
): Promise<Inserted | null> {
  const [only] = events;
  const statement =
    events.length === 1 && only
      ? insertOne(sql, streamId, expected, only)
      : insertMany(sql, streamId, expected, events);
  try {
    // one row: a single event's, or a batch's largest position and revision with its count
    const [row] = await statement;
    if (!row || (row.count ?? 1) < events.length) return null;
    const count = BigInt(events.length);
    // the revision is returned where the statement computes it; otherwise it follows from the expectation
    const version = row.stream_version
      ? BigInt(row.stream_version)
      : typeof expected === 'bigint'
        ? expected + count
        : count - 1n;
    return { nextExpectedVersion: version, position: BigInt(row.global_position) };
  } catch (error) {
    // unique_violation: a revision or an event id is taken (the whole statement stored nothing)
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

/**
 * int8 columns arrive as decimal strings. Returned without casts, and the revision only where the statement
 * computes it: a `::text` cast on two returned columns cost a tenth of the single-append rate (scratch comparison).
 */
type Returned = { global_position: string; stream_version?: string; count?: number }[];

/**
 * One event (most commands): its columns are parameters, and the statement keeps close to a plain INSERT, with a
 * subquery only where the expectation needs one (scratch comparisons: every extra node costs a measurable share).
 */
function insertOne(sql: Sql | TransactionSql, streamId: string, expected: ExpectedVersion, e: StoredEvent) {
  const category = categoryOf(streamId);
  const data = sql.json(e.data as never);
  const metadata = sql.json(e.metadata as never);
  if (expected === 'no_stream') {
    // revision 0 exists already: the unique index refuses the insert
    return sql<Returned>`
      insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
      values (${streamId}, 0, ${category}, ${e.eventId}::uuid, ${e.type}, ${e.schemaVersion}::int, ${data}, ${metadata})
      returning global_position`;
  }
  if (typeof expected === 'bigint') {
    const n = expected.toString();
    return sql<Returned>`
      insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
      select ${streamId}, ${n}::bigint + 1, ${category}, ${e.eventId}::uuid, ${e.type}, ${e.schemaVersion}::int, ${data}, ${metadata}
       where exists (select 1 from es_events x where x.stream_id = ${streamId} and x.stream_version = ${n}::bigint)
      returning global_position`;
  }
  // any, stream_exists: after the stream's last revision (none: 0 for any, nothing for stream_exists)
  return sql<Returned>`
    insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
    select ${streamId}, coalesce(max(x.stream_version), -1) + 1, ${category}, ${e.eventId}::uuid, ${e.type},
           ${e.schemaVersion}::int, ${data}, ${metadata}
      from es_events x where x.stream_id = ${streamId}
    having ${expected === 'any'} or max(x.stream_version) is not null
    returning global_position, stream_version`;
}

/** A batch arrives as one JSON array, inserted in its order after the revision `b.v`. */
function insertMany(
  sql: Sql | TransactionSql,
  streamId: string,
  expected: ExpectedVersion,
  events: StoredEvent[],
) {
  // b.v: the revision the new events follow; no row (nothing inserted) when the expectation does not hold
  const base =
    typeof expected === 'bigint'
      ? sql`select ${expected.toString()}::bigint as v where exists (
              select 1 from es_events x where x.stream_id = ${streamId} and x.stream_version = ${expected.toString()}::bigint)`
      : expected === 'no_stream'
        ? sql`select -1::bigint as v`
        : expected === 'stream_exists'
          ? sql`select max(x.stream_version) as v from es_events x where x.stream_id = ${streamId}
                having max(x.stream_version) is not null`
          : sql`select coalesce(max(x.stream_version), -1) as v from es_events x where x.stream_id = ${streamId}`;
  // One row back (the largest position and revision), not one per event. The rows are inserted, and take their
  // positions, in the array's order: a nested loop over one base row and the function scan keeps the function's
  // order, so no sort is needed (a sort of the batch's rows cost 4-5% of the 100-event rate); the contract suite
  // checks that a batch's positions follow its revisions.
  return sql<Returned>`
    with inserted as (
      insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
      select ${streamId}, b.v + e.i, ${categoryOf(streamId)}, (e.v->>'eventId')::uuid, e.v->>'type',
             (e.v->>'schemaVersion')::int, e.v->'data', e.v->'metadata'
        from (${base}) b, jsonb_array_elements(${sql.json(events as never)}::jsonb) with ordinality as e(v, i)
      returning global_position, stream_version
    )
    select max(global_position) as global_position, max(stream_version) as stream_version, count(*)::int as count
      from inserted`;
}

/** Why an append stored nothing, read after the refusal (a new statement: it sees what refused it). */
export interface Refusal {
  /** revision of the stream's last event, -1n when the stream has none */
  current: bigint;
  /** every event id of the append is stored in this stream: a retried append, answered as the first time */
  retried: Inserted | null;
  /** some event ids are stored (in this stream or another): refused whatever the version */
  idsTaken: boolean;
}

export async function explainRefusal(sql: Sql, streamId: string, eventIds: string[]): Promise<Refusal> {
  const [row] = await sql<
    {
      current: string | null;
      here: number;
      anywhere: number;
      last_version: string | null;
      last_position: string | null;
    }[]
  >`
    select (select max(s.stream_version) from es_events s where s.stream_id = ${streamId})::text as current,
           count(*) filter (where e.stream_id = ${streamId})::int as here,
           count(*)::int as anywhere,
           (max(e.stream_version) filter (where e.stream_id = ${streamId}))::text as last_version,
           (max(e.global_position) filter (where e.stream_id = ${streamId}))::text as last_position
      from es_events e where e.event_id = any(${eventIds}::uuid[])`;
  const current = row?.current == null ? -1n : BigInt(row.current);
  const retried =
    row && row.here === eventIds.length && row.last_version !== null && row.last_position !== null
      ? { nextExpectedVersion: BigInt(row.last_version), position: BigInt(row.last_position) }
      : null;
  return { current, retried, idsTaken: (row?.anywhere ?? 0) > 0 };
}
