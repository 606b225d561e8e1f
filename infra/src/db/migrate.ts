import ley from 'ley';
import postgres from 'postgres';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const migrationsCwd = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The advisory lock every migration run holds (a key of its own: the projections' and the leases' locks use the
 * two-key form, this one the single bigint). Several processes started together (the cluster's, issue 24) queue on
 * it: the first applies what is missing, the others then find nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = 4_842_017_351_906_201n;

/**
 * Applies the forward-only migrations in infra/migrations (ley with the postgres.js driver), one process at a
 * time: ley itself takes no lock, so two processes migrating the same database at once would both try to create
 * its bookkeeping table and apply the same files.
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const url = new URL(databaseUrl);
  const config = {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
  // a session lock on a connection of its own (ley opens its own): released by the unlock, or by PostgreSQL when
  // this process dies half-way (its connection closes)
  const lock = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'platform migrate' },
  });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      return await ley.up({ cwd: migrationsCwd, dir: 'migrations', driver: 'postgres', config });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.catch(() => undefined);
    }
  } finally {
    await lock.end({ timeout: 5 });
  }
}
