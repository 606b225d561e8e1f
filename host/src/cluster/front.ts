import { Agent, createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';
import { isReadRequest } from '../routing.ts';

/** The two kinds of process the front sends requests to. */
export type FrontSide = 'commands' | 'queries';

export interface FrontLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface FrontOptions {
  /** how often each process's /healthz is asked (a process that failed a request is skipped until it answers) */
  healthEveryMs?: number;
  logger?: FrontLogger;
}

export interface Front {
  /** listens; resolves to the port */
  listen(port: number, host: string): Promise<number>;
  /**
   * adds a process of a side (`url`: http://127.0.0.1:PORT). `up: false`: not sent to until its /healthz answers
   * (a process that may not listen yet); by default it is sent to at once (it said it listens).
   */
  add(side: FrontSide, url: string, options?: { up?: boolean }): void;
  /** removes a process (it stopped) */
  remove(url: string): void;
  /**
   * stops taking connections and resolves once every connection closed: at once, or (`drainMs`) after the
   * requests in flight were answered or that long passed, whichever comes first
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

interface Backend {
  side: FrontSide;
  url: string;
  up: boolean;
}

/**
 * The cluster's front (ADR 0048): one address for the browser and the API clients, passing each request to a
 * process of the side that answers it, in turn (round robin): unsafe methods to the command processes, reads to
 * the query processes (routing.ts decides, as inside a one-process platform). The forwarding itself is
 * http-proxy-3's (a kept fork of http-proxy: streaming bodies both ways, X-Forwarded-For, keep-alive). A process
 * that refused a connection, or one added before it listens (`npm run start:front`), is skipped until its /healthz
 * answers.
 */
export function createFront(options: FrontOptions = {}): Front {
  const logger = options.logger;
  const sides: Record<FrontSide, Backend[]> = { commands: [], queries: [] };
  const turn: Record<FrontSide, number> = { commands: 0, queries: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  // xfwd: the processes learn the client's address (they trust a proxy on loopback: TRUST_PROXY)
  const proxy = createProxyServer({ xfwd: true, agent });

  const next = (side: FrontSide): Backend | undefined => {
    const backends = sides[side];
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[turn[side]++ % backends.length]!;
      if (backend.up) return backend;
    }
    return undefined;
  };

  const unavailable = (res: ServerResponse, detail: string) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'application/vnd.api+json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ errors: [{ status: '502', code: 'unavailable', title: detail }] }));
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const side: FrontSide = isReadRequest(req.method ?? 'GET', req.url ?? '/') ? 'queries' : 'commands';
    const backend = next(side);
    if (!backend) return unavailable(res, `no ${side} process is up`);
    proxy.web(req, res, { target: backend.url }, (error) => {
      // the process went away (a refused or reset connection): skipped until its /healthz answers
      backend.up = false;
      logger?.warn({ err: error, backend: backend.url, side }, 'front: a process did not answer');
      if ('writeHead' in res) unavailable(res as ServerResponse, 'the process did not answer');
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const probe = (backend: Backend) => {
    const request = get(`${backend.url}/healthz`, (res) => {
      res.resume();
      // (a process removed meanwhile stays out)
      if (res.statusCode === 200 && !backend.up && sides[backend.side].includes(backend)) {
        backend.up = true;
        logger?.info({ backend: backend.url, side: backend.side }, 'front: a process answers');
      }
    });
    request.on('error', () => undefined);
    request.setTimeout(1000, () => request.destroy());
  };
  const health = setInterval(() => {
    for (const backend of [...sides.commands, ...sides.queries]) if (!backend.up) probe(backend);
  }, options.healthEveryMs ?? 1000);
  health.unref();

  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    },
    add(side, url, { up = true } = {}) {
      const backend: Backend = { side, url, up };
      sides[side].push(backend);
      if (!up) probe(backend);
    },
    remove(url) {
      for (const side of Object.keys(sides) as FrontSide[])
        sides[side] = sides[side].filter((b) => b.url !== url);
    },
    async close({ drainMs = 0 } = {}) {
      clearInterval(health);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // idle kept-alive connections go at once, a connection with a request in flight once it is answered (the
      // proxy answers keep-alive, so the server would keep it open): looked at often, not on every request's path
      server.closeIdleConnections();
      const idle = drainMs > 0 ? setInterval(() => server.closeIdleConnections(), 50) : undefined;
      const cut = () => {
        for (const socket of sockets) socket.destroy();
      };
      const deadline = drainMs > 0 ? setTimeout(cut, drainMs) : undefined;
      if (!deadline) cut();
      await closed;
      clearInterval(idle);
      clearTimeout(deadline);
      proxy.close();
      agent.destroy();
    },
  };
}
