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
  return [mediaType, parse, refuseUnfitBody];
}

/** How deep a body may nest: far past any document of the platform, short of any recursion's limit downstream. */
export const MAX_BODY_DEPTH = 64;

export type BodyProblem = { kind: 'nul' | 'surrogate' | 'depth'; pointer: string };

/**
 * A lone UTF-16 surrogate: valid JSON text (`"\ud800"`) that parses to a string no UTF-8 can carry, which
 * PostgreSQL refuses in text and in jsonb.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What makes a string or key unstorable, if anything. */
function textProblem(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\0')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

const escapeToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The first place in a parsed body that no route may be given, in document order: a string (or key) holding a NUL
 * character or a lone surrogate, which PostgreSQL refuses, or a value nested deeper than MAX_BODY_DEPTH. Walked with a stack of its
 * own, so that a body of 100,000 nested arrays cannot overflow the call stack here.
 */
export function bodyProblem(body: unknown): BodyProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const kind = textProblem(value);
      if (kind) return { kind, pointer: path || '/' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { kind: 'depth', pointer: path || '/' };
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(value)) {
      value.forEach((item, i) => children.push({ value: item, path: `${path}/${i}`, depth: depth + 1 }));
    } else {
      for (const [key, item] of Object.entries(value)) {
        const pointer = `${path}/${escapeToken(key)}`;
        const kind = textProblem(key);
        if (kind) return { kind, pointer };
        children.push({ value: item, path: pointer, depth: depth + 1 });
      }
    }
    // reversed, so the first child is looked at first
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** The pointer of the first string (or key) in a parsed body that holds a NUL character, which PostgreSQL refuses. */
export function nulPointer(value: unknown): string | null {
  const problem = bodyProblem(value);
  return problem?.kind === 'nul' ? problem.pointer : null;
}

const refuseUnfitBody: RequestHandler = (req, _res, next) => {
  const problem = bodyProblem(req.body);
  if (problem === null) {
    next();
    return;
  }
  const detail = {
    nul: 'A NUL character (\\u0000) is not allowed in any value',
    surrogate: 'A lone surrogate (\\ud800 to \\udfff without its pair) is not text: not allowed in any value',
    depth: `The body nests deeper than ${MAX_BODY_DEPTH} levels here`,
  }[problem.kind];
  const { pointer } = problem;
  next(new DomainError('validation.invalid', detail, [{ code: 'validation.invalid', detail, pointer }]));
};
