import { Kafka, Partitioners, logLevel, type LogEntry, type Message, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { RelayMessage, RelaySink } from './log-relay.ts';

/** The headers every relayed message carries (ADR 0049): what a consumer needs to drop a repeat without the value. */
export const RELAY_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  streamId: 'stream-id',
  streamVersion: 'stream-version',
  position: 'position',
  sequence: 'sequence',
  contentType: 'content-type',
} as const;

/**
 * An event as a Kafka message: keyed by its stream id (the topic's partition follows the key, so a stream's events
 * stay in one partition in revision order), its headers, and the event as JSON (bigints as decimal strings).
 */
export function toKafkaMessage({ event, sequence }: RelayMessage): Message {
  return {
    key: event.streamId,
    value: JSON.stringify({
      eventId: event.eventId,
      type: event.type,
      streamId: event.streamId,
      streamVersion: event.streamVersion.toString(),
      position: event.globalPosition.toString(),
      sequence: sequence.toString(),
      recordedAt: event.recordedAt.toISOString(),
      data: event.data,
      metadata: event.metadata,
    }),
    headers: {
      [RELAY_HEADERS.eventId]: event.eventId,
      [RELAY_HEADERS.eventType]: event.type,
      [RELAY_HEADERS.streamId]: event.streamId,
      [RELAY_HEADERS.streamVersion]: event.streamVersion.toString(),
      [RELAY_HEADERS.position]: event.globalPosition.toString(),
      [RELAY_HEADERS.sequence]: sequence.toString(),
      [RELAY_HEADERS.contentType]: 'application/json',
    },
    timestamp: String(event.recordedAt.getTime()),
  };
}

/**
 * Publishes to one topic through an idempotent producer: every send waits for all in-sync replicas (acks -1), and
 * the broker drops a batch the producer sent again after a lost answer (its producer id and sequence numbers). That
 * removes the producer's own repeats within one connection; it cannot know a batch a previous relay process sent.
 */
export function kafkaSink(producer: Producer, topic: string): RelaySink {
  return {
    async publish(messages) {
      await producer.send({ topic, acks: -1, messages: messages.map(toKafkaMessage) });
    },
  };
}

export interface KafkaRelayConnection {
  sink: RelaySink;
  close(): Promise<void>;
}

/**
 * Connects to the brokers, creates the topic when it is missing (`partitions`, replication by the brokers'
 * default), and returns the sink. The number of partitions of an existing topic is left alone: adding partitions
 * moves keys, and with them a stream's order across the change.
 */
export async function connectKafkaRelay(options: {
  brokers: string[];
  topic: string;
  partitions: number;
  clientId?: string;
  logger?: Logger;
}): Promise<KafkaRelayConnection> {
  const { logger } = options;
  const kafka = new Kafka({
    clientId: options.clientId ?? 'platform-relay',
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ namespace, level, log }: LogEntry) => {
        const { message, ...extra } = log;
        const entry = { kafka: namespace, ...extra };
        if (level <= logLevel.ERROR) logger?.error(entry, message);
        else logger?.warn(entry, message);
      },
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const created = await admin.createTopics({
      topics: [{ topic: options.topic, numPartitions: options.partitions }],
      waitForLeaders: true,
    });
    if (created)
      logger?.info({ topic: options.topic, partitions: options.partitions }, 'relay topic created');
  } finally {
    await admin.disconnect();
  }
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // murmur2 of the key, as Java clients partition: consumers in any language find a stream's partition alike
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  return {
    sink: kafkaSink(producer, options.topic),
    close: () => producer.disconnect(),
  };
}
