import type { EventContractRegistry } from '@platform/contracts/event-contracts';
import type { RecordedEvent } from './port.ts';

// How PostgresEventStore's reads select `es_events` rows and turn them into recorded events.

/** A row as the columns below select it. */
export interface EventRow {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: string | null;
  metadata: string | null;
  /** milliseconds since the epoch: a float8 parses far faster than a timestamptz */
  recorded_at: number;
}

// Columns are read as text (bigint / xid8 precision) under their own names, so every ORDER BY and WHERE of a query
// selecting them must name the table's columns through the `e` alias, never the text output columns.
// Payloads arrive as JSON text and are parsed on first use: a projection that needs only types, streams or
// positions (counters, statistics) replays without paying for JSON it never reads.
const HEADER_COLUMNS = `e.global_position::text as global_position, e.transaction_id::text as transaction_id, e.stream_id,
  e.stream_version::text as stream_version, e.event_id::text as event_id, e.event_type, e.schema_version`;
export const EVENT_COLUMNS = `${HEADER_COLUMNS}, e.data::text as data, e.metadata::text as metadata,
  (extract(epoch from e.recorded_at) * 1000)::float8 as recorded_at`;
export const EVENT_COLUMNS_WITHOUT_PAYLOAD = `${HEADER_COLUMNS}, null::text as data, null::text as metadata,
  (extract(epoch from e.recorded_at) * 1000)::float8 as recorded_at`;

/**
 * A row of `es_events` as a recorded event. Payloads are parsed (and upcast, when `contracts` knows a newer
 * version) on first use.
 */
export function toRecordedEvent(row: EventRow, contracts?: EventContractRegistry): RecordedEvent {
  // read without payload (counters, statistics): a plain class instance is much cheaper to build than an
  // object with own getters, and there is no payload for a spread to carry
  if (row.data === null && row.metadata === null) return new HeaderOnlyEvent(row);
  const contract = contracts?.get(row.event_type);
  let data: unknown;
  let metadata: RecordedEvent['metadata'] | undefined;
  // own enumerable getters, so that spreading or serialising a recorded event still sees its payload
  return {
    eventId: row.event_id,
    type: row.event_type,
    get data() {
      if (data === undefined) {
        if (row.data === null) throw new Error(`${row.event_type} was read without its payload`);
        const stored: unknown = JSON.parse(row.data);
        data =
          contract && contracts && row.schema_version < contract.version
            ? contracts.upcast(row.event_type, stored, row.schema_version)
            : stored;
      }
      return data;
    },
    get metadata() {
      if (row.metadata === null) throw new Error(`${row.event_type} was read without its metadata`);
      return (metadata ??= JSON.parse(row.metadata) as RecordedEvent['metadata']);
    },
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    globalPosition: BigInt(row.global_position),
    recordedAt: new Date(row.recorded_at),
  };
}

/** An event read without its payload: reading `data` or `metadata` throws (SubscribeOptions.withPayload). */
class HeaderOnlyEvent implements RecordedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly streamId: string;
  // the row's text, converted when asked: a counter reading only types or streams never pays for them
  readonly #version: string;
  readonly #position: string;
  readonly #recordedAt: number;
  constructor(row: EventRow) {
    this.eventId = row.event_id;
    this.type = row.event_type;
    this.streamId = row.stream_id;
    this.#version = row.stream_version;
    this.#position = row.global_position;
    this.#recordedAt = row.recorded_at;
  }
  get streamVersion(): bigint {
    return BigInt(this.#version);
  }
  get globalPosition(): bigint {
    return BigInt(this.#position);
  }
  get recordedAt(): Date {
    return new Date(this.#recordedAt);
  }
  get data(): unknown {
    throw new Error(`${this.type} was read without its payload`);
  }
  get metadata(): RecordedEvent['metadata'] {
    throw new Error(`${this.type} was read without its metadata`);
  }
}
