import type { Sql, TransactionSql } from 'postgres';
import type { EventStore, GlobalPosition } from '@platform/infra/event-store';
import { CHECKPOINT_CHANNEL } from '@platform/infra/projections/checkpoints';
import {
  ident,
  lockProjection,
  readCheckpoint,
  schemaOf,
  type BuildTarget,
  type CheckpointStatus,
} from './target.ts';

/** The build's checkpoint row was retired (a newer version took over) or removed: stop feeding it. */
export class TargetRetiredError extends Error {
  override readonly name = 'TargetRetiredError';
}

/** True when `position` is at or after the visible head of `$all`. */
export async function isCaughtUp(eventStore: EventStore, position: GlobalPosition): Promise<boolean> {
  const head = await eventStore.headPosition();
  return (await eventStore.comparePositions(position, head)) >= 0;
}

/**
 * Makes a build the live one, in one transaction: the old live version is retired (or, for a rebuild of the same
 * version, its schema is replaced by the rebuilt one), the checkpoint rows change and every `read.<table>` view is
 * dropped and created again on the new schema (dropping rather than `create or replace` because a new version may
 * change a table's columns). Readers therefore see the old tables or the new ones, never a mix.
 *
 * Returns false, changing nothing, when the build is still behind the live version (another process may still be
 * feeding the old one): swapping then would move readers backwards. Retired schemas are dropped after the commit.
 */
export async function swapIn(sql: Sql, eventStore: EventStore, target: BuildTarget): Promise<boolean> {
  const { projection } = target;
  const outcome = await sql.begin(async (tx) => {
    await lockProjection(tx, projection.name);
    const build = await readCheckpoint(tx, target.checkpointName, target.version, true);
    if (!build || build.status === 'retired')
      throw new TargetRetiredError(`${target.checkpointName} v${target.version} is no longer being built`);
    if (build.status === 'live') return 'swapped' as const;
    const [live] = await tx<{ version: number; position: string }[]>`
      select version, position::text from projection_checkpoints
       where name = ${projection.name} and status = 'live' for update`;
    if (live) {
      if (live.version > target.version)
        throw new TargetRetiredError(
          `${projection.name} v${live.version} is live, newer than v${target.version}`,
        );
      if ((await eventStore.comparePositions(build.position, BigInt(live.position))) < 0)
        return 'behind' as const;
    }
    let liveSchema: string;
    if (target.kind === 'rebuild') {
      if (!live || live.version !== target.version)
        throw new TargetRetiredError(`${projection.name} v${target.version} is not live: nothing to rebuild`);
      liveSchema = schemaOf(projection.name, target.version);
      // the old views depend on the schema being dropped: they go with it and are created again below
      await tx.unsafe(`drop schema ${ident(liveSchema)} cascade`);
      await tx.unsafe(`alter schema ${ident(target.schema)} rename to ${ident(liveSchema)}`);
      await tx`
        update projection_checkpoints
           set position = ${build.position.toString()}, events_applied = ${build.eventsApplied.toString()},
               updated_at = now()
         where name = ${projection.name} and version = ${target.version}`;
      await tx`delete from projection_checkpoints where name = ${target.checkpointName} and version = ${target.version}`;
    } else {
      liveSchema = target.schema;
      if (live) await setStatus(tx, projection.name, live.version, 'retired');
      await setStatus(tx, projection.name, target.version, 'live');
    }
    for (const table of projection.tables) {
      await tx.unsafe(`drop view if exists read.${ident(table)}`);
      await tx.unsafe(
        `create view read.${ident(table)} as select * from ${ident(liveSchema)}.${ident(table)}`,
      );
    }
    await tx`select pg_notify(${CHECKPOINT_CHANNEL}, ${projection.name})`;
    return 'swapped' as const;
  });
  if (outcome === 'behind') return false;
  await dropRetiredSchemas(sql, projection.name);
  return true;
}

async function setStatus(tx: TransactionSql, name: string, version: number, status: CheckpointStatus) {
  await tx`update projection_checkpoints set status = ${status}, updated_at = now()
            where name = ${name} and version = ${version}`;
}

/**
 * Retired versions keep their checkpoint row (the history of what was live) but not their tables. Also called at
 * start-up, so a crash between a swap and this clean-up leaves nothing behind for long.
 */
export async function dropRetiredSchemas(sql: Sql, name: string): Promise<void> {
  const retired = await sql<{ version: number }[]>`
    select version from projection_checkpoints where name = ${name} and status = 'retired'`;
  for (const { version } of retired)
    await sql.unsafe(`drop schema if exists ${ident(schemaOf(name, version))} cascade`);
}
