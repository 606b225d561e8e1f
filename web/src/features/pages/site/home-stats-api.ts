import {
  HOME_STATS_PATH,
  HomeStatsDocumentSchema,
  type HomeStats,
} from '@platform/contracts/stats/home-stats';
import type { ApiClient } from '../../../kit/api/client.ts';

/** GET /api/v1/services/home-stats, parsed with the contract's schema (the server's own). */
export function fetchHomeStats(api: ApiClient, signal?: AbortSignal): Promise<HomeStats> {
  return api.get(HOME_STATS_PATH, HomeStatsDocumentSchema, { signal }).then((d) => d.data);
}
