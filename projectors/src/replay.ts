import type { Sql } from 'postgres';
import type { EventStore } from '@platform/infra/event-store';
import { DEFAULT_MAX_BATCH_SIZE, feed } from './feed.ts';
import type { Projection } from './projection.ts';
import { liveVersion, prepareTarget, rebuildTarget, versionTarget } from './target.ts';

export interface ReplaySummary {
  projection: string;
  version: number;
  /** 'rebuild' replaced the live tables of the same version; 'version' built a version that was not live */
  mode: 'rebuild' | 'version';
  events: number;
  durationMs: number;
  eventsPerSecond: number;
}

export interface ReplayOptions {
  sql: Sql;
  eventStore: EventStore;
  projection: Projection;
  batchSize?: number;
  /** the largest batch while far behind (default: the runner's) */
  maxBatchSize?: number;
  signal?: AbortSignal;
  /** called after each committed batch with the number of events applied so far */
  onProgress?(eventsApplied: number): void;
}

/**
 * Rebuilds one projection by hand from position 0 into a fresh schema and swaps it in once caught up, the same
 * mechanism as a blue/green version change: readers keep the current tables until the swap. Rebuilding the live
 * version builds beside it (`proj_<name>_v<n>_rebuild`); a version newer than the live one is built as itself.
 * A runner may keep feeding the live version meanwhile: the swap waits until the rebuild is not behind it.
 */
export async function replayProjection(options: ReplayOptions): Promise<ReplaySummary> {
  const { sql, eventStore, projection } = options;
  const signal = options.signal ?? new AbortController().signal;
  const live = await liveVersion(sql, projection.name);
  if (live !== undefined && live > projection.version)
    throw new Error(`${projection.name} v${live} is live, newer than the v${projection.version} known here`);
  const target = live === projection.version ? rebuildTarget(projection) : versionTarget(projection);

  await prepareTarget(sql, target, { reset: true });
  const started = performance.now();
  let events = 0;
  const { status } = await feed({
    sql,
    eventStore,
    target,
    signal,
    batchSize: options.batchSize ?? 2000,
    maxBatchSize: Math.max(options.batchSize ?? 2000, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE),
    stopWhenLive: true,
    onBatch: (batch) => {
      events += batch.events.length;
      options.onProgress?.(events);
    },
  });
  if (status !== 'live')
    throw new Error(`replay of ${projection.name} aborted; the live tables are unchanged`);
  const durationMs = performance.now() - started;
  return {
    projection: projection.name,
    version: projection.version,
    mode: target.kind,
    events,
    durationMs,
    eventsPerSecond: durationMs > 0 ? Math.round((events * 1000) / durationMs) : events,
  };
}
