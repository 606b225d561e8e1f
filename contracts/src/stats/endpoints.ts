import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { STATS_COUNTS_PATH, StatsCountsDocumentSchema } from './counts.ts';
import { statsReaderEndpoints } from './reader-endpoints.ts';

/**
 * The figures the home page shows (query-api/src/stats/routes.ts), and the records of what readers viewed and
 * downloaded (command-api/src/stats/routes.ts): 202, or 413 past STATS_BATCH_MAX, 429 past the client's rate
 * (both declared in reader-endpoints.ts, which a reader's page imports); and their counts over a period for
 * /admin/stats (query-api/src/stats/counts-routes.ts: the STATS_READERS rule, 422 naming the parameter that does
 * not fit).
 */
export const statsEndpoints = {
  ...statsReaderEndpoints,
  counts: defineEndpoint({ method: 'GET', path: STATS_COUNTS_PATH, response: StatsCountsDocumentSchema }),
} satisfies Record<string, AnyEndpoint>;
