import type { Sql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store/postgres-event-store';
import { START, WrongExpectedVersionError, type ExpectedVersion } from '@platform/infra/event-store/port';
import type { Subject } from '../workload.ts';
import { replayWithRunner } from './ours-replay.ts';

const toExpected = (expected: bigint): ExpectedVersion => (expected < 0n ? 'no_stream' : expected);

/** Our PostgreSQL event store (one INSERT per append, `$all` by (transaction id, position), LISTEN/NOTIFY). */
export function oursSubject(url: string, poolSize: number): Subject {
  const sql: Sql = createSql(url, { max: poolSize });
  const store = new PostgresEventStore({ sql });
  return {
    name: 'ours',
    capped: false,
    async append(streamId, expected, events) {
      try {
        await store.appendToStream(streamId, events, { expectedVersion: toExpected(expected) });
        return true;
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) return false;
        throw error;
      }
    },
    async catchUp(pageSize, _cap, onEvent) {
      const head = await store.lastCommittedPosition();
      if (head === START) return;
      const abort = new AbortController();
      for await (const batch of store.subscribeToAll({ batchSize: pageSize, signal: abort.signal })) {
        for (const e of batch.events) onEvent(e.eventId);
        // `$all` order is not numeric order: past the head only a short page can end the read, so ask the store then
        const done =
          batch.checkpoint === head ||
          (batch.events.length < pageSize && (await store.comparePositions(batch.checkpoint, head)) >= 0);
        if (done) abort.abort();
      }
    },
    replay: (batchSize) => replayWithRunner(url, batchSize),
    async subscribe(onEvents) {
      const abort = new AbortController();
      const fromPosition = await store.headPosition();
      const loop = (async () => {
        for await (const batch of store.subscribeToAll({ fromPosition, signal: abort.signal })) {
          onEvents(batch.events.map((e) => e.eventId));
        }
      })();
      return {
        async stop() {
          abort.abort();
          await loop;
        },
      };
    },
    async count() {
      const [row] = await sql<{ n: string }[]>`select count(*)::text as n from es_events`;
      return Number(row?.n ?? 0);
    },
    close: () => sql.end(),
  };
}
