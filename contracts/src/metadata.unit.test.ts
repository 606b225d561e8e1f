import { describe, expect, it } from 'vitest';
import { EventMetadataSchema, newEventId } from './metadata.ts';

describe('newEventId', () => {
  it('makes UUIDv7 ids that sort in the order they were made', () => {
    const ids = Array.from({ length: 1000 }, () => newEventId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('makes ids the metadata contract accepts', () => {
    const eventId = newEventId();
    const parsed = EventMetadataSchema.parse({
      eventId,
      correlationId: eventId,
      causationId: eventId,
      actor: { userId: null },
      recordedAt: new Date().toISOString(),
    });
    expect(parsed.eventId).toBe(eventId);
  });
});
