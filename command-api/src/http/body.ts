import express, { type RequestHandler } from 'express';
import { DomainError } from '@platform/contracts/errors';

const JSON_TYPES = ['application/vnd.api+json', 'application/json'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * JSON request bodies (JSON:API or plain JSON, at most 1 MB). A body of any other media type is a 415
 * rather than silently ignored; parse failures reach the error middleware (400 malformed JSON, 413).
 */
export function jsonBody(options: { limit?: string } = {}): RequestHandler[] {
  const parse = express.json({ type: JSON_TYPES, limit: options.limit ?? '1mb' });
  const mediaType: RequestHandler = (req, _res, next) => {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody && !READS.has(req.method) && !req.is(JSON_TYPES)) {
      const code = 'validation.unsupported_media_type';
      throw new DomainError(code, `Send the body as ${JSON_TYPES.join(' or ')}`);
    }
    next();
  };
  return [mediaType, parse, refuseNulInBody];
}

/** The pointer of the first string (or key) in a parsed body that holds a NUL character, which PostgreSQL refuses. */
export function nulPointer(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path || '/' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPointer(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const escaped = key.replaceAll('~', '~0').replaceAll('/', '~1');
      if (key.includes('\0')) return `${path}/${escaped}`;
      const found = nulPointer(item, `${path}/${escaped}`);
      if (found !== null) return found;
    }
  }
  return null;
}

const refuseNulInBody: RequestHandler = (req, _res, next) => {
  const pointer = nulPointer(req.body);
  if (pointer === null) {
    next();
    return;
  }
  const detail = 'A NUL character (\\u0000) is not allowed in any value';
  next(new DomainError('validation.invalid', detail, [{ code: 'validation.invalid', detail, pointer }]));
};
