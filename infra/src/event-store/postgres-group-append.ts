import type { Sql } from 'postgres';
import { insertEvents, type Inserted, type StoredEvent } from './postgres-append.ts';
import { categoryOf } from './port.ts';

/** A single-event append with an exact expectation: the revision it follows, -1n for a new stream. */
export interface GroupedAppend {
  streamId: string;
  after: bigint;
  event: StoredEvent;
}

interface Pending extends GroupedAppend {
  resolve(result: Inserted | null): void;
}

export interface GroupAppender {
  /** Resolves to what was stored, or to null: the single path must decide (refused, or the group failed). */
  append(append: GroupedAppend): Promise<Inserted | null>;
}

/**
 * Single-event appends waiting in this process share one INSERT (ADR 0012). At most `maxInFlight` statements run
 * at once; appends arriving meanwhile wait and go together in the next one, a stream at most once per group.
 * Each row is checked against its own stream's predecessor, and a row whose revision or event id is taken is
 * skipped (`on conflict do nothing`): its append resolves to null and the caller's single path stores it or
 * explains the refusal, so one append's conflict or retry never changes another's answer. A statement that fails
 * sends every append of its group down the single path. A lone append takes the single statement at once.
 */
export function createGroupAppender(
  sql: Sql,
  options: { maxInFlight?: number; maxGroup?: number } = {},
): GroupAppender {
  const maxInFlight = options.maxInFlight ?? 4;
  const maxGroup = options.maxGroup ?? 64;
  let queue: Pending[] = [];
  let inFlight = 0;

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const group: Pending[] = [];
      const rest: Pending[] = [];
      const streams = new Set<string>();
      for (const p of queue) {
        if (group.length < maxGroup && !streams.has(p.streamId)) {
          group.push(p);
          streams.add(p.streamId);
        } else rest.push(p);
      }
      queue = rest;
      inFlight++;
      void run(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  const run = async (group: Pending[]) => {
    try {
      if (group.length === 1) {
        const [only] = group as [Pending];
        only.resolve(
          await insertEvents(sql, only.streamId, only.after < 0n ? 'no_stream' : only.after, [only.event]),
        );
        return;
      }
      const rows = group.map((p) => ({
        stream_id: p.streamId,
        category: categoryOf(p.streamId),
        after: p.after.toString(),
        event_id: p.event.eventId,
        type: p.event.type,
        schema_version: p.event.schemaVersion,
        data: p.event.data,
        metadata: p.event.metadata,
      }));
      // The predecessor is probed per row through the (stream_id, stream_version) index (LATERAL ... LIMIT 1): a
      // correlated EXISTS was planned as a hash semi-join over the whole log (docs/benchmarks.md, third round).
      // A row whose revision or event id is taken is skipped, not the group: on contended streams a refused group
      // sent every one of its appends down the single path (overlapping streams fell to 0.23x raw).
      const stored = await sql<{ stream_id: string; global_position: string }[]>`
        insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
        select a.stream_id, a.after + 1, a.category, a.event_id, a.type, a.schema_version, a.data, a.metadata
          from jsonb_to_recordset(${sql.json(rows as never)}::jsonb) as a(stream_id text, category text, after bigint,
                 event_id uuid, type text, schema_version int, data jsonb, metadata jsonb)
          left join lateral (
            select 1 as found from es_events x
             where a.after >= 0 and x.stream_id = a.stream_id and x.stream_version = a.after limit 1) p on true
         where a.after < 0 or p.found is not null
        on conflict do nothing
        returning stream_id, global_position`;
      const positions = new Map(stored.map((r) => [r.stream_id, BigInt(r.global_position)]));
      for (const p of group) {
        const position = positions.get(p.streamId);
        p.resolve(position === undefined ? null : { nextExpectedVersion: p.after + 1n, position });
      }
    } catch {
      // the statement failed: each append takes the single path, which stores it, explains its refusal, or meets
      // the failure itself
      for (const p of group) p.resolve(null);
    }
  };

  return {
    append(append) {
      return new Promise<Inserted | null>((resolve) => {
        queue.push({ ...append, resolve });
        pump();
      });
    },
  };
}
