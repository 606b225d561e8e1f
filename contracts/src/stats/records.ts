import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';

/**
 * Usage statistics (issue 22; seed 000 §3 "stats record", §4, §7 POST /api/v1/services/stats/records): the web
 * sends what a reader viewed and downloaded, in small batches; each accepted batch is one event, replayed by the
 * analysts into the statistics projections. ADR 0038.
 */

/** Seed 000 §3: "event (view or download)". */
export const STATS_EVENTS = ['view', 'download'] as const;
export type StatsEventName = (typeof STATS_EVENTS)[number];

/** The most records one request may carry: more is refused whole (413), so no client fills the log at once. */
export const STATS_BATCH_MAX = 50;

/** A record as the web sends it (seed 000 §3): what happened, to which resource. */
export const StatsRecordSchema = z
  .object({
    event: z.enum(STATS_EVENTS),
    // a JSON:API type ('articles', 'app-pages'): lower-case words and hyphens
    resourceType: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[a-z][a-z0-9-]*$/, 'A resource type is lower-case words joined by hyphens'),
    // an id or a slug
    resourceId: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9._~-]+$/, 'A resource id is letters, digits, dots, hyphens and underscores'),
  })
  .strict();
export type StatsRecord = z.infer<typeof StatsRecordSchema>;

/** The body of POST /services/stats/records; its size is checked first (413), then each record (422). */
export const StatsRecordsBodySchema = z.object({
  records: z.array(StatsRecordSchema).min(1, 'Send at least one record'),
});

/** The answer to a batch, kept or dropped alike (202): how many records it held, and where the log stands. */
export const StatsRecordsAnswerSchema = z.object({
  meta: z.object({ received: z.number().int().nonnegative(), position: z.string() }),
});

/** Where records came from when the request names no origin: the platform's own pages, typed or bookmarked. */
export const DIRECT_ORIGIN = 'direct';

/**
 * One accepted batch, on its own stream: the records, who sent them (`user:<id>`, or `visitor:<key>` for a
 * reader who is not signed in: a daily salted hash, never the address), where from (the page's origin) and when.
 */
export const StatsRecorded = defineEvent(
  'StatsRecorded',
  z.object({
    records: z.array(StatsRecordSchema).min(1).max(STATS_BATCH_MAX),
    visitor: z.string().min(1).max(100),
    origin: z.string().min(1).max(200),
    recordedAt: z.string().datetime({ offset: true }),
  }),
);

export const statsRecordEventContracts: EventContract[] = [StatsRecorded];

/** The stream of one accepted batch. */
export const statsBatchStream = (batchId: string) => `statsbatch-${batchId}`;
