// `npm run backup -- [--out file]`: the event log and the kept tables in one gzip-compressed file (ADR 0026).
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { writeBackup } from './backup/backup.ts';
import { connectToPlatformDatabase } from './cli-database.ts';

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run backup -- [--out <file>]\n`);
  process.exit(2);
}

function outArgument(args: string[]): string | undefined {
  const at = args.findIndex((a) => a === '--out' || a.startsWith('--out='));
  if (at < 0) {
    if (args.length > 0) usage(`Unknown argument ${args[0]}.`);
    return undefined;
  }
  const arg = args[at]!;
  const value = arg === '--out' ? args[at + 1] : arg.slice('--out='.length);
  if (!value) usage('--out needs a file name.');
  const rest = args.filter((_, i) => i !== at && !(arg === '--out' && i === at + 1));
  if (rest.length > 0) usage(`Unknown argument ${rest[0]}.`);
  return value;
}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const out = resolve(outArgument(args) ?? `backups/platform-${stamp(new Date())}.ndjson.gz`);
  const config = loadConfig();
  const { url, embedded } = await connectToPlatformDatabase(config);
  const sql = createSql(url, { max: 2 });
  const partial = `${out}.partial`;
  try {
    const [table] = await sql<{ found: boolean }[]>`select to_regclass('es_events') is not null as found`;
    if (!table?.found) throw new Error('This database holds no event store: nothing to back up.');
    await mkdir(dirname(out), { recursive: true });
    const bar = new cliProgress.SingleBar(
      {
        format: 'backup [{bar}] {percentage}% | {value}/{total} events | {duration_formatted}',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    const started = performance.now();
    let barStarted = false;
    // written beside the target and renamed once complete: a file at the name given is always a whole backup
    const summary = await writeBackup(sql, createWriteStream(partial), {
      onProgress: (events, total) => {
        if (!barStarted) {
          bar.start(total, 0);
          barStarted = true;
        }
        bar.update(events);
      },
    });
    bar.stop();
    await rename(partial, out);
    const { size } = await stat(out);
    const rows = Object.entries(summary.rows)
      .map(([name, n]) => `${n} ${name}`)
      .join(', ');
    process.stdout.write(
      `Backup written to ${out}\n  ${formatBytes(size)}, ${summary.events} events, ${rows || 'no kept rows'}` +
        ` (migration ${summary.migration ?? 'none'}), in ${((performance.now() - started) / 1000).toFixed(2)} s\n`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await sql.end({ timeout: 5 });
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nBackup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
