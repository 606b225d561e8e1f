import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { STATS_COUNTS_PATH, StatsCountsDocumentSchema } from './counts.ts';
import { HOME_STATS_PATH, HomeStatsDocumentSchema } from './home-stats.ts';
import { StatsRecordsAnswerSchema, StatsRecordsBodySchema } from './records.ts';

/**
 * The figures the home page shows (query-api/src/stats/routes.ts), and the records of what readers viewed and
 * downloaded (command-api/src/stats/routes.ts): 202, or 413 past STATS_BATCH_MAX, 429 past the client's rate; and
 * their counts over a period for /admin/stats (query-api/src/stats/counts-routes.ts: the STATS_READERS rule, 422
 * naming the parameter that does not fit).
 */
export const statsEndpoints = {
  homeStats: defineEndpoint({ method: 'GET', path: HOME_STATS_PATH, response: HomeStatsDocumentSchema }),
  records: defineEndpoint({
    method: 'POST',
    path: '/services/stats/records',
    body: StatsRecordsBodySchema,
    response: StatsRecordsAnswerSchema,
    anonymous: true,
  }),
  counts: defineEndpoint({ method: 'GET', path: STATS_COUNTS_PATH, response: StatsCountsDocumentSchema }),
} satisfies Record<string, AnyEndpoint>;
