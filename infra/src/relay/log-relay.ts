import type { Logger } from 'pino';
import type { ReservedSql, Sql } from 'postgres';
import type { AllFilter, EventStore, GlobalPosition, RecordedEvent } from '../event-store/port.ts';

/**
 * One event as the relay hands it to the broker. `sequence` numbers the relay's events 1, 2, 3, ... in `$all`
 * order: an event published again after a restart carries the same number as the first time (the relay resumes
 * from a stored position and `$all` after it is the same sequence of events), so a consumer recognises a repeat.
 */
export interface RelayMessage {
  event: RecordedEvent;
  sequence: bigint;
}

export interface RelaySink {
  /** Resolves once the broker has acknowledged every message (stored by all its in-sync replicas); else throws. */
  publish(messages: RelayMessage[]): Promise<void>;
}

export interface LogRelayOptions {
  /** the relay's name: its row in relay_positions and its lock (one running relay per name) */
  name: string;
  eventStore: EventStore;
  /** the platform's PostgreSQL: the relay's position and its lock */
  sql: Sql;
  sink: RelaySink;
  filter?: AllFilter;
  batchSize?: number;
  maxBatchSize?: number;
  logger?: Logger;
  /** how often a relay that waits for the name's lock asks for it again */
  standbyPollMs?: number;
  /**
   * Runs after the broker acknowledged a batch and before its position is stored: a test puts a crash here, in
   * the one window where a restart publishes events again.
   */
  afterPublish?: (messages: RelayMessage[]) => Promise<void> | void;
}

export interface RelayPosition {
  position: GlobalPosition;
  sequence: bigint;
}

export interface LogRelay {
  /**
   * Takes the name's lock (waiting while another relay holds it), then publishes `$all` from the stored position
   * until `signal` aborts (resolves) or something fails (rejects: the caller runs it again, from the stored position).
   */
  run(signal: AbortSignal): Promise<void>;
  /** the stored position (START and 0 before the first batch) */
  position(): Promise<RelayPosition>;
}

/**
 * Publishes the event log to a broker, at least once and in `$all` order (ADR 0049): a batch is published, the
 * broker acknowledges it, and only then is the position after it stored. A relay that stops between the two
 * publishes that batch again when it restarts; nothing acknowledged is ever skipped.
 */
export function createLogRelay(options: LogRelayOptions): LogRelay {
  const { name, sql, sink, eventStore } = options;
  const pollMs = options.standbyPollMs ?? 1000;

  async function stored(db: Sql | ReservedSql): Promise<RelayPosition> {
    const [row] = await db<{ position: string; sequence: string }[]>`
      select position::text, sequence::text from relay_positions where name = ${name}`;
    return row
      ? { position: BigInt(row.position), sequence: BigInt(row.sequence) }
      : { position: 0n, sequence: 0n };
  }

  async function takeLock(session: ReservedSql, signal: AbortSignal): Promise<boolean> {
    let waiting = false;
    while (!signal.aborted) {
      const [row] = await session<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtextextended(${`relay:${name}`}, 0)) as locked`;
      if (row?.locked) {
        if (waiting) options.logger?.info({ relay: name }, 'relay took over');
        return true;
      }
      if (!waiting)
        options.logger?.info({ relay: name }, 'another relay of this name is running: standing by');
      waiting = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done);
      });
    }
    return false;
  }

  return {
    position: () => stored(sql),

    async run(signal) {
      // one session holds the lock and writes the position: if it is lost, the next write fails and the relay stops
      // rather than publish beside the relay that took the lock over
      const session = await sql.reserve();
      let locked = false;
      try {
        locked = await takeLock(session, signal);
        if (!locked) return;
        await session`insert into relay_positions (name) values (${name}) on conflict (name) do nothing`;
        const start = await stored(session);
        let sequence = start.sequence;
        options.logger?.info(
          { relay: name, position: String(start.position), sequence: String(sequence) },
          'relay publishing',
        );
        for await (const batch of eventStore.subscribeToAll({
          fromPosition: start.position,
          signal,
          ...(options.filter ? { filter: options.filter } : {}),
          batchSize: options.batchSize ?? 500,
          maxBatchSize: options.maxBatchSize ?? 5000,
        })) {
          const messages = batch.events.map((event, i) => ({ event, sequence: sequence + BigInt(i + 1) }));
          if (messages.length > 0) {
            await sink.publish(messages);
            await options.afterPublish?.(messages);
          }
          const next = sequence + BigInt(messages.length);
          const updated = await session`
            update relay_positions
               set position = ${batch.checkpoint.toString()}::bigint, sequence = ${next.toString()}::bigint,
                   updated_at = now()
             where name = ${name} and sequence = ${sequence.toString()}::bigint`;
          // the lock keeps a second writer out; a row moved by anyone else is a fault worth stopping for
          if (updated.count !== 1) throw new Error(`relay ${name}: its position was moved by another writer`);
          sequence = next;
        }
      } finally {
        if (locked) {
          await session`select pg_advisory_unlock(hashtextextended(${`relay:${name}`}, 0))`.catch(
            () => undefined,
          );
        }
        session.release();
      }
    },
  };
}
