// `npm run files:sweep`: removes the blobs no record names (past the grace period) and expired resumable uploads.
import { join } from 'node:path';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { loadConfig } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { migrate } from '@platform/infra/db/migrate';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createLogger } from '@platform/infra/logger';
import { connectToPlatformDatabase } from './cli-database.ts';
import { platformBlobStore, platformTusStorage } from './files/blob-store.ts';
import { filesMaintenance } from './files/maintenance.ts';
import { eventContractsOf, platformModules } from './modules.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const { url, embedded } = await connectToPlatformDatabase(config);
  const sql = createSql(url);
  try {
    await migrate(url);
    // the same contracts as the platform, so the files' events are read as the platform reads them
    const eventStore = new PostgresEventStore({
      sql,
      contracts: new EventContractRegistry(eventContractsOf(platformModules())),
    });
    const filesDir = join(config.DATA_DIR, 'files');
    const run = await filesMaintenance({
      eventStore,
      store: platformBlobStore({
        filesDir,
        ...(config.FILES_S3_URL ? { s3Url: config.FILES_S3_URL } : {}),
      }),
      tus: platformTusStorage({
        filesDir,
        ...(config.FILES_S3_URL ? { s3Url: config.FILES_S3_URL } : {}),
      }),
      clock: () => new Date(),
      logger,
      graceMs: config.FILES_SWEEP_GRACE_HOURS * 60 * 60 * 1000,
    }).run();
    process.stdout.write(
      `Removed ${run.blobsRemoved.length} blob(s) no record names (stored more than ` +
        `${config.FILES_SWEEP_GRACE_HOURS} h ago) and ${run.uploadsExpired} expired resumable upload(s).\n`,
    );
  } finally {
    await sql.end({ timeout: 5 });
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Files sweep failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
