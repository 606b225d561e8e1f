import type { HomeStats } from '@platform/contracts/stats/home-stats';
import type { ApiClient } from '../../../kit/api/client.ts';

/**
 * statsReaderEndpoints.homeStats, parsed with the contract's schema (the server's own, the endpoint's answer). The
 * declaration and its zod schemas load with the first read (ADR 0047): the community numbers ask once the page has
 * painted.
 */
export async function fetchHomeStats(api: ApiClient, signal?: AbortSignal): Promise<HomeStats> {
  const { statsReaderEndpoints } = await import('@platform/contracts/stats/reader-endpoints');
  return api.call(statsReaderEndpoints.homeStats, { signal }).then((d) => d.data);
}
