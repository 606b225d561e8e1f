import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '@platform/infra/db/embedded';
import { migrate } from '@platform/infra/db/migrate';
import { freePort } from '../support/free-port.ts';

/** The one PostgreSQL every subject of the benchmark runs on, and fresh databases in it. */
export interface BenchCluster {
  adminUrl: string;
  /** how the cluster was obtained, printed with the results */
  origin: 'embedded' | 'DATABASE_URL';
  createDatabase(prefix: string, options?: { migrate?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when set, else an embedded cluster in a temporary directory removed on stop. `log`: the embedded
 * server's log lines (a diagnosis reads the plans auto_explain writes there); `settings`: more server settings of
 * the embedded cluster (a diagnosis preloads pg_stat_statements).
 */
export async function startCluster(
  options: { log?: (line: string) => void; settings?: Record<string, string> } = {},
): Promise<BenchCluster> {
  const created: string[] = [];
  let adminUrl: string;
  let stopCluster: () => Promise<void> = async () => {};
  const origin = process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded';
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'platform-bench-pg-'));
    // when running as root the cluster runs as the postgres user, which must reach the directory
    chmodSync(dir, 0o777);
    const db = await startEmbeddedPostgres({
      dataDir: join(dir, 'data'),
      port: await freePort(),
      persistent: false,
      ...(options.log ? { log: options.log } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
    });
    adminUrl = db.url;
    stopCluster = async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  return {
    adminUrl,
    origin,
    async createDatabase(prefix, options = {}) {
      const name = `bench_${prefix}_${Date.now().toString(36)}`;
      await admin.unsafe(`create database ${name}`);
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      if (options.migrate ?? true) await migrate(url.toString());
      return url.toString();
    },
    async stop() {
      // on a shared server (DATABASE_URL) leave nothing behind
      for (const name of created) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      await stopCluster();
    },
  };
}

/**
 * ANALYZE a database, so the read scenarios run on statistics as a settled database has them (autovacuum would
 * otherwise analyze at some random moment during the run). The diagnosis measures the unanalyzed case.
 */
export async function analyzeDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`analyze`;
  } finally {
    await sql.end();
  }
}

/** Server settings that shape the figures, printed beside them. */
export async function serverSettings(url: string): Promise<Record<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const names = ['server_version', 'fsync', 'synchronous_commit', 'shared_buffers', 'max_connections'];
    const rows = await sql<{ name: string; setting: string }[]>`
      select name, current_setting(name) as setting from pg_settings where name = any(${names})`;
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await sql.end();
  }
}
