// Appends no longer notify inside their transaction. A transaction that has called NOTIFY takes a
// database-wide lock at commit and holds it until its commit record is flushed, so concurrent appends
// committed one at a time and lost group commit (docs/benchmarks.md). The adapter now wakes subscribers after
// the append committed (infra/src/event-store/wake.ts). es_events also gets fresher statistics: the planner
// picks bad plans for filtered `$all` reads on a table that has grown since its last ANALYZE.
export async function up(sql) {
  await sql.unsafe(`
    create or replace function es_append(p_stream_id text, p_expected bigint, p_events jsonb)
    returns table (next_expected_version bigint, last_position bigint, idempotent boolean)
    language plpgsql as $fn$
    declare
      v_current bigint;
      v_count int := jsonb_array_length(p_events);
      v_ids uuid[];
      v_found int;
      v_last_version bigint;
      v_last_position bigint;
    begin
      -- Serialise appends to one stream with a transaction-scoped advisory lock. It takes no transaction id,
      -- so this transaction's id is assigned by the first write below, after the previous writer of the
      -- stream committed: ($all order = transaction id order) then keeps every stream in version order.
      -- This holds because an append is the first write of its transaction (the adapter's contract).
      perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
      select version into v_current from es_streams where stream_id = p_stream_id;
      if not found then
        v_current := -1;
      end if;

      select array_agg((e->>'eventId')::uuid) into v_ids from jsonb_array_elements(p_events) e;
      -- A retried append (same event ids) succeeds without writing and answers as the first time.
      if v_current >= 0 then
        select count(*), max(stream_version), max(global_position) into v_found, v_last_version, v_last_position
          from es_events where event_id = any(v_ids) and stream_id = p_stream_id;
        if v_found > 0 then
          if v_found = v_count then
            return query select v_last_version, v_last_position, true;
            return;
          end if;
          raise exception using errcode = 'P0002', message = 'wrong_expected_version', detail = v_current::text;
        end if;
      end if;

      if (p_expected = -2 and v_current <> -1)
        or (p_expected = -3 and v_current = -1)
        or (p_expected >= 0 and p_expected <> v_current) then
        raise exception using errcode = 'P0002', message = 'wrong_expected_version', detail = v_current::text;
      end if;

      if v_count = 0 then
        return query select v_current, 0::bigint, false;
        return;
      end if;

      -- the first write of this transaction: it takes the transaction id (see the lock above)
      with inserted as (
        insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
        select p_stream_id, v_current + e.i, split_part(p_stream_id, '-', 1), (e.v->>'eventId')::uuid, e.v->>'type',
               coalesce((e.v->>'schemaVersion')::int, 1), e.v->'data', e.v->'metadata'
          from jsonb_array_elements(p_events) with ordinality as e(v, i)
          order by e.i
        returning global_position
      )
      select max(global_position) into v_last_position from inserted;

      insert into es_streams (stream_id, version) values (p_stream_id, v_current + v_count)
        on conflict (stream_id) do update set version = excluded.version;
      return query select v_current + v_count, v_last_position, false;
    end
    $fn$;

    alter table es_events set (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05);
  `);
}
