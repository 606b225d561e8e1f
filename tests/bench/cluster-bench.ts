/**
 * `npm run bench -- --only cluster` (issue 24): what a second and a third process of a side buy on this machine.
 * The cluster as `npm run start:cluster` starts it (host/src/cluster/main.ts, really spawned: 2 command, 3 query and
 * 1 projector process on one database), and the cluster's own front (host/src/cluster/front.ts) in a process of its
 * own (cluster-front.ts), told before each slice which processes it sends to. In alternating slices of one run,
 * each slice in a rotating order:
 *
 * - reads through the front to 1 query process, through the front to 3, and straight to the one process without
 *   a front (the front's cost): a cached public read (the environment the web boots with) and an uncached resource
 *   list (a page of tags);
 * - appends (coupons created with the admin token) through the front to 1 command process, to 2, and straight to
 *   the one process.
 *
 * autocannon in this process, a fixed number of connections; the one projector process projects what the appends
 * write while they run. Beside the rates: CPU time per request of the front, of the platform's processes, of
 * PostgreSQL's backends and of this process (the load generator), from /proc, which the machine's load moves less
 * than the rates. The processes that are not sent to stay up, idle.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres, { type Sql } from 'postgres';
import type { BenchCluster } from './env.ts';
import { combine, p50, p99, rateOf, type Load } from './query/load.ts';
import { ticks } from './query/cpu-profile.ts';

export interface ClusterBenchCounts {
  connections: number;
  slices: number;
  secondsPerSlice: number;
  /** tags in the listed resource (a page of 25 is read) */
  tags: number;
}
export const CLUSTER_FULL: ClusterBenchCounts = { connections: 16, slices: 2, secondsPerSlice: 4, tags: 200 };
export const CLUSTER_QUICK: ClusterBenchCounts = { connections: 8, slices: 1, secondsPerSlice: 1, tags: 30 };

const CLUSTER_MAIN = fileURLToPath(new URL('../../host/src/cluster/main.ts', import.meta.url));
const FRONT = fileURLToPath(new URL('./cluster-front.ts', import.meta.url));
const ADMIN_TOKEN = 'bench-cluster-admin-token-0123456789abcdef';
const JSON_API = 'application/vnd.api+json';
const ADMIN_HEADERS = {
  'content-type': JSON_API,
  'x-requested-with': 'XMLHttpRequest',
  authorization: `Bearer ${ADMIN_TOKEN}`,
};
/** the process's CPU ticks per second (USER_HZ, 100 on Linux) */
const TICK_MS = 10;

type Role = 'commands' | 'queries' | 'projectors';
interface Member {
  role: Role;
  pid: number;
  url: string;
}

interface Started {
  child: ChildProcess;
  members: Member[];
  output: () => string;
}

