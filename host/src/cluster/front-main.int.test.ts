import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { callApi } from '@platform/tests/support/http';
import { spawnEntry, type Spawned } from '@platform/tests/support/processes';

/**
 * `npm run start:front` (front-main.ts, ADR 0048) as docker-compose.yml runs it: its own process, in front of a
 * command process and a query process it is told about in FRONT_COMMANDS and FRONT_QUERIES, all really spawned on a
 * database of the test's own. Which process answered a request is read in the processes' request logs (the
 * correlation id the request carried), and in their answers: each answers only its own side (404 for the other).
 */
const ADMIN_TOKEN = 'front-test-admin-token-0123456789abcdef';

let db: TestDatabase;
const processes: Spawned[] = [];
let commands: { process: Spawned; url: string };
let queries: { process: Spawned; url: string };
let front: { process: Spawned; url: string };

/** one side of the platform (`npm run start:commands`, ...), resolved once it listens */
async function platformProcess(role: 'commands' | 'queries') {
  const child = spawnEntry('host/src/main.ts', {
    ROLE: role,
    DATABASE_URL: db.url,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_API_TOKEN: ADMIN_TOKEN,
    APP_KEY: 'front-test-app-key-0123456789abcdef0123456789',
    // the request log names each request's correlation id
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    NODE_ENV: 'production',
  });
  processes.push(child);
  const listening = await child.waitFor(
    new RegExp(`^Platform ${role} listening on http://localhost:(\\d+)$`, 'm'),
  );
  return { process: child, url: `http://127.0.0.1:${listening[1]}` };
}

beforeAll(async () => {
  // the read models as a platform's first start sets them up: a query process then opens without a projector's
  db = await createTestDatabase({ from: 'platform' });
  [commands, queries] = await Promise.all([platformProcess('commands'), platformProcess('queries')]);
  const child = spawnEntry('host/src/cluster/front-main.ts', {
    FRONT_COMMANDS: commands.url,
    FRONT_QUERIES: queries.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    NODE_ENV: 'production',
  });
  processes.push(child);
  const listening = await child.waitFor(
    /^Front listening on http:\/\/localhost:(\d+): 1 command and 1 query/m,
  );
  front = { process: child, url: `http://127.0.0.1:${listening[1]}` };
  // each process is sent to once the front saw its /healthz answer
  for (const url of [commands.url, queries.url])
    await child.waitFor(
      new RegExp(`"backend":"${url.replaceAll('.', '\\.')}".*"msg":"front: a process answers"`),
    );
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await db?.drop();
});

const call = (
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; correlationId?: string } = {},
) =>
  callApi(base, method, path, {
    token: ADMIN_TOKEN,
    body: options.body,
    headers: options.correlationId ? { 'X-Correlation-Id': options.correlationId } : {},
  });

const coupon = (name: string) => ({ data: { type: 'coupons', attributes: { name, amount: 1500 } } });

describe('npm run start:front', () => {
  it('sends a read to the query process and a write to the command process', async () => {
    // each process answers its own side only: the answers through the front say which side took them
    expect((await call(commands.url, 'GET', '/api/v1/coupons')).status).toBe(404);
    expect((await call(queries.url, 'POST', '/api/v1/coupons', { body: coupon('Direct') })).status).toBe(404);

    const read = `front-read-${randomUUID()}`;
    const write = `front-write-${randomUUID()}`;
    const listed = await call(front.url, 'GET', '/api/v1/coupons', { correlationId: read });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toEqual(expect.any(Array));
    expect(listed.headers.get('x-correlation-id')).toBe(read);
    const created = await call(front.url, 'POST', '/api/v1/coupons', {
      body: coupon('Through the front'),
      correlationId: write,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.meta.position).toEqual(expect.any(String));

    // and the request logs name the process that answered each (written once the answer is sent)
    await queries.process.waitFor(new RegExp(`"correlationId":"${read}".*"msg":"GET /api/v1/coupons 200`));
    await commands.process.waitFor(new RegExp(`"correlationId":"${write}".*"msg":"POST /api/v1/coupons 201`));
    expect(commands.process.output()).not.toContain(read);
    expect(queries.process.output()).not.toContain(write);
  });

  it('refuses to start on a bad FRONT_COMMANDS, naming it', async () => {
    const bad = spawnEntry('host/src/cluster/front-main.ts', {
      FRONT_COMMANDS: `${commands.url},commands-2:3000`,
      FRONT_QUERIES: queries.url,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    processes.push(bad);
    expect(await bad.exited()).toEqual({ code: 78, signal: null });
    expect(bad.output()).toContain(
      'Invalid configuration:\n  FRONT_COMMANDS: "commands-2:3000" is not an http:// address; expected the ' +
        "command processes' addresses, comma-separated (e.g. http://commands-1:3000,http://commands-2:3000)",
    );
    expect(bad.output()).not.toContain('FRONT_QUERIES');
    expect(bad.output()).not.toMatch(/^Front listening/m);
  });

  it('stops on SIGTERM: exits 0 and listens no more', async () => {
    expect((await call(front.url, 'GET', '/healthz')).status).toBe(200);
    expect(await front.process.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    await expect(fetch(`${front.url}/healthz`)).rejects.toThrow();
    // the processes behind it are not its to stop
    expect((await call(queries.url, 'GET', '/healthz')).status).toBe(200);
  });
});
