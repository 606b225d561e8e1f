import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '@platform/tests/contract/event-store.contract';
import {
  skipWithoutContainerEngine,
  startKafka,
  type StartedKafka,
} from '@platform/tests/support/containers';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createSql } from '../db/postgres.ts';
import { PostgresEventStore } from '../event-store/postgres-event-store.ts';
import { connectKafkaRelay, RELAY_HEADERS } from './kafka-sink.ts';
import { createLogRelay, type RelayMessage } from './log-relay.ts';

// The relay against a real Kafka (KRaft) started by testcontainers, its position in the test PostgreSQL (ADR 0049).
// Without a container engine (this project's own machine has none) the suite is skipped and the run prints why.
const skip = await skipWithoutContainerEngine('the Kafka relay test');

interface Consumed {
  partition: number;
  key: string;
  eventId: string;
  streamVersion: bigint;
  sequence: bigint;
}

describe.skipIf(skip)('the relay on Kafka', () => {
  let kafka: StartedKafka;
  let brokers: string[];
  let db: TestDatabase;
  let sql: Sql;
  let store: PostgresEventStore;
  beforeAll(async () => {
    kafka = await startKafka();
    brokers = kafka.brokers;
    db = await createTestDatabase();
    sql = createSql(db.url);
    store = new PostgresEventStore({ sql });
  });
  afterAll(async () => {
    await sql?.end();
    await db?.drop();
    await kafka?.container.stop();
  });

  async function consume(topic: string, into: Consumed[]): Promise<Consumer> {
    const client = new Kafka({ clientId: 'relay-test', brokers, logLevel: logLevel.NOTHING });
    const consumer = client.consumer({ groupId: `relay-test-${randomUUID()}` });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        const header = (name: string) => String(message.headers?.[name]);
        into.push({
          partition,
          key: String(message.key),
          eventId: header(RELAY_HEADERS.eventId),
          streamVersion: BigInt(header(RELAY_HEADERS.streamVersion)),
          sequence: BigInt(header(RELAY_HEADERS.sequence)),
        });
      },
    });
    return consumer;
  }

  it('delivers every event across a crash and a restart, repeating only the batch acknowledged before it', async () => {
    const category = `kafka${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const topic = `relay-test-${category}`;
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const e = event('Relayed', { i });
      await store.appendToStream(`${category}-${i % 7}`, [e]);
      ids.push(e.eventId);
    }
    // the relay's connection creates the topic with its partitions; the consumer reads it from the beginning
    const connection = await connectKafkaRelay({ brokers, topic, partitions: 4 });
    const consumed: Consumed[] = [];
    const consumer = await consume(topic, consumed);
    let batches = 0;
    let crashed: RelayMessage[] = [];
    const options = {
      name: topic,
      eventStore: store,
      sql,
      sink: connection.sink,
      filter: { categories: [category] },
      batchSize: 8,
      maxBatchSize: 8,
    };
    const crashing = createLogRelay({
      ...options,
      afterPublish: (messages) => {
        if (++batches === 4) {
          crashed = messages;
          throw new Error('the process died after the broker acknowledged');
        }
      },
    });
    await expect(crashing.run(new AbortController().signal)).rejects.toThrow(/process died/);
    const restarted = createLogRelay(options);
    const controller = new AbortController();
    const running = restarted.run(controller.signal);
    await expect.poll(() => consumed.length, { timeout: 60_000 }).toBe(60 + crashed.length);
    controller.abort();
    await running;
    await consumer.disconnect();
    await connection.close();

    expect(crashed).toHaveLength(8);
    // every event arrived, and the only repeats are the crashed batch's, with their first sequence numbers
    expect(new Set(consumed.map((c) => c.eventId))).toEqual(new Set(ids));
    const seen = new Map<string, number>();
    for (const c of consumed) seen.set(c.eventId, (seen.get(c.eventId) ?? 0) + 1);
    expect(new Set([...seen].filter(([, n]) => n > 1).map(([id]) => id))).toEqual(
      new Set(crashed.map((m) => m.event.eventId)),
    );
    for (const c of consumed) expect(c.sequence).toBe(BigInt(ids.indexOf(c.eventId) + 1));
    // keyed by stream: one partition per stream, and in it the stream's versions in order once repeats are dropped
    const byKey = new Map<string, Consumed[]>();
    for (const c of consumed) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
    for (const [, messages] of byKey) {
      expect(new Set(messages.map((m) => m.partition)).size).toBe(1);
      let last = -1n;
      const applied: bigint[] = [];
      for (const m of messages) {
        if (m.streamVersion <= last) continue;
        applied.push(m.streamVersion);
        last = m.streamVersion;
      }
      expect(applied).toEqual(applied.map((_, i) => BigInt(i)));
    }
  });
});
