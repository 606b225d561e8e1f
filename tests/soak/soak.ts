// `npm run soak -- --cycles N [--clients C] [--keep] [--inject drop-event|damage-table] [--early-kills P]`: the
// whole platform (its embedded PostgreSQL included) killed with SIGKILL during a stream of commands (creations,
// changes, deletes), and with chance P (0.25) killed again while it starts, restarted on the same data directory,
// and checked: every acknowledged command is there and every read model equals a clean replay of the event log.
// `--inject` puts a fault in after the last restart (an acknowledged command's event dropped from the log, or a
// read model's row deleted): the run must then report it and exit non-zero, which shows the checks can fail.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import postgres from 'postgres';
import { freePort } from '../support/free-port.ts';
import {
  damageTable,
  dropEvent,
  FAULTS,
  lostCommands,
  readModelMismatches,
  type Acknowledged,
  type Attributes,
  type Fault,
} from './checks.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_TOKEN = 'soak-admin-token-0123456789abcdefghij';
const READY_TIMEOUT_MS = 180_000;
const REPLAY_DATABASE = 'soak_replay';

/** How many times at most one restart is killed again before the platform is ready. */
const EARLY_KILLS_MAX = 3;
const USAGE =
  'Usage: npm run soak -- --cycles N [--clients C] [--keep] [--inject drop-event|damage-table] [--early-kills P]\n';

