import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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

/**
 * pino-http request logs, one entry per request whose message is the short request line; the entry's fields
 * (request, response, correlation id) are there for JSON logs and left out of the readable ones (logger.ts).
 * Every line of a request (req.log) carries its correlation id.
 */
export function requestLogger(logger: Logger): RequestHandler {
  const http = pinoHttp({
    logger,
    genReqId: (_req, res) =>
      (res as unknown as { locals: Record<string, unknown> }).locals.requestId as string,
    customProps: (_req, res) => ({
      correlationId: (res as unknown as { locals: Record<string, unknown> }).locals.correlationId,
    }),
    customSuccessMessage: (req, res, responseTime) => requestLine(req, res.statusCode, responseTime),
    customErrorMessage: (req, res, error) => `${requestLine(req, res.statusCode)}: ${error.message}`,
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // what a request entry says of the exchange: no headers (they held cookies and tokens, and serialising
    // them was a tenth of a read's CPU), no bodies
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req, res, next) => {
    // a second mount (the other API's router) must not log the request twice
    if ((res.locals as { logged?: boolean }).logged) {
      next();
      return;
    }
    res.locals.logged = true;
    http(req, res, next);
  };
}
