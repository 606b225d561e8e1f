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
  return [mediaType, parse];
}
