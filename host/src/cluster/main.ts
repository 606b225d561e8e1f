// `npm run start:cluster`: the platform as several processes of each side on one PostgreSQL, behind a front
// (ADR 0048). For trying and testing the distributed mode on one machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import {
  ConfigError,
  defaultPublicUrl,
  loadConfig,
  resourceFeatures,
  type Config,
} from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { configuredDatabase, type EmbeddedDatabase } from '@platform/infra/db/embedded';
import { migrate } from '@platform/infra/db/migrate';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createLogger } from '@platform/infra/logger';
import { eventContractsOf, platformModules } from '../modules.ts';
import { seedDemo } from '../seed/demo.ts';
import { loadClusterConfig } from './config.ts';
import { createFront, type FrontSide } from './front.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

type Role = 'commands' | 'queries' | 'projectors';

interface Member {
  role: Role;
  index: number;
  child: ChildProcess;
  /** where it listens, once it said so */
  url?: string;
}

let stopping = false;
/** the processes started (and not yet exited) */
const members: Member[] = [];

async function main() {
  // the cluster runs every side; its processes are given their role
  delete process.env.ROLE;
  const config: Config = loadConfig();
  const logger = createLogger(config);
  // CLUSTER_COMMANDS, CLUSTER_QUERIES, CLUSTER_PROJECTORS (2, 3, 2); CLUSTER_RESTART=false: a process that dies
  // stays dead (the tests see the others take its work over)
  const { sizes, restart } = loadClusterConfig();

  const started: { embedded?: EmbeddedDatabase; front?: ReturnType<typeof createFront> } = {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'cluster: stopping');
    await started.front?.close().catch(() => undefined);
    await Promise.all(
      members.map(
        (m) =>
          new Promise<void>((resolve) => {
            if (m.child.exitCode !== null || m.child.signalCode !== null) return resolve();
            m.child.once('exit', () => resolve());
            m.child.kill('SIGTERM');
          }),
      ),
    );
    await started.embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const database = await configuredDatabase(config, (dataDir) =>
    logger.info({ dataDir }, 'cluster: starting the embedded PostgreSQL'),
  );
  started.embedded = database.embedded;
  const databaseUrl = database.url;
  // once here; the processes migrate too, under the same lock, and find nothing left
  await migrate(databaseUrl);

  const front = createFront({ logger });
  started.front = front;
  const port = await front.listen(config.PORT, config.HOST);
  // every process shares the machine credential, the links' key and the address people open
  const shared = {
    DATABASE_URL: databaseUrl,
    ADMIN_API_TOKEN: config.ADMIN_API_TOKEN ?? randomBytes(24).toString('base64url'),
    APP_KEY: config.APP_KEY ?? randomBytes(32).toString('hex'),
    PUBLIC_URL: config.PUBLIC_URL ?? defaultPublicUrl(port),
    // the cluster seeds the demo site itself, once, through the front
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
  };

  const launch = (role: Role, index: number): Promise<Member> => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, ...shared, ROLE: role },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const member: Member = { role, index, child };
    members.push(member);
    const prefix = `[${role} ${index}] `;
    return new Promise<Member>((resolve, reject) => {
      let pending = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`${prefix}${line}\n`);
          const listening = /^Platform \w+ listening on http:\/\/localhost:(\d+)$/.exec(line);
          if (listening) {
            member.url = `http://127.0.0.1:${listening[1]}`;
            if (role !== 'projectors') front.add(role satisfies FrontSide, member.url);
            process.stdout.write(`Cluster member ${role} ${index} pid ${child.pid} at ${member.url}\n`);
            resolve(member);
          }
        }
      });
      child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`${prefix}${chunk.toString()}`));
      child.once('exit', (code, signal) => {
        members.splice(members.indexOf(member), 1);
        if (member.url) front.remove(member.url);
        reject(new Error(`${role} ${index} exited (${signal ?? code}) before it listened`));
        if (stopping) return;
        logger.warn({ role, index, pid: child.pid, code, signal }, 'cluster: a process exited');
        if (restart)
          setTimeout(() => {
            if (!stopping) void launch(role, index).catch(() => undefined);
          }, 1000).unref();
      });
    });
  };

  const all: Promise<Member>[] = [];
  for (const role of ['projectors', 'commands', 'queries'] as const)
    for (let i = 1; i <= sizes[role]; i++) all.push(launch(role, i));
  await Promise.all(all);

  if (config.SEED_DEMO) {
    const sql = createSql(databaseUrl, { max: 4 });
    try {
      const modules = platformModules();
      const outcome = await seedDemo({
        eventStore: new PostgresEventStore({
          sql,
          contracts: new EventContractRegistry(eventContractsOf(modules)),
        }),
        contracts: new EventContractRegistry(eventContractsOf(modules)),
        baseUrl: `http://127.0.0.1:${port}`,
        publicUrl: shared.PUBLIC_URL,
        adminToken: shared.ADMIN_API_TOKEN,
        logger,
        features: resourceFeatures(config),
      });
      if (outcome === 'seeded') logger.info('cluster: demo site and accounts seeded');
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  if (!config.ADMIN_API_TOKEN)
    process.stdout.write(`\nBootstrap admin API token (this run only): ${shared.ADMIN_API_TOKEN}\n`);
  process.stdout.write(
    `Cluster listening on http://localhost:${port}: ${sizes.commands} command, ${sizes.queries} query and ` +
      `${sizes.projectors} projector processes\n`,
  );
}

main().catch((error: unknown) => {
  if (stopping) return;
  // what started is not left behind
  for (const member of members) member.child.kill('SIGTERM');
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(
    `Cluster failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
