// Projection checkpoints and the `read` schema of reader-facing views (ARCHITECTURE.md §5).
// A projection version keeps its tables in `proj_<name>_v<version>`; readers use `read.<table>` views that
// point at the live version. `position` is a `$all` position (0 = start): compare positions in `$all` order
// (the event store's comparePositions, or (transaction_id, global_position) of es_events), never as numbers.
export async function up(sql) {
  await sql.unsafe(`
    create schema if not exists read;

    create table projection_checkpoints (
      name text not null,
      version int not null,
      position bigint not null default 0,
      status text not null check (status in ('building', 'live', 'retired')),
      events_applied bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (name, version)
    );
    -- at most one live version per projection
    create unique index projection_checkpoints_one_live on projection_checkpoints (name) where status = 'live';
  `);
}
