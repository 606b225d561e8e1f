import type { ReadModelAttribute } from '../resources/definition.ts';

/**
 * A record's `recordsCount` (seed 001 §3, issue 22): how many view and download records the statistics received
 * for it, all days and origins together. Kept by the `stats_records` projection
 * (projectors/src/stats/records-count-projection.ts) in `read.stats_records_counts`, and read by the resource layer
 * beside each record of a type that declares it (a publication item's, a forum subject's).
 */
export const RECORDS_COUNT_PROJECTION = 'stats_records';
export const RECORDS_COUNT_TABLE = 'stats_records_counts';

export const RECORDS_COUNT: ReadModelAttribute = {
  projection: RECORDS_COUNT_PROJECTION,
  table: RECORDS_COUNT_TABLE,
  column: 'records',
  kind: 'integer',
  default: 0,
};
