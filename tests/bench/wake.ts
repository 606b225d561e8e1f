import type { Sql } from 'postgres';

/**
 * The change proposed for appends (docs/benchmarks.md): wake subscribers AFTER the append has committed, from
 * the appending process, instead of `pg_notify` inside es_append.
 *
 * Why: a transaction that has called NOTIFY takes a database-wide lock at commit and holds it until its commit
 * record is flushed, so all appending transactions commit one by one and group commit is lost. Here the append
 * commits without it; one notifier per process sends at most one notification at a time (appends finishing
 * meanwhile are coalesced into the next one). The notifying transaction writes nothing a reader needs, so it
 * runs with synchronous_commit off and does not wait for a WAL flush either.
 */
export function coalescedWake(sql: Sql, channel = 'es_appended'): () => void {
  let inFlight: Promise<void> | null = null;
  let again = false;
  const send = async () => {
    try {
      do {
        again = false;
        // one simple-protocol query = one implicit transaction, so SET LOCAL applies to the NOTIFY's commit
        await sql.unsafe(`set local synchronous_commit = off; select pg_notify('${channel}', '')`).simple();
      } while (again);
    } catch {
      // a lost wake-up only delays subscribers until their idle recheck
    } finally {
      inFlight = null;
    }
  };
  return () => {
    if (inFlight) again = true;
    else inFlight = send();
  };
}

/** A copy of es_append without its pg_notify, under another name, in a scratch database. */
export async function createAppendWithoutNotify(sql: Sql, name = 'es_append_no_notify'): Promise<void> {
  const [row] = await sql<{ def: string }[]>`select pg_get_functiondef('es_append'::regproc) as def`;
  if (!row) throw new Error('es_append not found');
  const copy = row.def.replace(/public\.es_append\(/, `public.${name}(`);
  const withoutNotify = copy.replace(/perform pg_notify\([^;]*\);/i, '');
  if (copy === row.def || withoutNotify === copy)
    throw new Error('es_append no longer has the expected shape');
  await sql.unsafe(withoutNotify);
}
