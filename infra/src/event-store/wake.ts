import type { Sql } from 'postgres';

export const APPENDED_CHANNEL = 'es_appended';

/**
 * Wakes `$all` subscribers after an append committed, from the appending process. At most one notification
 * is in flight per process; appends that finish meanwhile are coalesced into the next one. The notifying
 * transaction writes nothing a reader needs, so it commits with synchronous_commit off and does not wait for
 * a WAL flush. A lost wake-up only delays subscribers until their idle recheck.
 */
export function coalescedWake(sql: Sql, channel = APPENDED_CHANNEL): () => void {
  let inFlight: Promise<void> | null = null;
  let again = false;
  const send = async () => {
    try {
      do {
        again = false;
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
