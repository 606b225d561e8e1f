import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventContractRegistry } from '@platform/contracts/event-contracts';
import { leaseHolder } from '@platform/infra/db/leases';
import { PostgresEventStore } from '@platform/infra/event-store';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { callApi } from '@platform/tests/support/http';
import { spawnEntry, type Spawned } from '@platform/tests/support/processes';
import { readModelMismatches } from '@platform/tests/soak/checks';
import { eventContractsOf, platformModules, projectionsOf } from '../modules.ts';

/**
 * `npm run start:cluster` (ADR 0048) on a database of its own: 2 command, 3 query and 2 projector processes behind
 * the front, really spawned, talked to over HTTP and killed with SIGKILL.
 */
const ADMIN_TOKEN = 'cluster-test-admin-token-0123456789abcdef';
const PASSWORD = 'correct horse battery';
/** the coupons' projection, whose lease the kill test takes away from its holder */
const COUPONS_LEASE = 'projection:resource_coupons:v1';

type Role = 'commands' | 'queries' | 'projectors';
interface Member {
  role: Role;
  pid: number;
  url: string;
}

let db: TestDatabase;
let sql: Sql;
let cluster: Spawned;
let front: string;
let members: Member[] = [];
const urls = (role: Role) => members.filter((m) => m.role === role).map((m) => m.url);

beforeAll(async () => {
  db = await createTestDatabase({ from: 'platform' });
  sql = postgres(db.url, { max: 4, onnotice: () => {} });
  cluster = spawnEntry('host/src/cluster/main.ts', {
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_API_TOKEN: ADMIN_TOKEN,
    APP_KEY: 'cluster-test-app-key-0123456789abcdef0123456789',
    SEED_DEMO: 'false',
    CLUSTER_RESTART: 'false',
    LEASE_POLL_MS: '200',
    MIN_POSITION_TIMEOUT_MS: '60000',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    NODE_ENV: 'production',
  });
  // seven processes load the platform on two shared cores
  const listening = await cluster.waitFor(/^Cluster listening on http:\/\/localhost:(\d+)/m);
  front = `http://127.0.0.1:${listening[1]}`;
  members = [...cluster.output().matchAll(/^Cluster member (\w+) \d+ pid (\d+) at (\S+)$/gm)].map((m) => ({
    role: m[1] as Role,
    pid: Number(m[2]),
    url: m[3]!,
  }));
});

afterAll(async () => {
  await cluster?.stop('SIGINT');
  await sql?.end();
  await db?.drop();
});

/** a request as the admin (the machine credential), or as nobody (`admin: false`) with a session cookie */
const call = (
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string | null; admin?: boolean } = {},
) =>
  callApi(base, method, path, {
    ...options,
    ...(options.admin === false ? {} : { token: ADMIN_TOKEN }),
  });

