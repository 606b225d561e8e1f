import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { accountFeatures, ConfigError, loadConfig } from '@platform/infra/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@platform/infra/db/embedded';
import { migrate } from '@platform/infra/db/migrate';
import { createPlatform } from './platform.ts';
import { seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoSite } from './seed/demo-site.ts';
import { mountWeb } from './web-static.ts';

const webDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'platform' } });

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.info({ dataDir: config.DATA_DIR }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: join(config.DATA_DIR, 'pg'),
      port: config.EMBEDDED_PG_PORT,
    });
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');

  const adminToken = config.ADMIN_API_TOKEN ?? randomBytes(24).toString('base64url');
  const platform = await createPlatform({
    databaseUrl,
    adminToken,
    logger,
    minPositionTimeoutMs: config.MIN_POSITION_TIMEOUT_MS,
    mountAfterApis: (app) => mountWeb(app, { distDir: webDist }),
    accounts: {
      features: accountFeatures(config),
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
      mailFrom: config.MAIL_FROM,
      ...(config.APP_KEY ? { secret: config.APP_KEY } : {}),
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      appName: config.APP_NAME,
    },
  });
  await platform.start();
  const server = platform.app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const baseUrl = `http://127.0.0.1:${config.PORT}`;

  if (config.SEED_DEMO) {
    const seeded = await seedDemoSite({ baseUrl, adminToken, logger });
    if (seeded) logger.info('demo site seeded');
    await seedDemoAccounts({ baseUrl, adminToken, logger }); // logs what it seeded
  }

  if (!config.ADMIN_API_TOKEN) {
    // printed, not logged as a field: it is the bootstrap credential until accounts replace it
    process.stdout.write(`\nBootstrap admin API token (this run only): ${adminToken}\n`);
  }
  process.stdout.write(`Platform listening on http://localhost:${config.PORT}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    server.close();
    await platform.stop();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Platform failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
