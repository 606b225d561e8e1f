import { statsEndpoints } from '@platform/contracts/stats/endpoints';
import type { HomeStats } from '@platform/contracts/stats/home-stats';
import type { ApiClient } from '../../../kit/api/client.ts';

/** statsEndpoints.homeStats, parsed with the contract's schema (the server's own, the endpoint's answer). */
export function fetchHomeStats(api: ApiClient, signal?: AbortSignal): Promise<HomeStats> {
  return api.call(statsEndpoints.homeStats, { signal }).then((d) => d.data);
}