async function createCoupon(base: string, attributes: Record<string, unknown>) {
  const created = await call(base, 'POST', '/api/v1/coupons', {
    body: { data: { type: 'coupons', attributes: { amount: 1500, ...attributes } } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.data.id as string, position: created.body.meta.position as string };
}

describe('the cluster', () => {
  it('runs 2 command, 3 query and 2 projector processes, each answering its own side only', async () => {
    expect(members.map((m) => m.role).sort()).toEqual([
      'commands',
      'commands',
      'projectors',
      'projectors',
      'queries',
      'queries',
      'queries',
    ]);
    const [command] = urls('commands');
    const [query] = urls('queries');
    const [projector] = urls('projectors');
    for (const member of members) expect((await call(member.url, 'GET', '/healthz')).status).toBe(200);
    expect((await call(command!, 'GET', '/api/v1/coupons')).status).toBe(404);
    expect((await call(query!, 'POST', '/api/v1/coupons', { body: {} })).status).toBe(404);
    expect((await call(projector!, 'GET', '/api/v1/coupons')).status).toBe(404);
    // the projections end up split between the two projector processes: the one that started first holds them
    // all until the other's lease rounds take its share
    const holders = () => sql<{ pid: number; leases: number }[]>`
      select pid, count(*)::int as leases from pg_locks
       where locktype = 'advisory' and granted and objsubid = 2
         and database = (select oid from pg_database where datname = current_database())
         and classid::bigint = (hashtext('platform.lease')::bigint & 4294967295)
       group by pid`;
    await expect.poll(async () => (await holders()).length, { timeout: 60_000 }).toBe(2);
  });

  it('reads a command sent to one command process at its position from every query process', async () => {
    // every query process has answered the list (and cached it) before the command
    for (const query of urls('queries'))
      expect((await call(query, 'GET', '/api/v1/coupons?page[size]=100')).status).toBe(200);
    const [first, second] = urls('commands');
    const created = await createCoupon(first!, { name: 'Seen everywhere' });
    for (const query of urls('queries')) {
      const read = await call(query, 'GET', `/api/v1/coupons/${created.id}?minPosition=${created.position}`);
      expect(read.status).toBe(200);
      expect(read.body.data.attributes.name).toBe('Seen everywhere');
      // and the list each one had cached follows the move
      const list = await call(query, 'GET', '/api/v1/coupons?page[size]=100');
      expect(list.body.data.map((c: { id: string }) => c.id)).toContain(created.id);
    }
    // a change through the other command process, read through the front
    const renamed = await call(second!, 'PATCH', `/api/v1/coupons/${created.id}`, {
      body: { data: { type: 'coupons', id: created.id, attributes: { name: 'Renamed' } } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    for (let i = 0; i < 3; i++) {
      const read = await call(
        front,
        'GET',
        `/api/v1/coupons/${created.id}?minPosition=${renamed.body.meta.position}`,
      );
      expect(read.body.data.attributes.name).toBe('Renamed');
    }
  });

  it('stores exactly the limit of 100 concurrent purchases spread over both command processes', async () => {
    const commands = urls('commands');
    const buyers = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const email = `cluster-buyer${i}@example.test`;
        const created = await call(commands[i % 2]!, 'POST', '/api/v1/users', {
          body: {
            data: {
              type: 'users',
              attributes: {
                firstName: 'Buyer',
                lastName: `${i}`,
                email,
                password: PASSWORD,
                emailVerified: true,
              },
            },
          },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const login = await call(commands[(i + 1) % 2]!, 'POST', '/auth/login', {
          body: { email, password: PASSWORD },
          admin: false,
        });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
        return login.cookie;
      }),
    );
    const coupon = await createCoupon(commands[0]!, { name: 'Cluster seat', purchaseLimitCount: 10 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(commands[i % 2]!, 'POST', `/api/v1/coupons/${coupon.id}/purchase`, {
          cookie: buyers[i % 5],
          admin: false,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    const head = answers.map((a) => BigInt(a.body.meta?.position ?? 0)).reduce((a, b) => (a > b ? a : b));
    for (const query of urls('queries')) {
      const read = await call(query, 'GET', `/api/v1/coupons/${coupon.id}?minPosition=${head}`);
      expect(read.body.data.attributes.purchasedCouponsCount).toBe(10);
      const all = await call(
        query,
        'GET',
        `/api/v1/purchased-coupons?filter[coupon]=${coupon.id}&minPosition=${head}`,
      );
      expect(all.body.meta.total).toBe(10);
    }
  });

  it('hands the projections of a SIGKILLed projector process to the other, and the read models equal a clean replay', async () => {
    const projectors = members.filter((m) => m.role === 'projectors');
    const holding = await leaseHolder(sql, COUPONS_LEASE);
    const victim = projectors.find((p) => holding?.holder === `platform projectors ${p.pid}`)!;
    const survivor = projectors.find((p) => p !== victim)!;
    expect(victim).toBeDefined();

    // commands keep coming while the holder is killed
    const commands = urls('commands');
    const created: Array<{ id: string; position: string; name: string }> = [];
    let killedAt = 0;
    const writer = async (w: number) => {
      for (let i = 0; i < 15; i++) {
        const name = `During the kill ${w}.${i}`;
        created.push({ ...(await createCoupon(commands[(w + i) % 2]!, { name })), name });
        if (w === 0 && i === 4) {
          process.kill(victim.pid, 'SIGKILL');
          killedAt = performance.now();
        }
      }
    };
    const writing = Promise.all([0, 1, 2].map(writer));
    await expect
      .poll(async () => killedAt > 0 && (await leaseHolder(sql, COUPONS_LEASE))?.holder, {
        timeout: 60_000,
        interval: 20,
      })
      .toBe(`platform projectors ${survivor.pid}`);
    const takeoverMs = Math.round(performance.now() - killedAt);
    await writing;
    // every lease is the survivor's now (the projections and the scheduled jobs alike)
    const holders = await sql<{ holder: string; leases: number }[]>`
      select a.application_name as holder, count(*)::int as leases
        from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.objid <> 0
         and l.database = (select oid from pg_database where datname = current_database())
         and l.classid::bigint = (hashtext('platform.lease')::bigint & 4294967295)
       group by 1`;
    const modules = platformModules();
    const projections = projectionsOf(modules);
    // the modules' jobs (the scheduled publications, the reminders), each under its lease
    const jobs = modules.filter((m) => m.jobs).length;
    expect(holders).toEqual([
      // every projection, every module's job and the files' housekeeping
      { holder: `platform projectors ${survivor.pid}`, leases: projections.length + jobs + 1 },
    ]);

    // what was acknowledged is read at its position, through the front (the survivor's projections)
    for (const c of created) {
      const read = await call(front, 'GET', `/api/v1/coupons/${c.id}?minPosition=${c.position}`);
      expect(read.body.data.attributes.name).toBe(c.name);
    }
    // every projection has caught up with the log, then the read models are compared with a rebuild from scratch
    const eventStore = new PostgresEventStore({
      sql,
      contracts: new EventContractRegistry(eventContractsOf(modules)),
    });
    const head = await eventStore.lastCommittedPosition();
    const caughtUp = await waitForProjections(
      { sql, eventStore },
      projections.map((p) => p.name),
      head,
      60_000,
    );
    expect(caughtUp.reached).toBe(true);
    const workDir = mkdtempSync(join(tmpdir(), 'cluster-replay-'));
    try {
      const { differing, compared } = await readModelMismatches(sql, {
        url: (name) => {
          const u = new URL(db.url);
          u.pathname = `/${name}`;
          return u.toString();
        },
        workDir,
        replayDatabase: `cluster_replay_${Math.random().toString(36).slice(2, 10)}`,
      });
      expect(differing).toEqual([]);
      expect(compared).toBeGreaterThan(50);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
    process.stdout.write(
      `cluster: the coupons' projection was taken over ${takeoverMs} ms after the SIGKILL\n`,
    );
  });
});
