import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '@platform/infra/db/embedded';
import { freePort } from './free-port.ts';

/**
 * One real PostgreSQL for the whole run: DATABASE_URL when given, else an embedded cluster in a temporary
 * directory. Each test file then creates its own database in it (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'platform-test-pg-'));
  chmodSync(dir, 0o777);
  const db = await startEmbeddedPostgres({
    dataDir: join(dir, 'data'),
    port: await freePort(),
    persistent: false,
    durable: false,
  });
  project.provide('adminDatabaseUrl', db.url);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
