import type { Sql } from 'postgres';
import type { EventStore, GlobalPosition, SubscriptionBatch } from '@platform/infra/event-store';
import { applyBatchAndAdvance } from './apply-batch.ts';
import { isCaughtUp, swapIn, TargetRetiredError } from './swap.ts';
import { readCheckpoint, type BuildTarget, type CheckpointStatus } from './target.ts';

/** The largest catch-up batch by default: about 5 MB of events with their payloads. */
export const DEFAULT_MAX_BATCH_SIZE = 10_000;

export interface FeedOptions {
  sql: Sql;
  eventStore: EventStore;
  target: BuildTarget;
  signal: AbortSignal;
  batchSize: number;
  /** the largest batch while far behind (subscribeToAll's maxBatchSize); default batchSize */
  maxBatchSize?: number;
  /** the replay command stops once its build is live; the runner keeps following `$all` */
  stopWhenLive?: boolean;
  /**
   * Stops once the build is live and has read up to the head of `$all` (the runner then hands it to its shared
   * read: shared-read.ts); the position it stopped at is its stored checkpoint.
   */
  stopWhenCaughtUp?: boolean;
  onBatch?(batch: SubscriptionBatch, status: CheckpointStatus): void;
}

export interface Fed {
  status: CheckpointStatus;
  /** the stored checkpoint where the feed stopped */
  position: GlobalPosition;
}

/**
 * Feeds a prepared build from its stored checkpoint: subscribes to `$all` filtered by the projection's event
 * types, applies each batch in its own transaction, and swaps a building target in as soon as it has caught up
 * with the head. Returns when aborted (or, with `stopWhenLive`, once live; with `stopWhenCaughtUp`, once live and
 * at the head); throws on any failure, leaving the checkpoint at the last committed batch. Resolves to the build's
 * status and checkpoint when it stopped.
 */
export async function feed(options: FeedOptions): Promise<Fed> {
  const { sql, eventStore, target, signal } = options;
  const row = await readCheckpoint(sql, target.checkpointName, target.version);
  if (!row || row.status === 'retired')
    throw new TargetRetiredError(`${target.checkpointName} v${target.version} is not being built`);
  let status: CheckpointStatus = row.status;
  let from = row.position;

  const swapWhenCaughtUp = async () => {
    if (
      status === 'building' &&
      (await isCaughtUp(eventStore, from)) &&
      (await swapIn(sql, eventStore, target))
    )
      status = 'live';
  };
  // with nothing (left) to read the subscription yields no batch at all, so look once before subscribing
  await swapWhenCaughtUp();
  if (status === 'live' && options.stopWhenLive) return { status, position: from };
  if (status === 'live' && options.stopWhenCaughtUp && (await isCaughtUp(eventStore, from)))
    return { status, position: from };

  const types = target.projection.eventTypes;
  for await (const batch of eventStore.subscribeToAll({
    fromPosition: from,
    filter: types.length > 0 ? { eventTypes: [...types] } : undefined,
    signal,
    batchSize: options.batchSize,
    maxBatchSize: options.maxBatchSize ?? options.batchSize,
    withPayload: target.projection.readsPayload ?? true,
  })) {
    status = await applyBatchAndAdvance(sql, target, from, batch);
    from = batch.checkpoint;
    options.onBatch?.(batch, status);
    await swapWhenCaughtUp();
    if (status === 'live' && options.stopWhenLive) return { status, position: from };
    // a page short of `batchSize` was not full: the read went up to the head it saw, and the batch ends there (a
    // head that moved since is the shared read's to follow); a full one asks where the head is
    if (
      status === 'live' &&
      options.stopWhenCaughtUp &&
      (batch.events.length < options.batchSize || (await isCaughtUp(eventStore, from)))
    )
      return { status, position: from };
  }
  return { status, position: from };
}
