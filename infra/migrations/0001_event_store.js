// The event store (ARCHITECTURE.md §3). `$all` order is (transaction_id, global_position): a reader only
// sees events whose transaction id is below the oldest running transaction (pg_snapshot_xmin), so an event
// committed late with a smaller sequence value can never be skipped (the Marten / Emmett approach).
export async function up(sql) {
  await sql.unsafe(`
    create table es_streams (
      stream_id text primary key,
      version bigint not null
    );

    create table es_events (
      global_position bigserial primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version bigint not null,
      category text not null,
      event_id uuid not null,
      event_type text not null,
      schema_version int not null default 1,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default clock_timestamp(),
      constraint es_events_stream_version_unique unique (stream_id, stream_version),
      constraint es_events_event_id_unique unique (event_id)
    );
    create index es_events_all_order on es_events (transaction_id, global_position);
    create index es_events_category_order on es_events (category, transaction_id, global_position);
    create index es_events_type_order on es_events (event_type, transaction_id, global_position);

    -- One round trip per append: lock the stream, check the expected version, detect a retried append by its
    -- event ids, insert, bump the stream version and wake subscribers (the notification is delivered at commit).
    -- p_expected: -1 any, -2 no_stream, -3 stream_exists, >= 0 exact revision.
    -- p_events: [{ "eventId", "type", "schemaVersion", "data", "metadata" }, ...]
    create function es_append(p_stream_id text, p_expected bigint, p_events jsonb)
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
      perform pg_notify('es_appended', v_last_position::text);
      return query select v_current + v_count, v_last_position, false;
    end
    $fn$;
  `);
}
