import type { Sql } from 'postgres';
import type { EventStore, GlobalPosition } from '../event-store/index.ts';

/** The state of one build of a projection, in its checkpoint row (owned by the projectors). */
export type CheckpointStatus = 'building' | 'live' | 'retired';

/**
 * Notified when live checkpoints move: with a projection's name when it applied events or a build took over (its
 * rows changed), and with `idle:` and the names of several projections, comma-separated, when their checkpoints
 * only moved past events none of them read (their rows did not change). Read a payload with `checkpointNotice`.
 */
export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

/** The prefix of a notification of checkpoints moved past none of their projections' events (ADR 0053). */
export const IDLE_MOVE_PREFIX = 'idle:';

/**
 * What a notification on CHECKPOINT_CHANNEL says: the projections whose live checkpoints moved, and whether their
 * rows may have changed (`applied`: events applied, or a build swapped in) or only their positions (an idle move).
 */
export function checkpointNotice(payload: string): { names: string[]; applied: boolean } {
  if (!payload.startsWith(IDLE_MOVE_PREFIX)) return { names: [payload], applied: true };
  return { names: payload.slice(IDLE_MOVE_PREFIX.length).split(','), applied: false };
}

export interface ProjectionCheckpoint {
  name: string;
  version: number;
  position: GlobalPosition;
  status: CheckpointStatus;
  eventsApplied: bigint;
  updatedAt: Date;
}

export async function getCheckpoints(sql: Sql): Promise<ProjectionCheckpoint[]> {
  const rows = await sql<
    {
      name: string;
      version: number;
      position: string;
      status: CheckpointStatus;
      events_applied: string;
      updated_at: Date;
    }[]
  >`select name, version, position::text, status, events_applied::text, updated_at
      from projection_checkpoints order by name, version`;
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    position: BigInt(r.position),
    status: r.status,
    eventsApplied: BigInt(r.events_applied),
    updatedAt: r.updated_at,
  }));
}

/** Short safety net beside LISTEN: a notification can be lost when the listening connection reconnects. */
const FALLBACK_POLL_MS = 250;

/**
 * Waits until the live version of every named projection has reached `position` (compared in `$all` order), or
 * until `timeoutMs` has passed. Used for read-your-writes: a command answers with the position of its last event
 * and a query passes it back as `minPosition`. A position the event store does not know (never written, or a
 * sequence value lost to a rolled-back append) is simply never reached.
 */
export async function waitForProjections(
  deps: { sql: Sql; eventStore: EventStore },
  names: readonly string[],
  position: GlobalPosition,
  timeoutMs: number,
): Promise<{ reached: boolean }> {
  if (position < 0n) throw new RangeError('position must be >= 0');
  if (position === 0n || names.length === 0) return { reached: true };
  const { sql, eventStore } = deps;
  const wanted = [...new Set(names)];

  const check = async (): Promise<boolean> => {
    const rows = await sql<{ name: string; position: string }[]>`
      select name, position::text from projection_checkpoints where name = any(${wanted}) and status = 'live'`;
    if (rows.length < wanted.length) return false;
    for (const row of rows) {
      try {
        if ((await eventStore.comparePositions(BigInt(row.position), position)) < 0) return false;
      } catch (error) {
        if (error instanceof RangeError) return false; // unknown position
        throw error;
      }
    }
    return true;
  };

  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | undefined;
  let notified = false;
  // listen before the first check, so a checkpoint advanced during a check still wakes us
  // an idle move wakes the wait too: a projection with none of its events up to the position reaches it so
  const listener = await sql.listen(CHECKPOINT_CHANNEL, (payload) => {
    if (!checkpointNotice(payload).names.some((name) => wanted.includes(name))) return;
    notified = true;
    wake?.();
  });
  try {
    while (true) {
      notified = false;
      if (await check()) return { reached: true };
      const remaining = deadline - Date.now();
      if (remaining <= 0) return { reached: false };
      if (notified) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, FALLBACK_POLL_MS));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    await listener.unlisten().catch(() => {});
  }
}

/**
 * Waits until every named projection has a live version, that is its views in `read` (a query process started
 * beside projector processes that have not set the projections up yet, a job that reads them): true once they
 * all have one; false when `signal` aborts or `timeoutMs` passed first.
 */
export async function waitForLiveVersions(
  sql: Sql,
  names: readonly string[],
  options: { signal?: AbortSignal; timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const wanted = [...new Set(names)];
  const deadline = Date.now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY);
  while (!options.signal?.aborted) {
    const [row] = await sql<{ live: number }[]>`
      select count(*)::int as live from projection_checkpoints
       where status = 'live' and name = any(${wanted})`.catch(() => [{ live: -1 }]);
    if (row && row.live >= wanted.length) return true;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(remaining, options.pollMs ?? 250));
      options.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
  return false;
}
