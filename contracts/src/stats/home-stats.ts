import { z } from 'zod/v4';

/**
 * The community numbers of the home page (seed 000 §3 "home stats response", §7 GET /api/v1/services/home-stats):
 * how many organizations, repository items and accompanied patients the platform counts.
 */
export const HOME_STATS_COUNTERS = [
  'organizationsCount',
  'repositoryItemsCount',
  'accompaniedPatientsCount',
] as const;
export type HomeStatsCounter = (typeof HOME_STATS_COUNTERS)[number];

export const HomeStatsSchema = z.object({
  organizationsCount: z.number().int().nonnegative(),
  repositoryItemsCount: z.number().int().nonnegative(),
  accompaniedPatientsCount: z.number().int().nonnegative(),
});
export type HomeStats = z.infer<typeof HomeStatsSchema>;

/** GET /api/v1/services/home-stats: one document, read by the web's community-numbers block. */
export const HOME_STATS_PATH = '/services/home-stats';
export const HomeStatsDocumentSchema = z.object({
  data: HomeStatsSchema,
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type HomeStatsDocument = z.infer<typeof HomeStatsDocumentSchema>;

export const emptyHomeStats = (): HomeStats => ({
  organizationsCount: 0,
  repositoryItemsCount: 0,
  accompaniedPatientsCount: 0,
});
