import type { Sql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import type { EventToAppend } from '@platform/infra/event-store';
import type { Subject } from '../workload.ts';

/**
 * The baseline: the same rows INSERTed into a plain table with the columns of es_events and only its primary
 * key: no stream table, no version check, no unique or secondary index, no notification. It is what storing
 * the events costs on this server, the ceiling an event store approaches.
 */
export async function rawSubject(url: string, poolSize: number): Promise<Subject> {
  const sql: Sql = createSql(url, { max: poolSize });
  await sql.unsafe(`
    create table if not exists raw_events (
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
      recorded_at timestamptz not null default clock_timestamp()
    );
    create table if not exists raw_category_counts (category text primary key, events bigint not null);
    create table if not exists raw_checkpoint (id int primary key, position bigint not null);`);
  // set while a live subscriber listens: appends then notify it, as an event store must
  let live = false;

  const rowsOf = (streamId: string, expected: bigint, events: EventToAppend[]) =>
    events.map((e, i) => ({
      stream_id: streamId,
      stream_version: (expected + 1n + BigInt(i)).toString(),
      category: streamId.slice(0, streamId.indexOf('-')),
      event_id: e.eventId,
      event_type: e.type,
      schema_version: 1,
      data: sql.json(e.data as never),
      metadata: sql.json(e.metadata as never),
    }));

  const readPage = (after: string, limit: number) =>
    sql<{ global_position: string; stream_id: string; category: string; event_id: string }[]>`
      select global_position::text, transaction_id::text, stream_id, stream_version::text, category, event_id::text,
             event_type, schema_version, data, metadata, recorded_at
        from raw_events r where r.global_position > ${after}::bigint order by r.global_position limit ${limit}`;

  return {
    name: 'raw',
    capped: false,
    async append(streamId, expected, events) {
      const rows = rowsOf(streamId, expected, events);
      if (live) {
        await sql`with ins as (insert into raw_events ${sql(rows)} returning global_position)
                  select pg_notify('raw_appended', max(global_position)::text) from ins`;
      } else {
        await sql`insert into raw_events ${sql(rows)}`;
      }
      return true;
    },
    async catchUp(pageSize, _cap, onEvent) {
      let after = '0';
      for (;;) {
        const rows = await readPage(after, pageSize);
        for (const r of rows) onEvent(r.event_id);
        if (rows.length < pageSize) return;
        after = rows[rows.length - 1]!.global_position;
      }
    },
    async replay(batchSize) {
      // the same work as the projection: count per category, advance a checkpoint, one transaction per batch
      await sql`truncate raw_category_counts, raw_checkpoint`;
      await sql`insert into raw_checkpoint values (1, 0)`;
      let after = '0';
      let applied = 0;
      for (;;) {
        const rows = await readPage(after, batchSize);
        if (rows.length === 0) return applied;
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
        const last = rows[rows.length - 1]!.global_position;
        await sql.begin(async (tx) => {
          const values = [...counts].map(([category, events]) => ({ category, events }));
          await tx`insert into raw_category_counts ${tx(values)}
                   on conflict (category) do update set events = raw_category_counts.events + excluded.events`;
          await tx`update raw_checkpoint set position = ${last}::bigint where id = 1`;
        });
        applied += rows.length;
        after = last;
        if (rows.length < batchSize) return applied;
      }
    },
    async subscribe(onEvents) {
      const [head] = await sql<
        { p: string }[]
      >`select coalesce(max(global_position), 0)::text as p from raw_events`;
      let after = head?.p ?? '0';
      let reading: Promise<void> | null = null;
      let again = false;
      const drain = async () => {
        do {
          again = false;
          for (;;) {
            const rows = await readPage(after, 1000);
            if (rows.length === 0) break;
            after = rows[rows.length - 1]!.global_position;
            onEvents(rows.map((r) => r.event_id));
          }
        } while (again);
        reading = null;
      };
      const listener = await sql.listen('raw_appended', () => {
        if (reading) again = true;
        else reading = drain();
      });
      live = true;
      return {
        async stop() {
          live = false;
          await listener.unlisten();
          await reading;
        },
      };
    },
    async count() {
      const [row] = await sql<{ n: string }[]>`select count(*)::text as n from raw_events`;
      return Number(row?.n ?? 0);
    },
    close: () => sql.end(),
  };
}
