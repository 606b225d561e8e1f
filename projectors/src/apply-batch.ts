import type { Sql } from 'postgres';
import type { GlobalPosition, SubscriptionBatch } from '@platform/infra/event-store';
import { CHECKPOINT_CHANNEL, IDLE_MOVE_PREFIX } from '@platform/infra/projections/checkpoints';
import { TargetRetiredError } from './swap.ts';
import { readCheckpoint, useSchema, type BuildTarget, type CheckpointStatus } from './target.ts';

/**
 * The stored checkpoint is not where this feeder thought it was: another process (a second runner, a replay that
 * swapped in a rebuild) moved it. The feeder must resubscribe from `position`.
 */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
  /** where it is now; undefined when the move was seen without reading the row (advanceTogether) */
  constructor(readonly position: GlobalPosition | undefined) {
    super(position === undefined ? 'checkpoint moved elsewhere' : `checkpoint moved to ${position}`);
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
  if (batch.events.length === 0) {
    const moved = await advanceOnly(sql, target, from, batch.checkpoint);
    if (moved) return moved;
    // not where this feeder thought, or retired: the transaction below says which
  }
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

/**
 * A batch with none of the projection's events (the subscription moved past other types) only moves the
 * checkpoint: one statement, its own transaction, instead of a transaction of five round trips. Every projection
 * makes one such move after each append of a type it does not read, so on a platform of dozens of projections these
 * moves are most of the projectors' work while writes come in (issue 22's ingestion bench). The commit does not wait
 * for the WAL flush: lost in a crash, the range is read again and yields nothing; and a NOTIFY holds the server's
 * notification lock through its commit, where waiting for the disk serialised the moves of every projection.
 * A live move is notified as idle (`idle:<name>`, ADR 0053): the projection's rows did not change, so a query
 * process's read cache keeps its answers; a read waiting for a position wakes on it. Undefined when the checkpoint is
 * not at `from` or is retired.
 */
async function advanceOnly(
  sql: Sql,
  target: BuildTarget,
  from: GlobalPosition,
  to: GlobalPosition,
): Promise<CheckpointStatus | undefined> {
  const [row] = await sql<{ status: CheckpointStatus }[]>`
    with asynchronous as (select set_config('synchronous_commit', 'off', true) as setting),
    moved as (
      update projection_checkpoints set position = ${to.toString()}, updated_at = now()
       where name = ${target.checkpointName} and version = ${target.version} and position = ${from.toString()}
         and status <> 'retired' and (select setting from asynchronous) is not null
      returning status
    )
    select moved.status from moved
      left join lateral (select pg_notify(${CHECKPOINT_CHANNEL}, ${IDLE_MOVE_PREFIX + target.projection.name})
                          where moved.status = 'live') notified on true`;
  return row?.status;
}

/**
 * Names in one notification of idle moves: a projection's name has at most 40 characters (target.ts), so 150 of them
 * and their commas stay under PostgreSQL's 8,000 bytes of payload.
 */
const IDLE_NAMES_PER_NOTICE = 150;

/** One build whose checkpoint a shared page moves without events of its own: from where it is stored now. */
export interface IdleMove {
  target: BuildTarget;
  from: GlobalPosition;
}

/**
 * Moves the checkpoints of several builds that had none of their events in a page of `$all` to the page's end, in one
 * statement (one transaction, one round trip) instead of one each: the projector process's shared read
 * (shared-read.ts) makes this move for every projection it holds after each append of a type they do not read.
 * Each row keeps the guard of a move of its own: it moves only from where this process stored it (`from`:
 * compare-and-set, so a row that another process, a replay's swap or a retirement changed is left alone) and only
 * while not retired; and it is not waited for: a row another transaction holds locked (a swap, a second process's
 * batch during a lease's handover) is skipped rather than waited on, so the moves of several processes never wait
 * on each other in a circle. The live rows' moves are notified in the same transaction, together: one notification of
 * idle moves (`idle:a,b,c`, ADR 0053) for up to IDLE_NAMES_PER_NOTICE of them, instead of one for each. As for
 * advanceOnly, the commit does not wait for the WAL flush: lost in a crash, the range is
 * read again and yields nothing.
 *
 * Answers the status of each row moved, by `checkpointName:version`; a row not in the answer did not move (its
 * projection must read its checkpoint again).
 */
export async function advanceTogether(
  sql: Sql,
  moves: readonly IdleMove[],
  to: GlobalPosition,
): Promise<Map<string, CheckpointStatus>> {
  const moved = new Map<string, CheckpointStatus>();
  if (moves.length === 0) return moved;
  const names = moves.map((m) => m.target.checkpointName);
  const versions = moves.map((m) => m.target.version);
  const froms = moves.map((m) => m.from.toString());
  // the notification carries the projection's name (a rebuild's checkpoint name is `<name>:rebuild`, never live)
  const projections = moves.map((m) => m.target.projection.name);
  const rows = await sql<{ name: string; version: number; status: CheckpointStatus }[]>`
    with asynchronous as (select set_config('synchronous_commit', 'off', true) as setting),
    wanted as (
      select * from unnest(${names}::text[], ${versions}::int[], ${froms}::bigint[], ${projections}::text[])
          as w(name, version, position, projection)
    ),
    locked as (
      select c.name, c.version, w.projection from projection_checkpoints c
        join wanted w on w.name = c.name and w.version = c.version and w.position = c.position
       where c.status <> 'retired'
       order by c.name, c.version
         for update of c skip locked
    ),
    moved as (
      update projection_checkpoints c set position = ${to.toString()}, updated_at = now()
        from locked l
       where c.name = l.name and c.version = l.version and (select setting from asynchronous) is not null
      returning c.name, c.version, c.status, l.projection
    ),
    notified as (
      select pg_notify(${CHECKPOINT_CHANNEL}, ${IDLE_MOVE_PREFIX}::text || string_agg(projection, ',')) as sent
        from (select projection, (row_number() over () - 1) / ${IDLE_NAMES_PER_NOTICE}::int as part
                from moved where status = 'live') live
       group by part
    )
    select moved.name, moved.version, moved.status from moved, (select count(*) from notified) notices`;
  for (const row of rows) moved.set(`${row.name}:${row.version}`, row.status);
  return moved;
}
