import type { Sql } from 'postgres';
import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { Config } from '../config.ts';
import type { EventStore } from './port.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

export interface EventStoreDeps {
  /** the platform's PostgreSQL (the event log's tables in the default mode) */
  sql: Sql;
  /** when given, payloads are validated on append and upcast on read */
  contracts?: EventContractRegistry;
}

/**
 * The event store the configuration names (ADR 0049): PostgreSQL by default, EventStoreDB / KurrentDB with
 * EVENT_STORE=eventstoredb. The engine's client is loaded only in that mode (its native reader is not needed by a
 * platform on PostgreSQL). `close()` of an EventStoreDB store closes its connection; the PostgreSQL pool stays
 * the caller's.
 */
export async function createEventStore(
  config: Pick<Config, 'EVENT_STORE' | 'EVENTSTORE_URL'>,
  deps: EventStoreDeps,
): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    if (!config.EVENTSTORE_URL) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_URL');
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
    return new EventStoreDbEventStore({
      url: config.EVENTSTORE_URL,
      ...(deps.contracts ? { contracts: deps.contracts } : {}),
    });
  }
  return new PostgresEventStore({ sql: deps.sql, ...(deps.contracts ? { contracts: deps.contracts } : {}) });
}
