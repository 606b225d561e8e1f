import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port.ts';
import { RELAY_HEADERS, toKafkaMessage } from './kafka-sink.ts';

const recorded: RecordedEvent = {
  eventId: '3f0c2a9e-0d53-4d55-9a43-7c0f5a3b8e11',
  type: 'RentalBooked',
  data: { itemId: 'item-1', days: 3 },
  metadata: {
    eventId: '3f0c2a9e-0d53-4d55-9a43-7c0f5a3b8e11',
    correlationId: 'c-1',
    causationId: 'k-1',
    actor: { userId: 'u-1', actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: '2026-03-04T05:06:07.000Z',
    schemaVersion: 1,
  },
  streamId: 'rental-42',
  streamVersion: 7n,
  globalPosition: 9_007_199_254_740_993n,
  recordedAt: new Date('2026-03-04T05:06:07.000Z'),
};

describe('an event as a Kafka message', () => {
  const message = toKafkaMessage({ event: recorded, sequence: 12n });

  it('is keyed by its stream id, so that a stream stays in one partition', () => {
    expect(message.key).toBe('rental-42');
  });

  it('carries what a consumer needs to drop a repeat, in headers, bigints in full', () => {
    expect(message.headers).toEqual({
      [RELAY_HEADERS.eventId]: recorded.eventId,
      [RELAY_HEADERS.eventType]: 'RentalBooked',
      [RELAY_HEADERS.streamId]: 'rental-42',
      [RELAY_HEADERS.streamVersion]: '7',
      [RELAY_HEADERS.position]: '9007199254740993',
      [RELAY_HEADERS.sequence]: '12',
      [RELAY_HEADERS.contentType]: 'application/json',
    });
    expect(message.timestamp).toBe(String(Date.parse('2026-03-04T05:06:07.000Z')));
  });

  it('holds the whole event as JSON', () => {
    expect(JSON.parse(String(message.value))).toEqual({
      eventId: recorded.eventId,
      type: 'RentalBooked',
      streamId: 'rental-42',
      streamVersion: '7',
      position: '9007199254740993',
      sequence: '12',
      recordedAt: '2026-03-04T05:06:07.000Z',
      data: { itemId: 'item-1', days: 3 },
      metadata: recorded.metadata,
    });
  });
});