function parseArguments(args: string[]) {
  const options: { cycles: number; clients: number; keep: boolean; earlyKills: number; inject?: Fault } = {
    cycles: 3,
    clients: 4,
    keep: false,
    // the chance that a restart is killed again before it is ready (during recovery, migrations, replay)
    earlyKills: 0.25,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [name, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => Number(inline ?? args[++i]);
    if (name === '--cycles') options.cycles = value();
    else if (name === '--clients') options.clients = value();
    else if (name === '--keep') options.keep = true;
    else if (name === '--early-kills') options.earlyKills = value();
    else if (name === '--inject') {
      const fault = inline ?? args[++i];
      if (!FAULTS.includes(fault as Fault)) {
        process.stderr.write(`Unknown fault ${fault}: one of ${FAULTS.join(', ')}.\n${USAGE}`);
        process.exit(2);
      }
      options.inject = fault as Fault;
    } else {
      process.stderr.write(`Unknown option ${arg}.\n${USAGE}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(options.cycles) || options.cycles < 1)
    throw new Error('--cycles must be a positive integer');
  if (!Number.isInteger(options.clients) || options.clients < 1)
    throw new Error('--clients must be a positive integer');
  if (!(options.earlyKills >= 0 && options.earlyKills <= 1))
    throw new Error('--early-kills must be a chance between 0 and 1');
  return options;
}

// --- the platform as a child process --------------------------------------------------------------------------

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

interface Site {
  dataDir: string;
  port: number;
  pgPort: number;
  logFile: string;
}

function startPlatform(site: Site): Running {
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const log = openSync(site.logFile, 'a');
  // detached: its own process group, which the kill takes whole
  const child = spawn(process.execPath, ['--import', 'tsx', 'host/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...inherited,
      DATA_DIR: site.dataDir,
      PORT: String(site.port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(site.pgPort),
      ADMIN_API_TOKEN: ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, exited };
}

async function waitReady(site: Site, running: Running): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null || running.child.signalCode !== null)
      throw new Error(`the platform exited during its start (see ${site.logFile})`);
    try {
      const answer = await fetch(`http://127.0.0.1:${site.port}/readyz`);
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the platform was not ready after ${READY_TIMEOUT_MS / 1000} s (see ${site.logFile})`);
}

/** pid -> parent pid of every process, from /proc. */
function processParents(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the command name may hold spaces and parentheses: the fields follow its last ')'
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  return parents;
}

function descendants(root: number): number[] {
  const parents = processParents();
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (found.has(parent) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  return [...found];
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function postmasterPid(site: Site): number | undefined {
  const file = join(site.dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * SIGKILL to the whole platform: the Node process, the embedded PostgreSQL's postmaster and every backend. The
 * backends put themselves in sessions of their own (PostgreSQL calls setsid for each), so the process group alone
 * would miss them: the postmaster is first stopped (SIGSTOP: it forks no new backend), then every descendant of
 * the platform's process is killed, and the kill waits until none of them runs any more.
 */
async function killPlatform(site: Site, running: Running): Promise<void> {
  const root = running.child.pid!;
  // the pid file may be a dead cluster's, its pid since given to another process: only a descendant is touched
  const postmaster = postmasterPid(site);
  if (postmaster && descendants(root).includes(postmaster) && alive(postmaster))
    process.kill(postmaster, 'SIGSTOP');
  const pids = new Set(descendants(root));
  try {
    process.kill(-root, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  for (const pid of pids)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  await running.exited;
  const deadline = Date.now() + 30_000;
  while ([...pids].some(alive)) {
    if (Date.now() > deadline)
      throw new Error(
        `processes of the platform still run after SIGKILL: ${[...pids].filter(alive).join(', ')}`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}

// --- the stream of commands -------------------------------------------------------------------------------------

interface Answer {
  data?: { id?: unknown };
  meta?: { position?: unknown };
}

async function command(site: Site, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  const answer = await fetch(`http://127.0.0.1:${site.port}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/vnd.api+json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? (JSON.parse(text) as Answer) : {} };
}

/**
 * One client: creates short URLs and coupons with unique names, changes the amount of coupons it created and
 * deletes some of what it created, until `stopped` or its connection fails (the kill). Records what was
 * acknowledged with a 2xx.
 */
async function client(
  site: Site,
  cycle: number,
  index: number,
  records: Acknowledged[],
  stopped: () => boolean,
): Promise<{ sent: number; refused: number; changed: number; deleted: number }> {
  let sent = 0;
  let refused = 0;
  let changed = 0;
  let deleted = 0;
  const mine: Acknowledged[] = [];
  for (let n = 0; !stopped(); n++) {
    const tag = `c${cycle}-k${index}-n${n}`;
    const live = mine.filter((r) => r.expected !== null && r.inDoubt === undefined);
    const coupons = live.filter((r) => r.type === 'coupons');
    const roll = Math.random();
    let attempt: () => Promise<void>;
    if (roll < 0.1 && live.length > 0) {
      const record = live[Math.floor(Math.random() * live.length)]!;
      record.inDoubt = null;
      attempt = async () => {
        const answer = await command(site, 'DELETE', `/${record.type}/${record.id}`);
        if (answer.status !== 200) {
          refused += 1;
          delete record.inDoubt;
          return;
        }
        deleted += 1;
        record.expected = null;
        delete record.inDoubt;
        record.position = String(answer.body.meta?.position);
      };
    } else if (roll < 0.35 && coupons.length > 0) {
      const record = coupons[Math.floor(Math.random() * coupons.length)]!;
      const change = { amount: Math.floor(Math.random() * 100_000) };
      record.inDoubt = { ...record.expected!, ...change };
      attempt = async () => {
        const answer = await command(site, 'PATCH', `/coupons/${record.id}`, {
          data: { type: 'coupons', id: record.id, attributes: change },
        });
        if (answer.status !== 200) {
          refused += 1;
          delete record.inDoubt;
          return;
        }
        changed += 1;
        record.expected = record.inDoubt!;
        delete record.inDoubt;
        record.position = String(answer.body.meta?.position);
      };
    } else {
      const type = roll < 0.65 ? ('app-short-urls' as const) : ('coupons' as const);
      const attributes: Attributes =
        type === 'app-short-urls'
          ? { token: `soak-${tag}`, url: `/soak/${tag}`, name: `Soak ${tag}` }
          : { name: `Soak coupon ${tag}`, amount: Math.floor(Math.random() * 100_000) };
      attempt = async () => {
        const answer = await command(site, 'POST', `/${type}`, { data: { type, attributes } });
        if (answer.status !== 201) {
          refused += 1;
          return;
        }
        const record: Acknowledged = {
          type,
          id: String(answer.body.data?.id),
          expected: attributes,
          position: String(answer.body.meta?.position),
          cycle,
        };
        mine.push(record);
        records.push(record);
      };
    }
    sent += 1;
    try {
      await attempt();
    } catch {
      // the platform was killed: what this command did is in doubt (a change stays in `inDoubt`), the client stops
      return { sent, refused, changed, deleted };
    }
  }
  return { sent, refused, changed, deleted };
}

// --- the run -----------------------------------------------------------------------------------------------------

interface CycleFigures {
  acknowledged: number;
  earlyKills: number;
  lost: number;
  mismatches: number;
  restartMs: number;
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2).filter((a) => a !== '--'));
  const dataDir = await mkdtemp(join(tmpdir(), 'platform-soak-'));
  chmodSync(dataDir, 0o777); // the cluster runs as the postgres user when we are root
  const site: Site = {
    dataDir,
    port: await freePort(),
    pgPort: await freePort(),
    logFile: join(dataDir, 'platform.log'),
  };
  const url = (db: string) => `postgres://postgres:postgres@127.0.0.1:${site.pgPort}/${db}`;
  process.stdout.write(`Soak: ${options.cycles} cycles, ${options.clients} clients, data in ${dataDir}\n`);

  let running = startPlatform(site);
  await waitReady(site, running);
  const records: Acknowledged[] = [];
  const figures: CycleFigures[] = [];
  // a bar on a terminal, with the cycles' lines above it; plain lines otherwise (a log, a pipe)
  const bars = process.stdout.isTTY
    ? new cliProgress.MultiBar(
        { format: 'cycles [{bar}] {value}/{total} | {duration_formatted}', hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  const bar = bars?.create(options.cycles, 0);
  const say = (line: string): void => {
    if (bars) bars.log(line);
    else process.stdout.write(line);
  };
  let failed = false;
  try {
    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      // the stream, and the kill in the middle of it
      let stopped = false;
      const before = records.length;
      const clients = Array.from({ length: options.clients }, (_, i) =>
        client(site, cycle, i, records, () => stopped),
      );
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 1800));
      await killPlatform(site, running);
      stopped = true;
      const streamed = await Promise.all(clients);
      const created = records.length - before;
      const changed = streamed.reduce((s, c) => s + c.changed, 0);
      const deleted = streamed.reduce((s, c) => s + c.deleted, 0);
      const acknowledged = created + changed + deleted;

      // the restart on the same data directory; now and then killed again before it is ready (while PostgreSQL
      // recovers, the migrations run or the projections catch up), and started once more
      let earlyKills = 0;
      while (earlyKills < EARLY_KILLS_MAX && Math.random() < options.earlyKills) {
        running = startPlatform(site);
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 3_000));
        await killPlatform(site, running);
        earlyKills += 1;
      }
      const restartStarted = performance.now();
      running = startPlatform(site);
      await waitReady(site, running);
      const restartMs = performance.now() - restartStarted;

      const sql = postgres(url('postgres'), { max: 4, onnotice: () => {} });
      let lost: string[];
      let mismatched: string[];
      let compared: number;
      let injected = '';
      try {
        if (options.inject && cycle === options.cycles) {
          // the fault, after the last restart: the checks below must name it
          if (options.inject === 'drop-event') {
            const record = records.at(-1);
            if (!record) throw new Error('no acknowledged command to drop the event of');
            injected = `, fault injected: the event of ${await dropEvent(sql, record)} dropped`;
          } else {
            injected = `, fault injected: a row of ${await damageTable(sql)} deleted`;
          }
        }
        const api = { baseUrl: `http://127.0.0.1:${site.port}`, adminToken: ADMIN_TOKEN };
        lost = await lostCommands(api, sql, records, cycle);
        ({ differing: mismatched, compared } = await readModelMismatches(sql, {
          url,
          workDir: site.dataDir,
          replayDatabase: REPLAY_DATABASE,
        }));
      } finally {
        await sql.end({ timeout: 5 });
      }
      const sent = streamed.reduce((s, c) => s + c.sent, 0);
      const refused = streamed.reduce((s, c) => s + c.refused, 0);
      figures.push({ acknowledged, earlyKills, lost: lost.length, mismatches: mismatched.length, restartMs });
      say(
        `cycle ${cycle}: ${sent} commands sent, ${acknowledged} acknowledged (${created} creations, ${changed} ` +
          `changes, ${deleted} deletes), ${refused} refused, ${earlyKills} kills before readiness, ` +
          `${lost.length} lost, ${mismatched.length} read-model mismatches (${compared} tables compared), ` +
          `restart ${(restartMs / 1000).toFixed(2)} s${injected}\n`,
      );
      for (const line of [...lost, ...mismatched.map((t) => `read model differs from the replay: ${t}`)])
        say(`  ${line}\n`);
      if (lost.length || mismatched.length) failed = true;
      bar?.increment();
    }
  } finally {
    bars?.stop();
    await killPlatform(site, running).catch(() => undefined);
  }

  const restarts = figures.map((f) => f.restartMs);
  const total = (key: 'acknowledged' | 'earlyKills' | 'lost' | 'mismatches') =>
    figures.reduce((s, f) => s + f[key], 0);
  process.stdout.write(
    `\nSoak summary: ${figures.length} cycles (${total('earlyKills')} more kills before readiness), ` +
      `${total('acknowledged')} commands acknowledged ` +
      `(${records.length} records, all checked in the log after the last restart), ${total('lost')} lost, ` +
      `${total('mismatches')} read-model mismatches; restart mean ` +
      `${(restarts.reduce((a, b) => a + b, 0) / restarts.length / 1000).toFixed(2)} s, max ` +
      `${(Math.max(...restarts) / 1000).toFixed(2)} s\n`,
  );
  if (options.keep || failed) process.stdout.write(`Data directory kept: ${dataDir}\n`);
  else await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
