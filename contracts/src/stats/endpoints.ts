import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { HOME_STATS_PATH, HomeStatsDocumentSchema } from './home-stats.ts';
import { StatsRecordsAnswerSchema, StatsRecordsBodySchema } from './records.ts';

/**
 * The figures the home page shows (query-api/src/stats/routes.ts), and the records of what readers viewed and
 * downloaded (command-api/src/stats/routes.ts): 202, or 413 past STATS_BATCH_MAX, 429 past the client's rate.
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
} satisfies Record<string, AnyEndpoint>;
