import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ZodError, type z } from 'zod/v4';
import { DomainError, ERROR_STATUS, type ErrorCode, type ErrorIssue } from '@platform/contracts/errors';
import { isMissingIssue, useZod3Messages } from '@platform/contracts/zod-messages';
import { WrongExpectedVersionError } from '@platform/infra/event-store';
import { requestLog } from './logging.ts';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** One JSON:API error object (https://jsonapi.org/format/#error-objects). */
export interface JsonApiError {
  status: string;
  code: ErrorCode;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

// the details of 422s keep the texts members have always read (contracts/src/zod-messages.ts); every process
// that answers HTTP loads this module before it parses a request
useZod3Messages();

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  419: 'Session expired',
  422: 'Invalid input',
  429: 'Too many requests',
  500: 'Unexpected error',
};

/** Escapes one reference token of a JSON pointer (RFC 6901). */
function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(path: ReadonlyArray<PropertyKey>, prefix = ''): string {
  return prefix + path.map((p) => `/${escapeToken(String(p))}`).join('');
}

/** A zod issue as one of our issues: a missing member is "required", anything else "invalid". */
export function zodIssueToIssue(issue: z.core.$ZodIssue, pointerPrefix = ''): ErrorIssue {
  return {
    code: isMissingIssue(issue) ? 'validation.required' : 'validation.invalid',
    detail: issue.message,
    pointer: pointerOf(issue.path, pointerPrefix),
  };
}

function issueToError(status: number, issue: ErrorIssue): JsonApiError {
  const source =
    issue.pointer !== undefined || issue.parameter !== undefined
      ? {
          ...(issue.pointer !== undefined ? { pointer: issue.pointer } : {}),
          ...(issue.parameter !== undefined ? { parameter: issue.parameter } : {}),
        }
      : undefined;
  return {
    status: String(status),
    code: issue.code,
    title: TITLES[status] ?? 'Error',
    detail: issue.detail,
    ...(source ? { source } : {}),
    ...(issue.meta ? { meta: issue.meta } : {}),
  };
}

interface BodyParserError {
  type: string;
  status: number;
}

/** express.json (body-parser) errors carry a `type` and a 4xx `status`; they are the client's fault. */
function isBodyParserError(error: unknown): error is BodyParserError {
  const e = error as Partial<BodyParserError> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.type === 'string' &&
    typeof e.status === 'number' &&
    e.status >= 400 &&
    e.status < 500
  );
}

function bodyParserIssue(error: BodyParserError): { status: number; issue: ErrorIssue } {
  if (error.type === 'entity.too.large') {
    const code = 'validation.payload_too_large';
    return { status: ERROR_STATUS[code], issue: { code, detail: 'The request body exceeds the size limit' } };
  }
  if (error.status === 415) {
    const code = 'validation.unsupported_media_type';
    return {
      status: ERROR_STATUS[code],
      issue: { code, detail: 'The request body encoding is not supported' },
    };
  }
  const code = 'validation.malformed_json';
  return { status: ERROR_STATUS[code], issue: { code, detail: 'The request body is not valid JSON' } };
}

/**
 * Express decodes a route's path parameters before the route runs; a malformed escape ('/users/%', '%E0%A4%A')
 * throws a URIError that the router marks 400: the client's typing, not the server's fault.
 */
function isUndecodablePathParameter(error: unknown): boolean {
  return error instanceof URIError && (error as URIError & { status?: number }).status === 400;
}

export interface ErrorDocument {
  status: number;
  body: { errors: JsonApiError[] };
}

/** Maps anything thrown to a status and a JSON:API error document; unknown errors are a 500. */
export function toErrorDocument(error: unknown, correlationId: string | undefined): ErrorDocument {
  if (error instanceof DomainError) {
    const status = error.status;
    return { status, body: { errors: error.issues.map((i) => issueToError(status, i)) } };
  }
  if (error instanceof ZodError) {
    const status = 422;
    const issues = error.issues.map((i) => zodIssueToIssue(i, '/data/attributes'));
    return { status, body: { errors: issues.map((i) => issueToError(status, i)) } };
  }
  if (error instanceof WrongExpectedVersionError) {
    const code = 'conflict.wrong_expected_version';
    const detail = `The stream is at version ${String(error.actualVersion)}, not ${String(error.expectedVersion)}`;
    return { status: 409, body: { errors: [issueToError(409, { code, detail })] } };
  }
  if (isUndecodablePathParameter(error)) {
    const code = 'validation.invalid_parameter';
    const detail = 'A part of the path is not valid percent-encoded UTF-8 (such as a lone "%")';
    return { status: 400, body: { errors: [issueToError(400, { code, detail, parameter: 'path' })] } };
  }
  if (isBodyParserError(error)) {
    const { status, issue } = bodyParserIssue(error);
    return { status, body: { errors: [issueToError(status, issue)] } };
  }
  const internal = issueToError(500, {
    code: 'internal',
    detail: 'An unexpected error occurred. Quote the correlation id when reporting it.',
  });
  return { status: 500, body: { errors: [{ ...internal, meta: { correlationId: correlationId ?? null } }] } };
}

export function sendErrorDocument(res: Response, document: ErrorDocument): void {
  res.status(document.status).type(JSON_API_MEDIA_TYPE).send(JSON.stringify(document.body));
}

/**
 * The one error middleware of both APIs (ARCHITECTURE.md §7). Client errors become their 4xx document;
 * anything else is logged with its stack and answered with a 500 that carries only the correlation id.
 */
export function errorHandler(options: { logger: Logger }): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const correlationId = res.locals.correlationId as string | undefined;
    const document = toErrorDocument(error, correlationId);
    if (document.status >= 500) {
      (requestLog(res) ?? options.logger).error({ err: error, correlationId }, 'unhandled error');
    }
    sendErrorDocument(res, document);
  };
}

/** Mounted after every router of /api/v1: a route nobody answered is a JSON:API 404. */
export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    const code = 'not_found';
    const detail = `No route for ${req.method} ${req.baseUrl}${req.path}`;
    sendErrorDocument(res, { status: 404, body: { errors: [issueToError(404, { code, detail })] } });
  };
}
