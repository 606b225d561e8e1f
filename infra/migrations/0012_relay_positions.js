// Where each relay of the event log stands (ADR 0049): the `$all` position up to which the broker has acknowledged
// every event it publishes, and how many events it has published up to there (the next event's `sequence` header is
// one more). Written after each acknowledged batch by the one relay of that name that holds the name's advisory
// lock. Not rebuilt from the log: a relay without its row publishes the log again from the start.
export async function up(sql) {
  await sql.unsafe(`
    create table relay_positions (
      name text primary key,
      position bigint not null default 0,
      sequence bigint not null default 0 check (sequence >= 0),
      updated_at timestamptz not null default now()
    );
  `);
}