/** Spawns the cluster's script on `databaseUrl` and resolves once it says it listens, with its processes. */
async function startClusterProcesses(databaseUrl: string, sizes: Record<Role, number>): Promise<Started> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'ROLE'));
  const child = spawn(process.execPath, ['--import', 'tsx', CLUSTER_MAIN], {
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_API_TOKEN: ADMIN_TOKEN,
      APP_KEY: 'bench-cluster-app-key-0123456789abcdef0123456789',
      SEED_DEMO: 'false',
      CLUSTER_RESTART: 'false',
      CLUSTER_COMMANDS: String(sizes.commands),
      CLUSTER_QUERIES: String(sizes.queries),
      CLUSTER_PROJECTORS: String(sizes.projectors),
      // the processes' output goes through the cluster's script to this one: request logs would be a cost of
      // that relay, not of the platform
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // a bound for a hung start: six processes load the platform on two shared cores
  const deadline = Date.now() + 240_000;
  while (!/^Cluster listening on /m.test(output)) {
    if (child.exitCode !== null) throw new Error(`the cluster exited before it listened:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`the cluster did not listen within 240 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const members = [...output.matchAll(/^Cluster member (\w+) \d+ pid (\d+) at (\S+)$/gm)].map((m) => ({
    role: m[1] as Role,
    pid: Number(m[2]),
    url: m[3]!,
  }));
  return { child, members, output: () => output };
}

async function stopClusterProcesses(started: Started) {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGINT');
  const timer = setTimeout(() => {
    for (const m of started.members) killQuietly(m.pid);
    child.kill('SIGKILL');
  }, 30_000);
  await exited;
  clearTimeout(timer);
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

interface FrontProcess {
  url: string;
  pid: number;
  route(backends: { commands: string[]; queries: string[] }): Promise<void>;
  stop(): Promise<void>;
}

async function startFront(): Promise<FrontProcess> {
  const child = fork(FRONT, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the front exited (${code}) before it listened`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    route: (backends) =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send(backends);
      }),
    async stop() {
      if (child.exitCode === null) child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** user + system CPU of a process in ms (0 once it is gone) */
const cpuMsOf = (pid: number): number => ticks(pid) * TICK_MS;

interface Cpu {
  front: number;
  platform: number;
  postgres: number;
  client: number;
  /** the whole machine's busy CPU (every process, the other sessions' too), from /proc/stat */
  machine: number;
}

/** the machine's busy CPU in ms so far, over all cores */
function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
}

/** Reads the CPU of the processes a request passes through; `since` gives the ms spent from then to now. */
function cpuMeter(sql: Sql, front: FrontProcess, members: Member[]) {
  const backends = async () =>
    (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`).map(
      (r) => r.pid,
    );
  return async () => {
    const pids = await backends();
    const machine = machineBusyMs();
    const before = new Map(pids.map((pid) => [pid, cpuMsOf(pid)]));
    const at = {
      front: cpuMsOf(front.pid),
      platform: members.reduce((sum, m) => sum + cpuMsOf(m.pid), 0),
      client: process.cpuUsage(),
    };
    return async (): Promise<Cpu> => {
      // a backend that started in between counts from its start; one that ended in between is lost (the pools
      // keep theirs)
      let postgresMs = 0;
      for (const pid of await backends()) postgresMs += cpuMsOf(pid) - (before.get(pid) ?? 0);
      const client = process.cpuUsage(at.client);
      return {
        front: cpuMsOf(front.pid) - at.front,
        platform: members.reduce((sum, m) => sum + cpuMsOf(m.pid), 0) - at.platform,
        postgres: postgresMs,
        client: (client.user + client.system) / 1000,
        machine: machineBusyMs() - machine,
      };
    };
  };
}

interface Request {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function run(request: Request, connections: number, seconds: number): Promise<Load & { errors: number }> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        connections,
        duration: seconds,
        method: request.method ?? 'GET',
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.body ? { body: request.body, idReplacement: true } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result['2xx'],
          seconds: result.duration,
          latencies,
          failures: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

interface Side {
  label: string;
  request: Request;
  backends?: { commands: string[]; queries: string[] };
}

interface Measured {
  load: Load;
  errors: number;
  cpu: Cpu;
}

export async function clusterBench(options: {
  cluster: BenchCluster;
  counts: ClusterBenchCounts;
  log: (line: string) => void;
}) {
  const { counts, log } = options;
  const databaseUrl = await options.cluster.createDatabase('cluster');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const startedAt = performance.now();
  const started = await startClusterProcesses(databaseUrl, { commands: 2, queries: 3, projectors: 1 });
  const front = await startFront();
  try {
    const of = (role: Role) => started.members.filter((m) => m.role === role);
    const queries = of('queries').map((m) => m.url);
    const commands = of('commands').map((m) => m.url);
    if (queries.length !== 3 || commands.length !== 2 || of('projectors').length !== 1)
      throw new Error(`the cluster did not start 2, 3 and 1 processes:\n${started.output()}`);
    log(
      `cluster: 2 command, 3 query and 1 projector process (pids ${started.members.map((m) => `${m.role} ${m.pid}`).join(', ')}) ` +
        `started in ${((performance.now() - startedAt) / 1000).toFixed(0)} s; the front in its own process (pid ${front.pid}); ` +
        `autocannon, ${counts.connections} connections, ${counts.slices} rotating slices of ${counts.secondsPerSlice} s per side`,
    );

    // the listed tags, created through the front and waited for on every query process
    await front.route({ commands, queries });
    let position = '0';
    for (let i = 0; i < counts.tags; i += 10) {
      const created = await Promise.all(
        Array.from({ length: Math.min(10, counts.tags - i) }, async (_, k) => {
          const response = await fetch(`${front.url}/api/v1/tags`, {
            method: 'POST',
            headers: ADMIN_HEADERS,
            body: JSON.stringify({ data: { type: 'tags', attributes: { name: `Bench tag ${i + k}` } } }),
          });
          const body = (await response.json()) as { meta?: { position?: string } };
          if (response.status !== 201) throw new Error(`a tag was not created: ${JSON.stringify(body)}`);
          return body.meta!.position!;
        }),
      );
      for (const p of created) if (BigInt(p) > BigInt(position)) position = p;
    }
    for (const url of queries) {
      const response = await fetch(`${url}/api/v1/tags?page[size]=1&minPosition=${position}`);
      if (response.status !== 200) throw new Error(`the tags are not read: ${response.status}`);
    }

    const meter = cpuMeter(sql, front, started.members);
    // what the processes cost with nothing sent to them (lease polls, listeners, timers)
    const idle = await meter();
    await sleep(3000);
    const quiet = await idle();
    log(
      `  idle, 3 s: platform processes ${cores(quiet.platform, 3)} cores, PostgreSQL ${cores(quiet.postgres, 3)}, ` +
        `the machine ${cores(quiet.machine, 3)} cores busy (other sessions)`,
    );
    const one = (side: 'commands' | 'queries') =>
      side === 'queries'
        ? { commands, queries: queries.slice(0, 1) }
        : { commands: commands.slice(0, 1), queries };
    const measure = async (sides: Side[]): Promise<Measured[]> => {
      // a warm-up per side: the processes' first requests compile what the later ones run
      for (const side of sides) {
        if (side.backends) await front.route(side.backends);
        await run(side.request, counts.connections, 1);
      }
      const runs: Measured[][] = sides.map(() => []);
      for (let i = 0; i < counts.slices; i++)
        for (let k = 0; k < sides.length; k++) {
          const at = (i + k) % sides.length;
          const side = sides[at]!;
          if (side.backends) await front.route(side.backends);
          const stop = await meter();
          const load = await run(side.request, counts.connections, counts.secondsPerSlice);
          runs[at]!.push({ load, errors: load.errors, cpu: await stop() });
        }
      return runs.map((r) => ({
        load: combine(r.map((m) => m.load)),
        errors: r.reduce((sum, m) => sum + m.errors, 0),
        cpu: r.reduce(
          (sum, m) => ({
            front: sum.front + m.cpu.front,
            platform: sum.platform + m.cpu.platform,
            postgres: sum.postgres + m.cpu.postgres,
            client: sum.client + m.cpu.client,
            machine: sum.machine + m.cpu.machine,
          }),
          { front: 0, platform: 0, postgres: 0, client: 0, machine: 0 },
        ),
      }));
    };

    const figures: Array<{ name: string; unit: string; many: string; sides: Side[]; measured: Measured[] }> =
      [];
    const reads: Array<{ name: string; path: string }> = [
      { name: 'cached public read (environment)', path: '/api/v1/app-environment' },
      { name: 'uncached list (25 tags)', path: '/api/v1/tags?page[size]=25' },
    ];
    for (const read of reads) {
      const sides: Side[] = [
        {
          label: 'front, 1 query process',
          request: { url: `${front.url}${read.path}` },
          backends: one('queries'),
        },
        {
          label: 'front, 3 query processes',
          request: { url: `${front.url}${read.path}` },
          backends: { commands, queries },
        },
        { label: '1 query process, no front', request: { url: `${queries[0]}${read.path}` } },
      ];
      figures.push({ name: read.name, unit: 'req/s', many: '3', sides, measured: await measure(sides) });
    }
    const coupons = of('commands').length;
    const before = await createdCoupons(sql);
    const append: Request = {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({
        data: { type: 'coupons', attributes: { name: 'Bench coupon [<id>]', amount: 1500 } },
      }),
      url: '',
    };
    const appendSides: Side[] = [
      {
        label: 'front, 1 command process',
        request: { ...append, url: `${front.url}/api/v1/coupons` },
        backends: one('commands'),
      },
      {
        label: `front, ${coupons} command processes`,
        request: { ...append, url: `${front.url}/api/v1/coupons` },
        backends: { commands, queries },
      },
      { label: '1 command process, no front', request: { ...append, url: `${commands[0]}/api/v1/coupons` } },
    ];
    figures.push({
      name: 'appends (coupons created)',
      unit: 'req/s',
      many: String(coupons),
      sides: appendSides,
      measured: await measure(appendSides),
    });

    for (const figure of figures) {
      log(`\n  ${figure.name}`);
      for (const [i, side] of figure.sides.entries()) {
        const m = figure.measured[i]!;
        const per = (ms: number) => (m.load.requests ? (ms / m.load.requests).toFixed(2) : 'n/a');
        log(
          `    ${side.label.padEnd(30)} ${fmt(rateOf(m.load)).padStart(7)} ${figure.unit}, p50 ${p50(m.load).toFixed(1)} ms, ` +
            `p99 ${p99(m.load).toFixed(1)} ms; CPU ms a request: front ${per(m.cpu.front)}, platform ${per(m.cpu.platform)}, ` +
            `PostgreSQL ${per(m.cpu.postgres)}, load generator ${per(m.cpu.client)}; ` +
            `cores busy: ours ${cores(m.cpu.front + m.cpu.platform + m.cpu.postgres + m.cpu.client, m.load.seconds)}, ` +
            `machine ${cores(m.cpu.machine, m.load.seconds)}` +
            (m.load.failures || m.errors ? `; ${m.load.failures} non-2xx, ${m.errors} errors` : ''),
        );
      }
    }
    // every appended coupon acknowledged is stored; requests still in flight when a slice ended may be stored
    // unacknowledged (at most one per connection and slice)
    const acknowledged = figures.at(-1)!.measured.reduce((sum, m) => sum + m.load.requests, 0);
    const stored = (await createdCoupons(sql)) - before;
    log(
      `\n  coupons: ${fmt(stored)} stored, ${fmt(acknowledged)} acknowledged in the timed slices ` +
        `(plus the warm-ups and what was in flight at the end of each run)`,
    );
    if (stored < acknowledged) throw new Error(`${stored} coupons stored, ${acknowledged} were acknowledged`);

    log('');
    log(
      table(
        figures.map((f) => {
          const [single, many, direct] = f.measured.map((m) => rateOf(m.load));
          const cpu = f.measured.map((m) =>
            m.load.requests
              ? (m.cpu.front + m.cpu.platform + m.cpu.postgres + m.cpu.client) / m.load.requests
              : NaN,
          );
          return [
            `${f.name} (${f.unit})`,
            fmt(single!),
            `${fmt(many!)} (${f.many})`,
            ratio(many!, single!),
            fmt(direct!),
            ratio(single!, direct!),
            `${cpu[0]!.toFixed(2)} / ${cpu[1]!.toFixed(2)}`,
          ];
        }),
      ),
    );
  } finally {
    await front.stop();
    await stopClusterProcesses(started);
    await sql.end();
  }
}

async function createdCoupons(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from es_events where event_type = 'CouponCreated'`;
  return row?.n ?? 0;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** CPU ms over `seconds` as cores busy */
const cores = (ms: number, seconds: number) => (ms / 1000 / seconds).toFixed(2);
const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ratio = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a';

/**
 * metric | 1 process | more processes | more/1 | 1 process without the front | front/no front | CPU ms a request
 * of every process it passed through (the front, the platform's, PostgreSQL's backends, the load generator) with
 * 1 / with more
 */
function table(rows: string[][]): string {
  const header = [
    'through the front',
    '1 process',
    'more processes',
    'more/1',
    '1, no front',
    'front/no front',
    'CPU ms/req 1 / more',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
