// The platform's Open Badges 3.0 signing key when OPEN_BADGES_SIGNING_KEY is not configured (ADR 0030): generated
// once by the first process that needs it and kept here, one row, so restarts keep the same did:key. It cannot be
// rebuilt from events, so backups keep it (host/src/backup/format.ts KEPT_TABLES).
export async function up(sql) {
  await sql.unsafe(`
    create table open_badges_signing_key (
      id smallint primary key default 1 check (id = 1),
      seed bytea not null check (octet_length(seed) = 32),
      created_at timestamptz not null default now()
    );
  `);
}
