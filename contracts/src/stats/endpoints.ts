import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { HOME_STATS_PATH, HomeStatsDocumentSchema } from './home-stats.ts';

/** The figures the home page shows (query-api/src/stats/routes.ts). */
export const statsEndpoints = {
  homeStats: defineEndpoint({ method: 'GET', path: HOME_STATS_PATH, response: HomeStatsDocumentSchema }),
} satisfies Record<string, AnyEndpoint>;
