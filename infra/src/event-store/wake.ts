import type { Sql } from 'postgres';

export const APPENDED_CHANNEL = 'es_appended';

/**
 * Default spacing of wake-ups sent by one process. Every notification is a transaction on the server; one per
 * append cost 15% of the single-append rate with 16 writers (docs/benchmarks.md, third round). With this spacing a
 * busy process sends at most about 100 a second and a subscriber sees an append at most that much later; the
 * first append after a quiet moment wakes at once.
 */
export const DEFAULT_WAKE_SPACING_MS = 10;

export interface WakeOptions {
  channel?: string;
  /** least time between the starts of two notifications (0: one after the other) */
  spacingMs?: number;
}

/**
 * Wakes `$all` subscribers after an append committed, from the appending process. At most one notification
 * is in flight per process, and one starts at least `spacingMs` after the previous one started: appends that
 * finish meanwhile are coalesced into it. The notifying transaction writes nothing a reader needs, so it commits with
 * synchronous_commit off and does not wait for a WAL flush. A lost wake-up only delays subscribers until their
 * idle recheck.
 */
export function coalescedWake(sql: Sql, options: WakeOptions = {}): () => void {
  const channel = options.channel ?? APPENDED_CHANNEL;
  const spacingMs = options.spacingMs ?? DEFAULT_WAKE_SPACING_MS;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  const send = async () => {
    try {
      do {
        const wait = lastStart + spacingMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        again = false;
        lastStart = performance.now();
        // one simple-protocol query is one implicit transaction, so SET LOCAL applies to the NOTIFY's commit
        await sql.unsafe(`set local synchronous_commit = off; select pg_notify('${channel}', '')`).simple();
      } while (again);
    } catch {
      // see above: subscribers fall back to their recheck
    } finally {
      inFlight = null;
    }
  };
  return () => {
    if (inFlight) again = true;
    else inFlight = send();
  };
}
