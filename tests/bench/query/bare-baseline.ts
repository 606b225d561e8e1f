import { fork, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';

const JSON_API = 'application/vnd.api+json';

/**
 * The bare baseline the write benches measure beside the platform: GET /bytes/:n answers a JSON:API-typed document
 * of exactly n bytes, POST /answer/:n parses the JSON body as Express does and answers n bytes with 201; nothing
 * else (no logging, no database).
 */
function bareApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ type: ['application/json', JSON_API] }));
  const bodies = new Map<number, string>();
  const bodyOf = (bytes: number) => {
    let body = bodies.get(bytes);
    if (body === undefined) {
      const skeleton = JSON.stringify({ data: { type: 'baseline', id: '1' }, meta: { text: '' } });
      body = skeleton.replace('"text":""', `"text":"${'x'.repeat(Math.max(0, bytes - skeleton.length))}"`);
      bodies.set(bytes, body);
    }
    return body;
  };
  const bytesOf = (n: string | undefined) => {
    const bytes = Number(n);
    return Number.isInteger(bytes) && bytes >= 0 && bytes <= 1_000_000 ? bytes : null;
  };
  app.get('/bytes/:n', (req, res) => {
    const bytes = bytesOf(req.params.n);
    if (bytes === null) res.status(400).end();
    else res.type(JSON_API).send(bodyOf(bytes));
  });
  app.post('/answer/:n', (req, res) => {
    const bytes = bytesOf(req.params.n);
    if (bytes === null || typeof req.body !== 'object') res.status(400).end();
    else res.status(201).type(JSON_API).send(bodyOf(bytes));
  });
  return app;
}

async function serveBare() {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = bareApp().listen(0, '127.0.0.1');
    s.once('listening', () => resolve(s));
    s.once('error', reject);
  });
  const stop = () => {
    server.closeAllConnections();
    server.close();
    process.exit(0);
  };
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
  process.send?.({ bareUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

/** Starts the bare baseline in a child process of its own (this file, with tsx), as the platform's is. */
export async function hostBare(): Promise<{ bareUrl: string; stop(): Promise<void> }> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_BARE_BASELINE: '1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { bareUrl } = await new Promise<{ bareUrl: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { bareUrl: string }));
    child.once('exit', (code) => reject(new Error(`the bare baseline exited with code ${code}`)));
  });
  return {
    bareUrl,
    async stop() {
      if (child.exitCode === null) child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// the child process hostBare starts: this file run on its own
if (process.env.BENCH_BARE_BASELINE === '1' && process.argv[1] === fileURLToPath(import.meta.url))
  void serveBare();
