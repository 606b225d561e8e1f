import type { Sql } from 'postgres';
import { CHECKPOINT_CHANNEL, checkpointNotice } from '@platform/infra/projections/checkpoints';

/**
 * Which state of the read models an answer was built from, without asking PostgreSQL on every request: one
 * counter per projection, bumped when its rows may have changed: when its live checkpoint moves past events it
 * applied, or a blue/green swap. The projectors notify `projection_checkpoint` with the projection's name in the
 * very transaction that applies them, so by the time a notification arrives the new rows are visible. A checkpoint
 * moved past events its projection does not read changes no row and is notified as idle (ADR 0053): the counter
 * stays, and so do the answers cached from it. Behind the notifications two safety nets: every (re)connection of
 * the LISTEN connection bumps every counter (a notification sent while it was down is lost), and a poll of the
 * checkpoints every `pollMs` bumps the counters of those whose version or count of applied events changed.
 *
 * A reader takes `generation(names)` BEFORE reading the rows: an answer stored with that value can only be
 * older than the read models if a checkpoint moved meanwhile, and then the value has changed too (or will,
 * within the notification's delivery). Before the LISTEN is in place `generation` answers undefined: don't
 * cache.
 */
export interface ReadModelVersions {
  /** the sum of the named projections' counters (each only grows), or undefined until listening */
  generation(names: readonly string[]): number | undefined;
  /**
   * Marks the named projections as moved: a read that waited for a position (minPosition) calls it, so that
   * the plain reads after it do not answer from before that position while the notification is on its way.
   */
  invalidate(names: readonly string[]): void;
  /** starts listening (once; later calls return the same promise) */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function readModelVersions(
  sql: Sql,
  options: {
    pollMs?: number;
    /** called after each poll of the checkpoints (a test waits for one) */
    onPoll?: () => void;
  } = {},
): ReadModelVersions {
  const counters = new Map<string, number>();
  let live = false;
  let allBumps = 0;
  let started: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastSeen = new Map<string, string>();

  const bump = (name: string) => counters.set(name, (counters.get(name) ?? 0) + 1);
  const bumpAll = () => {
    allBumps += 1;
  };

  async function poll() {
    try {
      const rows = await sql<{ name: string; state: string }[]>`
        select name, version::text || ':' || events_applied::text as state
          from projection_checkpoints where status = 'live'`;
      const seen = new Map(rows.map((r) => [r.name, r.state]));
      for (const [name, state] of seen) if (lastSeen.get(name) !== state) bump(name);
      for (const name of lastSeen.keys()) if (!seen.has(name)) bump(name);
      lastSeen = seen;
    } catch {
      // the pool is ending (shutdown) or PostgreSQL is away: answers stop being cached until it is back
      live = false;
      bumpAll();
    }
    options.onPoll?.();
  }

  return {
    generation(names) {
      if (!live) return undefined;
      let sum = allBumps;
      for (const name of names) sum += counters.get(name) ?? 0;
      return sum;
    },
    invalidate(names) {
      for (const name of names) bump(name);
    },
    start() {
      started ??= (async () => {
        const listener = await sql.listen(
          CHECKPOINT_CHANNEL,
          (payload) => {
            const notice = checkpointNotice(payload);
            if (notice.applied) for (const name of notice.names) bump(name);
          },
          () => {
            // (re)connected: whatever was notified while the connection was down is lost
            bumpAll();
            live = true;
          },
        );
        unlisten = () => listener.unlisten();
        await poll();
        live = true;
        timer = setInterval(() => {
          void poll().then(() => {
            if (unlisten) live = true;
          });
        }, options.pollMs ?? 1000);
        timer.unref();
      })().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },
    async stop() {
      live = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      await unlisten?.().catch(() => {});
      unlisten = undefined;
      started = undefined;
    },
  };
}
