// The salt of each day's visitor keys for the usage statistics (ADR 0038): random, the same for every process,
// deleted after two days so that an old key can no longer be recomputed from an address. Not in backups: a restored
// platform starts a new day's salt.
export async function up(sql) {
  await sql.unsafe(`
    create table stats_salts (
      day date primary key,
      salt bytea not null check (octet_length(salt) = 32)
    );
  `);
}
