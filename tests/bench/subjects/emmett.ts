import { dumbo, endAllPools, sql as emtSql, type SQL } from '@event-driven-io/dumbo';
import { isExpectedVersionConflictError, type Event } from '@event-driven-io/emmett';
import {
  getPostgreSQLEventStore,
  postgreSQLRawBatchSQLProjection,
  readMessagesBatch,
} from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import type { EventToAppend } from '@platform/infra/event-store';
import { EVENT_TYPES, type Subject } from '../workload.ts';

type BenchEvent = Event<string, Record<string, unknown>, Record<string, unknown>>;

/** The same rows as Emmett events; its message id is our event id. */
const toEmmett = (e: EventToAppend): BenchEvent => ({
  type: e.type,
  data: e.data as Record<string, unknown>,
  metadata: { ...e.metadata, messageId: e.eventId },
});

/**
 * Emmett's PostgreSQL event store as shipped (0.42), on a pg pool of the same size as ours. Emmett counts
 * stream positions from 1 (0 = no stream), so our expected revision r becomes r + 1.
 */
export async function emmettSubject(url: string, poolSize: number): Promise<Subject> {
  const pgPool = new pg.Pool({ connectionString: url, max: poolSize });
  // an idle client dropped by the server (database dropped at the end) must not crash the process
  pgPool.on('error', () => {});
  const pool = dumbo({ connectionString: url, pool: pgPool });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { dumbo: pool } });
  await store.schema.migrate();

  return {
    name: 'emmett',
    capped: true,
    async append(streamId, expected, events) {
      try {
        await store.appendToStream<BenchEvent>(streamId, events.map(toEmmett), {
          expectedStreamVersion: expected + 1n,
        });
        return true;
      } catch (error) {
        if (isExpectedVersionConflictError(error)) return false;
        throw error;
      }
    },
    async catchUp(pageSize, cap, onEvent) {
      // readMessagesBatch is what Emmett's own consumer pulls with (same snapshot-xmin guard as ours)
      let after = 0n;
      let read = 0;
      for (;;) {
        const page = await readMessagesBatch(pool.execute, { after, batchSize: pageSize });
        for (const m of page.messages) onEvent(String((m.metadata as { messageId?: string }).messageId));
        read += page.messages.length;
        if (!page.areMessagesLeft || read >= cap) return;
        after = page.currentGlobalPosition;
      }
    },
    async replay(batchSize, cap) {
      let applied = 0;
      const projection = postgreSQLRawBatchSQLProjection<BenchEvent>({
        name: `bench_category_counts_${Date.now()}`,
        canHandle: [...EVENT_TYPES],
        init: () =>
          emtSql(
            `create table if not exists emt_bench_category_counts (category text primary key, events bigint)`,
          ),
        evolve: (events) => {
          applied += events.length;
          const counts = new Map<string, number>();
          for (const e of events) {
            const streamName = String((e as { metadata?: { streamName?: string } }).metadata?.streamName);
            const category = streamName.slice(0, streamName.indexOf('-'));
            counts.set(category, (counts.get(category) ?? 0) + 1);
          }
          return [...counts].map(([category, n]): SQL =>
            emtSql(
              `insert into emt_bench_category_counts (category, events) values (%L, %s)
                 on conflict (category) do update set events = emt_bench_category_counts.events + excluded.events`,
              category,
              n,
            ),
          );
        },
      });
      // pullingFrequencyInMs 0: no pause between full batches, so the figure is Emmett's work, not its timer
      const consumer = store.consumer({
        stopWhen: { noMessagesLeft: true },
        pulling: { batchSize, pullingFrequencyInMs: 0 },
      });
      let seen = 0;
      consumer.projector<BenchEvent>({ projection, startFrom: 'BEGINNING', stopAfter: () => ++seen >= cap });
      await consumer.start();
      // stop, not close: close() would end the pool the consumer shares with the store
      await consumer.stop();
      return applied;
    },
    async subscribe(onEvents) {
      // Emmett's consumer with its default polling (batch 100, 50 ms, backing off to 1 s when idle)
      // Start after the current last message. Not 'END': in 0.42 readLastMessageGlobalPosition orders ascending,
      // so 'END' starts from the first message and replays the whole log first.
      const last = await pgPool.query<{ p: string }>(
        'select coalesce(max(global_position), 0)::text as p from emt_messages',
      );
      const consumer = store.consumer<BenchEvent>({});
      consumer.reactor<BenchEvent>({
        processorId: `bench-latency-${Date.now()}`,
        startFrom: { lastCheckpoint: BigInt(last.rows[0]?.p ?? '0') },
        eachMessage: (message) => {
          onEvents([String((message.metadata as { messageId?: string }).messageId)]);
        },
      });
      let failure: unknown;
      const running = consumer.start().catch((error: unknown) => {
        failure = error;
      });
      return {
        async stop() {
          await consumer.stop();
          await running;
          if (failure) throw failure;
        },
      };
    },
    async count() {
      const result = await pgPool.query<{ n: string }>('select count(*)::text as n from emt_messages');
      return Number(result.rows[0]?.n ?? 0);
    },
    async close() {
      await store.close();
      await pgPool.end().catch(() => {});
      // pools Emmett opened by connection string on its own (schema migration)
      await endAllPools();
    },
  };
}
