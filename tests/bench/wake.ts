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

function replaceOnce(text: string, pattern: RegExp, by: string): string {
  const out = text.replace(pattern, by);
  if (out === text) throw new Error(`es_append no longer has the expected shape (${pattern.source})`);
  return out;
}

/**
 * Scratch copies of es_append under other names, in a scratch database:
 * - `es_append_no_notify`: without its pg_notify;
 * - `es_append_lean`: also without the es_streams row. The per-stream advisory lock already serialises a
 *   stream's appends, so its current version can be read from the (stream_id, stream_version) unique index of
 *   es_events; that saves one row write (and its WAL) per append.
 */
export async function createAppendVariants(sql: Sql): Promise<void> {
  const [row] = await sql<{ def: string }[]>`select pg_get_functiondef('es_append'::regproc) as def`;
  if (!row) throw new Error('es_append not found');
  const noNotify = replaceOnce(row.def, /perform pg_notify\([^;]*\);/i, '');
  await sql.unsafe(replaceOnce(noNotify, /public\.es_append\(/, 'public.es_append_no_notify('));
  let lean = replaceOnce(noNotify, /public\.es_append\(/, 'public.es_append_lean(');
  lean = replaceOnce(
    lean,
    /select version into v_current from es_streams where stream_id = p_stream_id;\s*if not found then/i,
    'select max(stream_version) into v_current from es_events where stream_id = p_stream_id;\n if v_current is null then',
  );
  lean = replaceOnce(lean, /insert into es_streams[^;]*;/i, '');
  await sql.unsafe(lean);
}
