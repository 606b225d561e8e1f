// Appends become one INSERT statement sent by the adapter (infra/src/event-store/postgres-append.ts, ADR 0010):
// the (stream_id, stream_version) and event_id unique indexes of es_events refuse a taken revision or id, so the
// per-stream advisory lock, the es_streams row and the plpgsql function are gone. es_streams only repeated what
// es_events holds (a stream's version is the largest stream_version of its events). Single-event appends went
// from 0.57x-0.66x to 0.68x-0.90x of raw INSERTs in full bench runs (docs/benchmarks.md, third round).
export async function up(sql) {
  await sql.unsafe(`
    drop function if exists es_append(text, bigint, jsonb);
    drop table if exists es_streams;
  `);
}
