import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { HOME_STATS_PATH, HomeStatsDocumentSchema } from './home-stats.ts';
import { StatsRecordsAnswerSchema, StatsRecordsBodySchema } from './records.ts';

/**
 * The statistics' calls a reader's page makes (ADR 0036, 0038): the home page's figures, and the records of what
 * the reader viewed and downloaded. Declared apart from the back office's read (endpoints.ts names them), so that
 * the first screen's script carries none of the back office's schemas.
 */
export const statsReaderEndpoints = {
  homeStats: defineEndpoint({ method: 'GET', path: HOME_STATS_PATH, response: HomeStatsDocumentSchema }),
  records: defineEndpoint({
    method: 'POST',
    path: '/services/stats/records',
    body: StatsRecordsBodySchema,
    response: StatsRecordsAnswerSchema,
    anonymous: true,
  }),
} satisfies Record<string, AnyEndpoint>;
