// Shared by the runner, checkpoint and blue/green tests: a small projection that counts events per stream and
// records every event it applies (without a unique key, so an event applied twice shows up as a duplicate row instead of an error).
import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import type { EventStore, GlobalPosition, RecordedEvent } from '@platform/infra/event-store';
import type { Projection } from '@platform/projectors/projection';

export interface CounterOptions {
  name?: string;
  version?: number;
  eventTypes?: string[];
  /** runs before each event is applied, inside the batch transaction (to fail or stall on purpose) */
  beforeApply?(event: RecordedEvent, call: number): Promise<void> | void;
}

export function counterProjection(options: CounterOptions = {}): Projection {
  let calls = 0;
  return {
    name: options.name ?? 'counter',
    version: options.version ?? 1,
    eventTypes: options.eventTypes ?? [],
    tables: ['stream_counts', 'applied_events'],
    async setup(tx) {
      await tx`create table stream_counts (stream_id text primary key, events int not null)`;
      await tx`create table applied_events (event_id uuid not null, global_position bigint not null)`;
    },
    async apply(tx, event) {
      calls += 1;
      await options.beforeApply?.(event, calls);
      await tx`insert into stream_counts (stream_id, events) values (${event.streamId}, 1)
               on conflict (stream_id) do update set events = stream_counts.events + 1`;
      await tx`insert into applied_events (event_id, global_position)
               values (${event.eventId}, ${event.globalPosition.toString()})`;
    },
  };
}

/** Version 2 of the counter with another shape for `stream_counts` (a new column, another type). */
export function counterV2Projection(options: Omit<CounterOptions, 'version'> = {}): Projection {
  let calls = 0;
  return {
    name: options.name ?? 'counter',
    version: 2,
    eventTypes: options.eventTypes ?? [],
    tables: ['stream_counts'],
    async setup(tx) {
      await tx`create table stream_counts (stream_id text primary key, category text not null, events bigint not null)`;
    },
    async apply(tx, event) {
      calls += 1;
      await options.beforeApply?.(event, calls);
      await tx`insert into stream_counts (stream_id, category, events)
               values (${event.streamId}, ${event.streamId.split('-')[0] ?? ''}, 1)
               on conflict (stream_id) do update set events = stream_counts.events + 1`;
    },
  };
}

export function metadata() {
  const eventId = randomUUID();
  return {
    eventId,
    correlationId: eventId,
    causationId: eventId,
    actor: { userId: null, actingAsOrganizationId: null, impersonatorId: null },
    recordedAt: new Date().toISOString(),
    schemaVersion: 1,
  };
}

/** Appends `perStream` events to each stream, interleaving the streams; returns the last position. */
export async function appendEvents(
  store: EventStore,
  streams: string[],
  perStream: number,
  type = 'Counted',
): Promise<GlobalPosition> {
  let last: GlobalPosition = 0n;
  for (let i = 0; i < perStream; i++)
    for (const stream of streams) {
      const meta = metadata();
      const result = await store.appendToStream(stream, [
        { eventId: meta.eventId, type, data: { i }, metadata: meta },
      ]);
      last = result.position;
    }
  return last;
}

export async function tableRows(
  sql: Sql,
  relation: string,
  orderBy: string,
): Promise<Record<string, unknown>[]> {
  return [...(await sql.unsafe(`select * from ${relation} order by ${orderBy}`))];
}

export async function checkpointOf(sql: Sql, name: string, version: number) {
  const [row] = await sql<{ position: string; status: string; events_applied: string }[]>`
    select position::text, status, events_applied::text from projection_checkpoints
     where name = ${name} and version = ${version}`;
  return row;
}

export async function schemaExists(sql: Sql, schema: string): Promise<boolean> {
  const [row] = await sql`select 1 from information_schema.schemata where schema_name = ${schema}`;
  return row !== undefined;
}

export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const capturingLogger = () => {
  const lines: { level: string; msg?: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg, obj });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
};
