import type { Sql } from 'postgres';
import { StatsRecorded } from '@platform/contracts/stats/records';
import { START, type EventStore, type RecordedEvent } from '@platform/infra/event-store';
import { ident, useSchema } from '../target.ts';
import { dayOf } from './daily-counts-batch.ts';
import { statsCountsProjection } from './stats-counts-projection.ts';

type Recorded = (typeof StatsRecorded)['schema']['_output'];

/** A run's schema: `stats_run_…`, lower-case words, digits and underscores (a PostgreSQL identifier). */
export const STATS_RUN_SCHEMA = /^stats_run_[a-z0-9_]{1,40}$/;

export interface StatisticsRunOptions {
  sql: Sql;
  eventStore: EventStore;
  /** the run's own schema, created here (it must not exist): the live read model is never touched */
  schema: string;
  /** only the records of this UTC day (YYYY-MM-DD) and after */
  from?: string;
  /** events per read at first, and the most while far behind (defaults 2,000 and 10,000) */
  batchSize?: number;
  maxBatchSize?: number;
  signal?: AbortSignal;
  /** after each committed batch: StatsRecorded events and records applied so far */
  onProgress?(progress: { events: number; records: number }): void;
}

export interface StatisticsRunSummary {
  schema: string;
  /** StatsRecorded events read (each one accepted batch of the web's) */
  events: number;
  /** the view and download records they carried, from `from` on */
  records: number;
  durationMs: number;
}

/**
 * The analysts' statistics (issue 22): the daily counts projection (stats-counts-projection.ts, its tables and its
 * batch path) built from the start of the log into a schema of the run's own, up to everything committed when the
 * run began. No checkpoint row and no swap: the live `read.stats_daily_counts` goes on as it was. The counts are
 * sums and sets, so the same log gives the same rows whatever the batches were.
 */
export async function replayStatistics(options: StatisticsRunOptions): Promise<StatisticsRunSummary> {
  const { sql, eventStore, schema, from } = options;
  if (!STATS_RUN_SCHEMA.test(schema))
    throw new Error(`A statistics run's schema matches ${STATS_RUN_SCHEMA}`);
  const projection = statsCountsProjection;
  await sql.begin(async (tx) => {
    await tx.unsafe(`create schema ${ident(schema)}`);
    await useSchema(tx, schema);
    await projection.setup(tx);
    // a run's tables are a throwaway (exported, then dropped; run again after a crash): no WAL for them
    for (const table of projection.tables) await tx.unsafe(`alter table ${ident(table)} set unlogged`);
  });
  const started = performance.now();
  let events = 0;
  let records = 0;
  // everything written so far, visible yet or not: the run waits out a transaction that holds the head back
  const until = await eventStore.lastCommittedPosition();
  if (until === START) return { schema, events, records, durationMs: performance.now() - started };
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    for await (const batch of eventStore.subscribeToAll({
      filter: { eventTypes: [StatsRecorded.type] },
      signal: stop.signal,
      batchSize: options.batchSize ?? 2000,
      maxBatchSize: Math.max(options.batchSize ?? 2000, options.maxBatchSize ?? 10_000),
    })) {
      const kept: RecordedEvent[] =
        from === undefined
          ? batch.events
          : batch.events.filter((e) => dayOf((e.data as Recorded).recordedAt) >= from);
      if (kept.length > 0)
        await sql.begin(async (tx) => {
          await useSchema(tx, schema);
          await projection.applyBatch!(tx, kept);
        });
      events += batch.events.length;
      for (const e of kept) records += (e.data as Recorded).records.length;
      options.onProgress?.({ events, records });
      if ((await eventStore.comparePositions(batch.checkpoint, until)) >= 0) break;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
  if (options.signal?.aborted) throw new Error('The statistics run was interrupted');
  return { schema, events, records, durationMs: performance.now() - started };
}

/** Drops a run's schema and its tables. */
export async function dropStatisticsRun(sql: Sql, schema: string): Promise<void> {
  if (!STATS_RUN_SCHEMA.test(schema))
    throw new Error(`A statistics run's schema matches ${STATS_RUN_SCHEMA}`);
  await sql.unsafe(`drop schema if exists ${ident(schema)} cascade`);
}
