import ley from 'ley';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const migrationsCwd = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Applies the forward-only migrations in infra/migrations (ley with the postgres.js driver). */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const url = new URL(databaseUrl);
  const config = {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
  return ley.up({ cwd: migrationsCwd, dir: 'migrations', driver: 'postgres', config });
}
