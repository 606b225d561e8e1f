import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { authenticate } from './auth.ts';
import { JSON_API_MEDIA_TYPE } from './errors.ts';
import { requestContext, requestLogger } from './logging.ts';

/**
 * What every /api/v1 request goes through first, on both sides: ids, request log, JSON:API answers,
 * the viewer. Each step is idempotent, so the command and query routers can both mount it and also
 * run alone (in tests, or as separate processes in the distributed mode).
 */
export function apiEdge(options: { logger: Logger; adminToken: string }): RequestHandler[] {
  const jsonApiAnswers: RequestHandler = (_req, res, next) => {
    res.type(JSON_API_MEDIA_TYPE);
    next();
  };
  return [requestContext(), requestLogger(options.logger), jsonApiAnswers, authenticate(options)];
}
