import type { Sql, TransactionSql } from 'postgres';
import type { RecordedEvent } from '@platform/infra/event-store';

/**
 * A read model built from events. Its tables live in a schema of their own per version
 * (`proj_<name>_v<version>`): the runner sets `search_path` to it, so `setup` and `apply` use unqualified
 * table names. Readers see the live version through views in the `read` schema (`read.<table>`), swapped
 * atomically when a new version has caught up (blue/green).
 */
export interface Projection {
  name: string;
  version: number;
  /** event types this projection handles; the runner's subscription is filtered by them */
  eventTypes: readonly string[];
  /**
   * false when the projection reads only event types, streams, versions and positions (counters, usage
   * statistics): the runner then reads events without their payload, which makes replays much faster.
   */
  readsPayload?: boolean;
  /** tables exposed to readers as `read.<table>` */
  tables: readonly string[];
  /** creates the tables (runs inside a transaction, search_path = the version's schema) */
  setup(tx: TransactionSql): Promise<void>;
  /** applies one event (inside the batch transaction, search_path = the version's schema) */
  apply(tx: TransactionSql, event: RecordedEvent): Promise<void>;
  /** optional faster path for a whole batch; when present the runner calls it instead of `apply` */
  applyBatch?(tx: TransactionSql, events: RecordedEvent[]): Promise<void>;
}

export type ProjectionSql = Sql;
