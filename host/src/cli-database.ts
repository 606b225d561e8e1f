// How the administration commands (replay, backup, restore) find the platform's database.
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import postgres from 'postgres';
import type { Config } from '@platform/infra/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@platform/infra/db/embedded';

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(500);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * DATABASE_URL when set. Otherwise the embedded PostgreSQL: when the platform is running it already serves the
 * data directory (same credentials as infra/src/db/embedded.ts), else this command starts it (and stops it after,
 * through `embedded`). A PostgreSQL on the port that serves another data directory (another platform on this
 * machine) is refused rather than used.
 */
export async function connectToPlatformDatabase(
  config: Config,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  const dataDir = resolve(config.DATA_DIR, 'pg');
  if (await isListening(config.EMBEDDED_PG_PORT)) {
    const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/postgres`;
    const probe = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await probe<{ data_directory: string }[]>`show data_directory`;
      if (row && resolve(row.data_directory) !== dataDir)
        throw new Error(
          `The PostgreSQL on port ${config.EMBEDDED_PG_PORT} serves ${row.data_directory}, not ${dataDir}: ` +
            'set EMBEDDED_PG_PORT (and DATA_DIR) to those of the platform you mean.',
        );
    } finally {
      await probe.end({ timeout: 5 });
    }
    return { url };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: config.EMBEDDED_PG_PORT,
  });
  return { url: embedded.url, embedded };
}
