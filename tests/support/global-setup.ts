import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrate } from '@platform/infra/db/migrate';
import { startEmbeddedPostgres } from '@platform/infra/db/embedded';
import type { TemplateDatabases } from './database.ts';
import { freePort } from './free-port.ts';

/**
 * One real PostgreSQL for the whole run: DATABASE_URL when given, else an embedded cluster in a temporary
 * directory. Each test file then creates its own database in it (tests/support/database.ts), a copy of a template
 * made here once: migrating a database and a platform's first start (creating some two hundred read tables) cost
 * about 2 s of a loaded machine per test app, a copy about 0.2 s.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    project.provide('adminDatabaseUrl', adminUrl);
    const templates = await createTemplates(adminUrl);
    project.provide('templateDatabases', templates);
    return () => dropTemplates(adminUrl, templates);
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
  project.provide('templateDatabases', await createTemplates(db.url));
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The migrated template, and the platform's: a copy of it on which a platform started once and stopped. */
async function createTemplates(adminUrl: string): Promise<TemplateDatabases> {
  const suffix = randomBytes(4).toString('hex');
  const templates = { migrated: `template_migrated_${suffix}`, platform: `template_platform_${suffix}` };
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${templates.migrated}`);
    await migrate(urlOf(adminUrl, templates.migrated));
    await admin.unsafe(`create database ${templates.platform} template ${templates.migrated}`);
    // the test apps' module, loaded here only (it pulls in the whole platform)
    const { createAppTemplate } = await import('./apps/accounts-app.ts');
    await createAppTemplate(urlOf(adminUrl, templates.platform));
    // a copy needs its template without sessions: a pool's last connection may still be closing
    await admin`select pg_terminate_backend(pid) from pg_stat_activity
      where datname in ${admin([templates.migrated, templates.platform])} and pid <> pg_backend_pid()`;
  } finally {
    await admin.end();
  }
  return templates;
}

async function dropTemplates(adminUrl: string, templates: TemplateDatabases): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  for (const name of Object.values(templates))
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** absent in a project without this global setup: its databases are migrated one by one */
    templateDatabases?: TemplateDatabases;
  }
}
