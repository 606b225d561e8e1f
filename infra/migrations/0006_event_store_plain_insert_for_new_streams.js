// A new stream takes a plain INSERT again. Migration 0005 made every append insert with "on conflict (event_id) do
// nothing", so that a retried append is detected by the insert; the arbiter check it adds to each row cost the
// 100-event appends to new streams about a tenth of their rate (docs/benchmarks.md). A stream that does not exist
// yet cannot hold a retry of its own append, so only appends to an existing stream need the check.
export async function up(sql) {
  await sql.unsafe(`
    create or replace function es_append(p_stream_id text, p_expected bigint, p_events jsonb)
    returns table (next_expected_version bigint, last_position bigint, idempotent boolean)
    language plpgsql as $fn$
    declare
      v_current bigint;
      v_count int := jsonb_array_length(p_events);
      v_inserted int;
      v_found int;
      v_last_version bigint;
      v_last_position bigint;
    begin
      -- Serialise appends to one stream (see migration 0003: the first write below takes the transaction id,
      -- after the previous writer of the stream committed, so $all keeps each stream in version order).
      perform pg_advisory_xact_lock(hashtextextended(p_stream_id, 0));
      select version into v_current from es_streams where stream_id = p_stream_id;
      if not found then
        v_current := -1;
      end if;

      if (p_expected = -2 and v_current <> -1)
        or (p_expected = -3 and v_current = -1)
        or (p_expected >= 0 and p_expected <> v_current) then
        -- a retry of an append that was stored (its ids are in this stream) answers as the first time
        if v_current >= 0 then
          select count(*), max(stream_version), max(global_position) into v_found, v_last_version, v_last_position
            from es_events
           where stream_id = p_stream_id
             and event_id in (select (e->>'eventId')::uuid from jsonb_array_elements(p_events) e);
          if v_found = v_count and v_count > 0 then
            return query select v_last_version, v_last_position, true;
            return;
          end if;
        end if;
        raise exception using errcode = 'P0002', message = 'wrong_expected_version', detail = v_current::text;
      end if;

      if v_count = 0 then
        return query select v_current, 0::bigint, false;
        return;
      end if;

      -- the first write of this transaction: it takes the transaction id. A new stream cannot hold a retried
      -- append, so it takes the plain insert (an id stored in another stream fails on es_events_event_id_unique,
      -- which the adapter reports as a wrong expected version); an existing stream skips stored ids.
      if v_current = -1 then
        with inserted as (
          insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
          select p_stream_id, v_current + e.i, split_part(p_stream_id, '-', 1), (e.v->>'eventId')::uuid, e.v->>'type',
                 coalesce((e.v->>'schemaVersion')::int, 1), e.v->'data', e.v->'metadata'
            from jsonb_array_elements(p_events) with ordinality as e(v, i)
            order by e.i
          returning global_position
        )
        select count(*), max(global_position) into v_inserted, v_last_position from inserted;
      else
        with inserted as (
          insert into es_events (stream_id, stream_version, category, event_id, event_type, schema_version, data, metadata)
          select p_stream_id, v_current + e.i, split_part(p_stream_id, '-', 1), (e.v->>'eventId')::uuid, e.v->>'type',
                 coalesce((e.v->>'schemaVersion')::int, 1), e.v->'data', e.v->'metadata'
            from jsonb_array_elements(p_events) with ordinality as e(v, i)
            order by e.i
          on conflict (event_id) do nothing
          returning global_position
        )
        select count(*), max(global_position) into v_inserted, v_last_position from inserted;
      end if;

      if v_inserted < v_count then
        -- some ids were stored already: all of them in this stream is a retry (nothing was written: v_inserted
        -- is 0); anything else is refused, and the exception rolls back what this call inserted
        select count(*), max(stream_version), max(global_position) into v_found, v_last_version, v_last_position
          from es_events
         where stream_id = p_stream_id
           and event_id in (select (e->>'eventId')::uuid from jsonb_array_elements(p_events) e)
           and stream_version <= v_current;
        if v_inserted = 0 and v_found = v_count then
          return query select v_last_version, v_last_position, true;
          return;
        end if;
        raise exception using errcode = 'P0002', message = 'wrong_expected_version', detail = v_current::text;
      end if;

      insert into es_streams (stream_id, version) values (p_stream_id, v_current + v_count)
        on conflict (stream_id) do update set version = excluded.version;
      return query select v_current + v_count, v_last_position, false;
    end
    $fn$;
  `);
}
