// `npm run restore -- <file> [--data-dir dir]`: a backup into an empty database, read models rebuilt (ADR 0026).
import { createReadStream, existsSync } from 'node:fs';
import cliProgress from 'cli-progress';
import postgres from 'postgres';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { loadConfig } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { migrate } from '@platform/infra/db/migrate';
import { PostgresEventStore } from '@platform/infra/event-store';
import { readBackupHeader, rebuildReadModels, restoreBackup, RestoreRefusedError } from './backup/backup.ts';
import { BackupFormatError } from './backup/format.ts';
import { connectToPlatformDatabase } from './cli-database.ts';
import { eventContractsOf, platformModules, projectionsOf } from './modules.ts';

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run restore -- <backup file> [--data-dir <dir>]\n`);
  process.exit(2);
}

function parseArguments(args: string[]): { file: string; dataDir?: string } {
  let file: string | undefined;
  let dataDir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--data-dir') {
      dataDir = args[++i];
      if (!dataDir) usage('--data-dir needs a directory.');
    } else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg.startsWith('--')) usage(`Unknown option ${arg}.`);
    else if (file) usage(`One backup file at a time (${file}, ${arg}).`);
    else file = arg;
  }
  if (!file) usage('Which backup file?');
  return { file, ...(dataDir ? { dataDir } : {}) };
}

/** The platform keeps a pool named `platform` on its database while it runs (infra/src/db/postgres.ts). */
async function assertPlatformStopped(url: string): Promise<void> {
  const probe = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'platform-restore' },
  });
  try {
    const [row] = await probe<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = 'platform' and pid <> pg_backend_pid()`;
    if ((row?.n ?? 0) > 0)
      throw new RestoreRefusedError(
        'The platform is running on this database: stop it, then restore into an empty data directory.',
      );
  } finally {
    await probe.end({ timeout: 5 });
  }
}

const bar = (label: string, unit: string) =>
  new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {duration_formatted}`,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );

async function main(): Promise<void> {
  const { file, dataDir } = parseArguments(process.argv.slice(2).filter((a) => a !== '--'));
  if (!existsSync(file)) usage(`No file at ${file}.`);
  const header = await readBackupHeader(createReadStream(file));
  const kept = Object.entries(header.rows)
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
  process.stdout.write(
    `Backup taken ${header.createdAt}: ${header.events} events, ${kept || 'no kept rows'} ` +
      `(migration ${header.migration ?? 'none'})\n`,
  );

  const config = loadConfig(dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env);
  const { url, embedded } = await connectToPlatformDatabase(config);
  let sql: ReturnType<typeof createSql> | undefined;
  try {
    await assertPlatformStopped(url);
    await migrate(url);
    sql = createSql(url);
    const started = performance.now();
    const events = bar('events    ', 'events');
    events.start(header.events, 0);
    const restored = await restoreBackup(sql, () => createReadStream(file), {
      onProgress: (n) => events.update(n),
    });
    events.stop();

    const modules = platformModules(undefined, { defaultLocale: config.DEFAULT_LOCALE });
    const projections = projectionsOf(modules);
    const eventStore = new PostgresEventStore({
      sql,
      contracts: new EventContractRegistry(eventContractsOf(modules)),
    });
    const models = bar('read models', 'events applied');
    let modelsStarted = false;
    const failures: string[] = [];
    const rebuilt = await rebuildReadModels({
      sql,
      eventStore,
      projections,
      logger: {
        info() {},
        warn() {},
        error(obj) {
          const { projection, err } = obj as { projection?: string; err?: unknown };
          failures.push(`${projection ?? '?'}: ${err instanceof Error ? err.message : String(err)}`);
        },
      },
      onProgress: (applied, total) => {
        if (!modelsStarted) {
          models.start(total, 0);
          modelsStarted = true;
        }
        models.update(Math.min(applied, total));
      },
    }).catch((error: unknown) => {
      models.stop();
      if (failures.length) process.stderr.write(`${[...new Set(failures)].join('\n')}\n`);
      throw error;
    });
    models.stop();
    const rows = Object.entries(restored.rows)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    process.stdout.write(
      `Restored ${restored.events} events and ${rows || 'no kept rows'}; rebuilt ${rebuilt.projections} read ` +
        `models (${rebuilt.eventsApplied} events applied) in ${((performance.now() - started) / 1000).toFixed(2)} s.\n` +
        'Start the platform as usual (npm start); members sign in again.\n',
    );
  } finally {
    await sql?.end({ timeout: 5 });
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof RestoreRefusedError || error instanceof BackupFormatError;
  process.stderr.write(
    `\nRestore ${known ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
