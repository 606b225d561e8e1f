import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '@platform/contracts/errors';
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
  return [
    requestContext(),
    requestLogger(options.logger),
    jsonApiAnswers,
    refuseNulInUrl,
    authenticate(options),
  ];
}

/**
 * No id, slug, filter or value holds a NUL character, and PostgreSQL refuses to store or compare one: a URL that
 * carries it (`%00`, in the path or the query) is the client's error, answered 400 before any route reads it.
 */
export const refuseNulInUrl: RequestHandler = (req, _res, next) => {
  const at = req.originalUrl.search(/%00/i);
  if (at < 0) {
    next();
    return;
  }
  const query = req.originalUrl.indexOf('?');
  const inQuery = query >= 0 && at > query;
  const parameter = inQuery
    ? (req.originalUrl
        .slice(query + 1)
        .split('&')
        .find((pair) => /%00/i.test(pair))
        ?.split('=')[0] ?? 'query')
    : 'path';
  let name = parameter;
  try {
    name = decodeURIComponent(parameter).replaceAll('\0', '');
  } catch {
    // a malformed name is reported as written
  }
  const detail = 'The request holds a NUL character (%00), which no id, filter or value may contain';
  next(
    new DomainError('validation.invalid_parameter', detail, [
      { code: 'validation.invalid_parameter', detail, parameter: name || 'query' },
    ]),
  );
};
