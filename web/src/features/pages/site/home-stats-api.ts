import { statsReaderEndpoints } from '@platform/contracts/stats/reader-endpoints';
import type { HomeStats } from '@platform/contracts/stats/home-stats';
import type { ApiClient } from '../../../kit/api/client.ts';

/** statsReaderEndpoints.homeStats, parsed with the contract's schema (the server's own, the endpoint's answer). */
export function fetchHomeStats(api: ApiClient, signal?: AbortSignal): Promise<HomeStats> {
  return api.call(statsReaderEndpoints.homeStats, { signal }).then((d) => d.data);
}
