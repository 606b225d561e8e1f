import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';

/** A caller-supplied correlation id is kept only when it is short and plain (it ends up in logs and events). */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id (the causation id of its commands) and a correlation id (`X-Correlation-Id`
 * when valid, else the request id), echoed in the response header. Idempotent, so both APIs can mount it.
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    if (res.locals.requestId === undefined) {
      const requestId = randomUUID();
      const given = req.headers['x-correlation-id'];
      const correlationId = typeof given === 'string' && CORRELATION_ID.test(given) ? given : requestId;
      res.locals.requestId = requestId;
      res.locals.correlationId = correlationId;
      res.setHeader('X-Correlation-Id', correlationId);
    }
    next();
  };
}

/** `GET /api/v1/services/app-menu 200 3 ms`: the path without its query string, which may carry tokens. */
function requestLine(
  req: { method?: string; url?: string; originalUrl?: string },
  status: number,
  ms?: number,
) {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return `${req.method ?? '?'} ${path} ${status}${ms === undefined ? '' : ` ${Math.round(ms)} ms`}`;
}

/** What a request's log entries say of it: its id, method and URL (no headers: they hold cookies and tokens). */
function requestFields(req: IncomingMessage & { originalUrl?: string }, requestId: unknown) {
  return { id: requestId, method: req.method, url: req.originalUrl ?? req.url };
}

const LOG_LOCAL = 'requestLog';

interface RequestLogState {
  logger: Logger;
  /** the request's own logger, made when a line of the request is first logged */
  child?: Logger;
}

/**
 * The logger of this request's own lines (a stale read, an unhandled error): each carries the request and its
 * correlation id. Made on first use, as most requests log nothing but their request line. Undefined where no
 * request log is mounted.
 */
export function requestLog(res: Response): Logger | undefined {
  const state = res.locals[LOG_LOCAL] as RequestLogState | undefined;
  if (!state) return undefined;
  state.child ??= state.logger.child({
    req: requestFields(res.req, res.locals.requestId),
    correlationId: res.locals.correlationId as unknown,
  });
  return state.child;
}

/**
 * The request log: one entry per request, written when its answer is done (or its connection closed), whose
 * message is the short request line; the entry's fields (request, correlation id, response, time) are there for
 * JSON logs and left out of the readable ones (logger.ts), which format and write off the request path. Mounted
 * after requestContext. It makes no logger per request (pino-http made two, about 5% of a cached read's CPU) and
 * builds nothing when its level is off.
 */
export function requestLogger(logger: Logger): RequestHandler {
  const line = (req: Request, res: Response, started: number) => {
    const status = res.statusCode;
    const level: Level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const fields = {
      req: requestFields(req, res.locals.requestId),
      correlationId: res.locals.correlationId as unknown,
      res: { statusCode: status },
      responseTime: Date.now() - started,
    };
    if (status >= 500) {
      const failure = `failed with status code ${status}`;
      logger.error({ ...fields, err: new Error(failure) }, `${requestLine(req, status)}: ${failure}`);
    } else {
      logger[level](fields, requestLine(req, status, fields.responseTime));
    }
  };
  return (req, res, next) => {
    // a second mount (the other API's router) must not log the request twice
    if (res.locals[LOG_LOCAL] !== undefined) {
      next();
      return;
    }
    const started = Date.now();
    res.locals[LOG_LOCAL] = { logger } satisfies RequestLogState;
    // 'close' follows 'finish' once the answer is sent, and also comes when the client went away before
    res.on('close', () => line(req, res, started));
    next();
  };
}
