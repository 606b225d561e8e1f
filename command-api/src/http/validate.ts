import type { Request } from 'express';
import type { z, ZodTypeAny } from 'zod/v4';
import { ValidationError } from '@platform/contracts/errors';
import { zodIssueToIssue } from '@platform/infra/http/errors';

/** The request document's schema, declared in contracts with the endpoints that read it. */
export { resourceDocument } from '@platform/contracts/resource-document';

/** Parses a request document; every zod issue becomes an error with its JSON pointer (422). */
export function parseDocument<S extends ZodTypeAny>(schema: S, body: unknown): z.infer<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ValidationError.at(
      '',
      'A JSON:API document (an object with a "data" member) is required',
      'validation.required',
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => zodIssueToIssue(i)));
  return parsed.data as z.infer<S>;
}

function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function badHeader(name: string, detail: string): ValidationError {
  return new ValidationError([{ code: 'validation.invalid', parameter: name, detail }]);
}

/** 19 digits is the widest non-negative integer a bigint stream version (int8) can hold. */
const VERSION = /^(?:"(\d{1,19})"|(\d{1,19}))$/;

/**
 * The stream version the client saw, from `If-Match` (a quoted or bare non-negative integer, as our
 * command answers give it). Absent: undefined (the handler then retries conflicts itself).
 */
export function parseIfMatch(req: Request): bigint | undefined {
  const raw = headerValue(req, 'If-Match');
  if (raw === undefined) return undefined;
  const match = VERSION.exec(raw.trim());
  const digits = match?.[1] ?? match?.[2];
  if (digits === undefined || BigInt(digits) > 9_223_372_036_854_775_807n) {
    throw badHeader('If-Match', 'If-Match must be the stream version, a non-negative integer such as "3"');
  }
  return BigInt(digits);
}

const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

/** `Idempotency-Key`: 1 to 200 printable ASCII characters; it derives the event ids of the command. */
export function parseIdempotencyKey(req: Request): string | undefined {
  const raw = headerValue(req, 'Idempotency-Key');
  if (raw === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(raw) || raw.trim().length === 0) {
    throw badHeader('Idempotency-Key', 'Idempotency-Key must be 1 to 200 printable ASCII characters');
  }
  return raw;
}
