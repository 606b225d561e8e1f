import type { Sql } from 'postgres';

/** The wake-up after commit now lives in the adapter; the diagnosis keeps importing it from here. */
export { coalescedWake } from '@platform/infra/event-store/wake';

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
  // since migration 0003 es_append itself no longer notifies
  const noNotify = /perform pg_notify/i.test(row.def)
    ? replaceOnce(row.def, /perform pg_notify\([^;]*\);/i, '')
    : row.def;
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
