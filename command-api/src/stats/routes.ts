import { randomUUID } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { isbot } from 'isbot';
import type { Sql } from 'postgres';
import { DomainError } from '@platform/contracts/errors';
import { statsBannedOriginResource } from '@platform/contracts/stats/banned-origin';
import { statsEndpoints } from '@platform/contracts/stats/endpoints';
import { DIRECT_ORIGIN, STATS_BATCH_MAX, statsBatchStream } from '@platform/contracts/stats/records';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import { deriveId } from '../handler.ts';
import { clientIp, rateLimiter, type Limit } from '../auth/rate-limit.ts';
import { statsDecider, type StatsDrop } from './records.ts';
import { visitorKeys } from './visitor-key.ts';

/** How many batches one client may send: a reader's pages send a few a minute; a flood is refused (429). */
export const STATS_RATE_LIMIT: Limit = { max: 120, windowMs: 60_000 };

export interface StatsRoutesOptions {
  /** the platform's database: the day's salt of the visitor keys, the rate counters, the banned origins */
  sql: Sql;
  limit?: Limit;
}

/** The senders' rate counters (`stats:<visitor>`), cleared once their window has passed. */
const RATE_KEY_PREFIX = 'stats:';

/** The origin a batch came from: the page's (Origin, else Referer), lower case, scheme and host only. */
export function originOf(req: Pick<Request, 'get'>): string {
  for (const header of ['origin', 'referer']) {
    const value = req.get(header);
    if (!value || value === 'null') continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin.toLowerCase();
    } catch {
      // not a URL: no origin from this header
    }
  }
  return DIRECT_ORIGIN;
}

/**
 * POST /services/stats/records (issue 22, seed 000 §7, ADR 0038): a batch of at most STATS_BATCH_MAX records of
 * views and downloads, from anyone (the web ignores failures). Answers 202 whether the batch was kept or dropped
 * (a bot's, a banned origin's or client's: the sender learns nothing), 413 past the batch size, 422 on a record
 * that does not fit, 429 past the client's rate. A kept batch is one StatsRecorded on its own stream.
 */
export function statsRecordRoutes(options: StatsRoutesOptions): CommandModule {
  const limiter = rateLimiter(options.sql);
  const keys = visitorKeys(options.sql);
  const limit = options.limit ?? STATS_RATE_LIMIT;
  const banned = resourceTable(statsBannedOriginResource).table;
  let sweptAt = Number.NEGATIVE_INFINITY;
  /**
   * The counters of windows past count nothing any more: each process clears them at most once per window, after
   * an answer's counting and without holding it up. A visitor key is a row a day, so a busy site's would
   * otherwise pile up in the sign-in limits' table.
   */
  function sweepPastWindows(now: Date) {
    if (now.getTime() - sweptAt < limit.windowMs) return;
    sweptAt = now.getTime();
    limiter.sweep(RATE_KEY_PREFIX, new Date(now.getTime() - limit.windowMs)).catch(() => {
      // the next window tries again
      sweptAt = Number.NEGATIVE_INFINITY;
    });
  }

  /** Whether an administrator banned the batch's origin or its client (a few rows, an index each). */
  async function isBanned(origin: string, visitor: string): Promise<boolean> {
    const [row] = await options.sql`select 1 from ${options.sql(`read.${banned}`)}
      where origin = ${origin} or origin_signature = ${visitor} limit 1`;
    return row !== undefined;
  }

  return (deps: CommandModuleDeps): Router => {
    const router = express.Router();
    mountEndpoint(router, statsEndpoints.records, async (req, res, call) => {
      // the size first: a flood is refused before its records are read one by one
      const sent = (req.body as { records?: unknown } | undefined)?.records;
      if (Array.isArray(sent) && sent.length > STATS_BATCH_MAX)
        throw new DomainError(
          'validation.payload_too_large',
          `At most ${STATS_BATCH_MAX} records per request`,
          [
            {
              code: 'validation.payload_too_large',
              detail: `At most ${STATS_BATCH_MAX} records per request`,
              pointer: '/records',
            },
          ],
        );
      const { records } = call.body();
      const request = deps.commandRequest(req, res);
      const now = request.metadata.now;
      const viewer = viewerOf(res);
      const userAgent = req.get('user-agent') ?? '';
      const visitor = await keys.keyOf(now, { userId: viewer.userId, ip: clientIp(req), userAgent });
      await limiter.attempt(res, now, [{ key: `${RATE_KEY_PREFIX}${visitor}`, limit }]);
      sweepPastWindows(now);
      const origin = originOf(req);
      const drop: StatsDrop | null = isbot(userAgent)
        ? 'bot'
        : (await isBanned(origin, visitor))
          ? 'banned'
          : null;
      const key = request.idempotencyKey;
      const batchId = key !== undefined ? deriveId(key, 'stats', visitor) : randomUUID();
      const result = await deps.handle({
        streamId: statsBatchStream(batchId),
        decider: statsDecider,
        command: {
          type: 'RecordStats',
          data: { records, visitor, origin, drop },
          metadata: request.metadata,
        },
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
      // the same answer for a batch kept and one dropped: a bot or a banned client learns nothing from it
      res
        .status(202)
        .setHeader('X-Event-Position', result.position.toString())
        .type(JSON_API_MEDIA_TYPE)
        .send(JSON.stringify({ meta: { received: records.length, position: result.position.toString() } }));
    });
    return router;
  };
}
