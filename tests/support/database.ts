import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { startEmbeddedPostgres } from '@platform/infra/db/embedded';
import { migrate } from '@platform/infra/db/migrate';
import { freePort } from './free-port.ts';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The databases the int project's global setup made once (global-setup.ts), which a test's database copies:
 * `migrated` holds the migrations, `platform` also the read models a platform with the default options creates at
 * its first start (its projections' tables and checkpoints, no event).
 */
export interface TemplateDatabases {
  migrated: string;
  platform: string;
}

/**
 * A fresh, migrated database of its own for one test file (or one test): a copy of the migrated template, or of
 * the platform's (`from: 'platform'`, for a platform started with the default read models), or empty
 * (`migrate: false`). Without templates (a project with no such global setup) it is migrated here.
 */
export async function createTestDatabase(
  options: { migrate?: boolean; from?: keyof TemplateDatabases } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const templates = inject('templateDatabases');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const migrated = options.migrate ?? true;
  const template = migrated && templates ? templates[options.from ?? 'migrated'] : null;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (migrated && !template) await migrate(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A fresh, migrated database on a PostgreSQL cluster of its own, stopped and deleted by `drop()`. Snapshots are
 * a cluster's: a transaction a test holds open on the shared test server holds back every other test file's
 * readers (their projections and minPosition waits) while it is open. A test that holds one uses this instead.
 */
export async function createIsolatedDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'platform-isolated-pg-'));
  chmodSync(dir, 0o777); // the cluster runs as the postgres user when we are root
  const cluster = await startEmbeddedPostgres({
    dataDir: join(dir, 'data'),
    port: await freePort(),
    persistent: false,
    durable: false,
  });
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database isolated');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/isolated';
  await migrate(url.toString());
  return {
    url: url.toString(),
    async drop() {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
