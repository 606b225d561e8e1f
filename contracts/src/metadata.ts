import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod/v4';

export const ActorSchema = z.object({
  userId: z.string().nullable(),
  actingAsOrganizationId: z.string().nullable().default(null),
  impersonatorId: z.string().nullable().default(null),
});
export type Actor = z.infer<typeof ActorSchema>;

export const SYSTEM_USER_ID = '00000000-0000-4000-8000-000000000001';
export const systemActor: Actor = {
  userId: SYSTEM_USER_ID,
  actingAsOrganizationId: null,
  impersonatorId: null,
};

/**
 * A new event id: a UUIDv7, ordered by creation time. The event store's unique index on event ids then grows at
 * its end instead of touching a random page for every event (ADR 0011).
 */
export function newEventId(): string {
  return uuidv7();
}

/** Stored beside every event. eventId also lives on the event row; it is repeated here for consumers. */
export const EventMetadataSchema = z.object({
  eventId: z.string().uuid(),
  correlationId: z.string(),
  causationId: z.string(),
  actor: ActorSchema,
  recordedAt: z.string().datetime({ offset: true }),
  /** version of the payload contract the event was written with */
  schemaVersion: z.number().int().positive().default(1),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** What a command carries besides its data: who, when, and the ids it may use. Deciders read time here. */
export interface CommandMetadata {
  now: Date;
  actor: Actor;
  correlationId: string;
  causationId: string;
}
