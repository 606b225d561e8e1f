import { statsReaderEndpoints } from '@platform/contracts/stats/reader-endpoints';
import type { StatsEventName } from '@platform/contracts/stats/records';
import type { ApiClient } from '../api/client.ts';

/** What a record is about: a JSON:API type and an id. */
export interface StatsTarget {
  type: string;
  id: string;
}

/**
 * POST /services/stats/records with one record (ADR 0038). Its declaration carries the records' zod schemas, so
 * it loads with the first record sent (a view, 5 s after the page showed), not with the first screen (ADR 0047).
 */
export function sendRecord(api: ApiClient, event: StatsEventName, target: StatsTarget): Promise<unknown> {
  return api.call(statsReaderEndpoints.records, {
    body: { records: [{ event, resourceType: target.type, resourceId: target.id }] },
  });
}
