import express from 'express';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { capturedLogger, listen } from '@platform/tests/support/http';
import { requestContext, requestLog, requestLogger } from './logging.ts';

/** An app with the request log as the APIs mount it (twice, as both routers do), and a few routes. */
function appLogging(logger: ReturnType<typeof capturedLogger>['logger']) {
  const app = express();
  app.use(requestContext(), requestLogger(logger), requestContext(), requestLogger(logger));
  app.get('/read', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/missing', (_req, res) => {
    res.status(404).json({});
  });
  app.get('/stale', (_req, res) => {
    requestLog(res)?.warn({ projections: ['pages'] }, 'stale read');
    requestLog(res)?.warn('twice, from the same logger');
    res.json({});
  });
  app.get('/boom', (_req, res) => {
    res.status(500).json({});
  });
  return app;
}

describe('the request log', () => {
  it('writes one line per request: method, path, status and time, with the request id and correlation id', async () => {
    const log = capturedLogger();
    const server = await listen(appLogging(log.logger));
    try {
      const read = await fetch(server.url('/read?token=secret'), {
        headers: { 'x-correlation-id': 'flow-7' },
      });
      expect(read.status).toBe(200);
      await fetch(server.url('/missing'));
      await fetch(server.url('/boom'));
      await vi.waitFor(() => expect(log.lines()).toHaveLength(3));
      const [ok, missing, boom] = log.lines();
      expect(ok).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/read?token=secret' },
        correlationId: 'flow-7',
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
      expect((ok!.req as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
      // the message leaves the query string out (it may carry tokens)
      expect(ok!.msg).toMatch(/^GET \/read 200 \d+ ms$/);
      expect(missing).toMatchObject({ level: 40, res: { statusCode: 404 } });
      expect(missing!.msg).toMatch(/^GET \/missing 404 \d+ ms$/);
      expect(boom).toMatchObject({
        level: 50,
        msg: 'GET /boom 500: failed with status code 500',
        err: { message: 'failed with status code 500' },
      });
    } finally {
      await server.close();
    }
  });

  it("gives a request's own lines the request and its correlation id", async () => {
    const log = capturedLogger();
    const server = await listen(appLogging(log.logger));
    try {
      await fetch(server.url('/stale'), { headers: { 'x-correlation-id': 'flow-8' } });
      await vi.waitFor(() => expect(log.lines()).toHaveLength(3));
      const [stale, again, line] = log.lines();
      expect(stale).toMatchObject({
        level: 40,
        msg: 'stale read',
        projections: ['pages'],
        correlationId: 'flow-8',
        req: { method: 'GET', url: '/stale' },
      });
      expect(again).toMatchObject({ correlationId: 'flow-8', req: stale!.req });
      expect(line).toMatchObject({ correlationId: 'flow-8', req: stale!.req, res: { statusCode: 200 } });
    } finally {
      await server.close();
    }
  });

  it('writes nothing at a level that leaves the request lines out', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const server = await listen(appLogging(logger));
    try {
      await fetch(server.url('/read'));
      await fetch(server.url('/missing'));
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, res: { statusCode: 404 } });
    } finally {
      await server.close();
    }
  });

  it('has no request logger where none is mounted', async () => {
    const app = express();
    let found: unknown = 'not asked';
    app.get('/x', (_req, res) => {
      found = requestLog(res);
      res.end();
    });
    const server = await listen(app);
    try {
      await fetch(server.url('/x'));
      expect(found).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
