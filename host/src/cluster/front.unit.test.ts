import {
  Agent,
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TUS_PATH } from '@platform/contracts/files/paths';
import { freePort } from '@platform/tests/support/free-port';
import { createFront } from './front.ts';

/**
 * The front (ADR 0048) between real sockets on the loopback: backends that say who they are, the round robin of
 * each side, a process added before it listens, and the drain of a stop.
 */

interface Backend {
  url: string;
  server: Server;
  /** requests received, as `METHOD path` */
  seen: string[];
}

const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

/** A process that answers `NAME METHOD path`, or holds the request to `hold(req, res)` when one is given. */
async function backend(
  name: string,
  options: { port?: number; hold?: (req: IncomingMessage, res: ServerResponse) => void } = {},
): Promise<Backend> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/healthz') return res.end('ok');
    seen.push(`${req.method} ${req.url}`);
    if (options.hold) return options.hold(req, res);
    res.end(`${name} ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  started.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

async function frontOn(options: Parameters<typeof createFront>[0] = {}) {
  const front = createFront(options);
  const port = await front.listen(0, '127.0.0.1');
  let closed = false;
  started.push({ close: () => (closed ? Promise.resolve() : front.close()) });
  return {
    front,
    url: `http://127.0.0.1:${port}`,
    close: (drainMs?: number) => {
      closed = true;
      return front.close({ drainMs });
    },
  };
}

function send(url: string, method = 'GET', agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the front', () => {
  it('sends reads to the query processes and every other method to the command processes, in turn', async () => {
    const [q1, q2, c1, c2] = await Promise.all(['q1', 'q2', 'c1', 'c2'].map((n) => backend(n)));
    const { front, url } = await frontOn();
    front.add('queries', q1!.url);
    front.add('queries', q2!.url);
    front.add('commands', c1!.url);
    front.add('commands', c2!.url);

    const reads = [];
    for (let i = 0; i < 4; i++) reads.push((await send(`${url}/api/v1/coupons`)).body);
    expect(reads).toEqual([
      'q1 GET /api/v1/coupons',
      'q2 GET /api/v1/coupons',
      'q1 GET /api/v1/coupons',
      'q2 GET /api/v1/coupons',
    ]);
    const writes = [];
    for (const method of ['POST', 'PATCH', 'DELETE'])
      writes.push((await send(`${url}/api/v1/coupons/x`, method)).body);
    expect(writes).toEqual([
      'c1 POST /api/v1/coupons/x',
      'c2 PATCH /api/v1/coupons/x',
      'c1 DELETE /api/v1/coupons/x',
    ]);
    // a resumable upload's HEAD is the command side's (routing.ts)
    expect((await send(`${url}/api/v1${TUS_PATH}/abc`, 'HEAD')).status).toBe(200);
    expect([...c1!.seen, ...c2!.seen]).toContain(`HEAD /api/v1${TUS_PATH}/abc`);
  });

  it('sends to a process added before it listens only once its /healthz answers', async () => {
    const port = await freePort();
    const { front, url } = await frontOn({ healthEveryMs: 20 });
    front.add('queries', `http://127.0.0.1:${port}`, { up: false });
    const before = await send(`${url}/api/v1/coupons`);
    expect(before.status).toBe(502);
    expect(before.body).toContain('no queries process is up');

    await backend('late', { port });
    await expect
      .poll(async () => (await send(`${url}/api/v1/coupons`)).body, { timeout: 10_000, interval: 20 })
      .toBe('late GET /api/v1/coupons');
  });

  it('on a stop, takes no new connection and answers the request in flight before it closes', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = await backend('slow', {
      hold: (_req, res) => void held.then(() => res.end('answered after the stop')),
    });
    const { front, url, close } = await frontOn();
    front.add('queries', slow.url);
    // a kept-alive connection, as a browser's
    const agent = new Agent({ keepAlive: true });
    const inFlight = send(`${url}/api/v1/slow`, 'GET', agent);
    await expect.poll(() => slow.seen, { timeout: 10_000, interval: 10 }).toEqual(['GET /api/v1/slow']);

    const drainMs = 60_000;
    const stopStarted = performance.now();
    const stopped = close(drainMs);
    await expect(send(`${url}/api/v1/coupons`)).rejects.toThrow(/ECONNREFUSED/);
    release();
    expect(await inFlight).toEqual({ status: 200, body: 'answered after the stop' });
    // the kept-alive connection is closed once answered: the stop does not wait for the drain's bound
    await stopped;
    expect(performance.now() - stopStarted).toBeLessThan(drainMs / 2);
    agent.destroy();
  });

  it('cuts a request still in flight when the drain time is over', async () => {
    const silent = await backend('silent', { hold: () => undefined });
    const { front, url, close } = await frontOn();
    front.add('commands', silent.url);
    const inFlight = send(`${url}/api/v1/never`, 'POST');
    await expect.poll(() => silent.seen, { timeout: 10_000, interval: 10 }).toEqual(['POST /api/v1/never']);
    await close(50);
    await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
