import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '@platform/tests/contract/event-store.contract';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '../db/postgres.ts';
import { PostgresEventStore } from '../event-store/postgres-event-store.ts';
import { createLogRelay, type RelayMessage, type RelaySink } from './log-relay.ts';

// The relay's positions and restarts on the real PostgreSQL event store, with a sink that records what a broker
// would have acknowledged (and refuses or crashes where a test says). The same relay against a real Kafka runs in
// kafka-relay.int.test.ts where a container engine is reachable.

/** A broker that stores what it acknowledges; `refuse` makes its next publish fail before storing anything. */
function recordingSink() {
  const stored: RelayMessage[] = [];
  let refuseNext = false;
  const sink: RelaySink & { stored: RelayMessage[]; refuse(): void } = {
    stored,
    refuse: () => {
      refuseNext = true;
    },
    async publish(messages) {
      if (refuseNext) {
        refuseNext = false;
        throw new Error('broker unavailable');
      }
      stored.push(...messages);
    },
  };
  return sink;
}

/** What a consumer keeps when it drops every message at or below the last stream version it applied. */
function deduplicated(messages: RelayMessage[]) {
  const last = new Map<string, bigint>();
  return messages.filter(({ event: e }) => {
    const seen = last.get(e.streamId);
    if (seen !== undefined && e.streamVersion <= seen) return false;
    last.set(e.streamId, e.streamVersion);
    return true;
  });
}

describe('the log relay', () => {
  let db: TestDatabase;
  let sql: Sql;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    sql = createSql(db.url);
    store = new PostgresEventStore({ sql });
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  /** `count` events over three streams of a fresh category, appended one by one; their ids in append order */
  async function appendEvents(category: string, count: number, from = 0) {
    const ids: string[] = [];
    for (let i = from; i < from + count; i++) {
      const e = event('Relayed', { i });
      await store.appendToStream(`${category}-${i % 3}`, [e]);
      ids.push(e.eventId);
    }
    return ids;
  }

  const category = () => `relay${randomUUID().replaceAll('-', '').slice(0, 10)}`;

  it('publishes every event once, in $all order, and resumes after a stop where it stood', async () => {
    const cat = category();
    const first = await appendEvents(cat, 30);
    const sink = recordingSink();
    const relay = createLogRelay({
      name: cat,
      eventStore: store,
      sql,
      sink,
      filter: { categories: [cat] },
      batchSize: 4,
    });
    let controller = new AbortController();
    let running = relay.run(controller.signal);
    await expect.poll(() => sink.stored.length).toBe(30);
    controller.abort();
    await running;
    expect(sink.stored.map((m) => m.event.eventId)).toEqual(first);
    expect((await relay.position()).sequence).toBe(30n);
    expect((await relay.position()).position).toBe(sink.stored.at(-1)!.event.globalPosition);

    const more = await appendEvents(cat, 10, 30);
    controller = new AbortController();
    running = relay.run(controller.signal);
    await expect.poll(() => sink.stored.length).toBe(40);
    controller.abort();
    await running;
    expect(sink.stored.map((m) => m.event.eventId)).toEqual([...first, ...more]);
    expect(sink.stored.map((m) => m.sequence)).toEqual(Array.from({ length: 40 }, (_, i) => BigInt(i + 1)));
  });

  it('publishes again, with the same sequence numbers, only the batch acknowledged before a crash', async () => {
    const cat = category();
    const ids = await appendEvents(cat, 24);
    const sink = recordingSink();
    // the sizes of the batches published; a batch holds at most 5, fewer when the relay read fewer at once
    const sizes: number[] = [];
    let crashed: RelayMessage[] = [];
    const crashing = createLogRelay({
      name: cat,
      eventStore: store,
      sql,
      sink,
      filter: { categories: [cat] },
      batchSize: 5,
      maxBatchSize: 5,
      afterPublish: (messages) => {
        sizes.push(messages.length);
        if (sizes.length === 3) {
          crashed = messages;
          throw new Error('the process died after the broker acknowledged');
        }
      },
    });
    await expect(crashing.run(new AbortController().signal)).rejects.toThrow(/process died/);
    const stood = await crashing.position();
    // the position stored is the end of the second batch: the third was acknowledged, not recorded
    expect(stood.sequence).toBe(BigInt(sizes[0]! + sizes[1]!));

    const relay = createLogRelay({
      name: cat,
      eventStore: store,
      sql,
      sink,
      filter: { categories: [cat] },
      batchSize: 5,
    });
    const controller = new AbortController();
    const running = relay.run(controller.signal);
    await expect.poll(() => sink.stored.length).toBe(24 + crashed.length);
    controller.abort();
    await running;

    expect(crashed.length).toBeGreaterThan(0);
    expect(crashed.length).toBeLessThanOrEqual(5);
    const counts = new Map<string, number>();
    for (const m of sink.stored) counts.set(m.event.eventId, (counts.get(m.event.eventId) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(new Set(repeated)).toEqual(new Set(crashed.map((m) => m.event.eventId)));
    expect([...counts.values()].every((n) => n <= 2)).toBe(true);
    // each repeat carries the sequence number of its first publication
    for (const m of sink.stored) {
      expect(m.sequence).toBe(BigInt(ids.indexOf(m.event.eventId) + 1));
    }
    // a consumer that drops what it has applied (per stream, by version) sees every event once, in order
    const kept = deduplicated(sink.stored);
    expect(kept.map((m) => m.event.eventId)).toEqual(ids);
    expect((await relay.position()).sequence).toBe(24n);
  });

  it('stores no position past a batch the broker refused, and publishes it after a restart', async () => {
    const cat = category();
    const ids = await appendEvents(cat, 12);
    const sink = recordingSink();
    let published = 0;
    const relay = createLogRelay({
      name: cat,
      eventStore: store,
      sql,
      sink: {
        publish: async (messages) => {
          if (++published === 2) sink.refuse();
          await sink.publish(messages);
        },
      },
      filter: { categories: [cat] },
      batchSize: 4,
    });
    await expect(relay.run(new AbortController().signal)).rejects.toThrow(/broker unavailable/);
    expect(await relay.position()).toMatchObject({ sequence: 4n });
    const controller = new AbortController();
    const running = relay.run(controller.signal);
    await expect.poll(() => sink.stored.length).toBe(12);
    controller.abort();
    await running;
    expect(sink.stored.map((m) => m.event.eventId)).toEqual(ids);
  });

  it('runs one relay of a name at a time: the other stands by and takes over from the stored position', async () => {
    const cat = category();
    const first = await appendEvents(cat, 9);
    const sink = recordingSink();
    const make = () =>
      createLogRelay({
        name: cat,
        eventStore: store,
        sql,
        sink,
        filter: { categories: [cat] },
        batchSize: 4,
        standbyPollMs: 20,
      });
    const [a, b] = [new AbortController(), new AbortController()];
    const runningA = make().run(a.signal);
    await expect.poll(() => sink.stored.length).toBe(9);
    const runningB = make().run(b.signal);
    const later = await appendEvents(cat, 3, 9);
    await expect.poll(() => sink.stored.length).toBe(12);
    a.abort();
    await runningA;
    const last = await appendEvents(cat, 3, 12);
    await expect.poll(() => sink.stored.length).toBe(15);
    b.abort();
    await runningB;
    expect(sink.stored.map((m) => m.event.eventId)).toEqual([...first, ...later, ...last]);
    expect(sink.stored.map((m) => m.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => BigInt(i + 1)));
  });
});
