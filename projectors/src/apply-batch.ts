import type { Sql } from 'postgres';
import type { GlobalPosition, SubscriptionBatch } from '@platform/infra/event-store';
import { CHECKPOINT_CHANNEL } from '@platform/infra/projections/checkpoints';
import { TargetRetiredError } from './swap.ts';
import { readCheckpoint, useSchema, type BuildTarget, type CheckpointStatus } from './target.ts';

/**
 * The stored checkpoint is not where this feeder thought it was: another process (a second runner, a replay that
 * swapped in a rebuild) moved it. The feeder must resubscribe from `position`.
 */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
  constructor(readonly position: GlobalPosition) {
    super(`checkpoint moved to ${position}`);
  }
}

/**
 * Applies one subscription batch and advances the checkpoint in the same transaction, so a batch's effect is
 * stored exactly once however often it is delivered. The checkpoint row is locked and must still be at `from`
 * (where the subscription started this batch): a duplicate delivery, or a concurrent feeder, then changes nothing.
 * Any error rolls everything back, including the checkpoint.
 */
export async function applyBatchAndAdvance(
  sql: Sql,
  target: BuildTarget,
  from: GlobalPosition,
  batch: SubscriptionBatch,
): Promise<CheckpointStatus> {
  const { projection } = target;
  return sql.begin(async (tx) => {
    const row = await readCheckpoint(tx, target.checkpointName, target.version, true);
    if (!row || row.status === 'retired')
      throw new TargetRetiredError(`${target.checkpointName} v${target.version} was retired`);
    if (row.position !== from) throw new CheckpointMovedError(row.position);
    if (batch.events.length > 0) {
      await useSchema(tx, target.schema);
      if (projection.applyBatch) await projection.applyBatch(tx, batch.events);
      else for (const event of batch.events) await projection.apply(tx, event);
    }
    await tx`
      update projection_checkpoints
         set position = ${batch.checkpoint.toString()}, events_applied = events_applied + ${batch.events.length},
             updated_at = now()
       where name = ${target.checkpointName} and version = ${target.version}`;
    // only live checkpoints matter to readers waiting for a position (waitForProjections)
    if (row.status === 'live') await tx`select pg_notify(${CHECKPOINT_CHANNEL}, ${projection.name})`;
    return row.status;
  });
}
