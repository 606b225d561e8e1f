import { ERROR_STATUS, type ErrorCode } from '@platform/contracts/errors';
import { shape as s, type Infer } from './shape.ts';

/** One JSON:API error object as the APIs render it (command-api/src/http/errors.ts); a shape: any page reads one. */
export const JsonApiErrorSchema = s.object({
  status: s.optional(s.string()),
  code: s.optional(s.string()),
  title: s.optional(s.string()),
  detail: s.optional(s.string()),
  source: s.optional(s.object({ pointer: s.optional(s.string()), parameter: s.optional(s.string()) })),
  meta: s.optional(s.record(s.unknown())),
});
export type JsonApiErrorObject = Infer<typeof JsonApiErrorSchema>;
export const ErrorDocumentSchema = s.object({ errors: s.array(JsonApiErrorSchema) });

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}

/**
 * What an answer means to the web (ARCHITECTURE.md §7, seed 000 §8). Each kind has one behaviour: a dialog
 * (network, session-expired, unexpected), a screen (forbidden, not-found) or a message on a field
 * (validation, conflict).
 */
export type ApiErrorKind =
  | 'network'
  | 'aborted'
  | 'timeout'
  | 'session-expired'
  | 'validation'
  | 'conflict'
  | 'forbidden'
  | 'not-found'
  | 'bad-request'
  | 'rate-limited'
  | 'unexpected';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly errors: JsonApiErrorObject[];
  readonly correlationId: string | null;
  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { status?: number | null; errors?: JsonApiErrorObject[]; correlationId?: string | null } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.errors = options.errors ?? [];
    this.correlationId = options.correlationId ?? null;
  }
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401 || status === 419) return 'session-expired';
  if (status === 422) return 'validation';
  if (status === 409) return 'conflict';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 400 || status === 413 || status === 415) return 'bad-request';
  if (status === 429) return 'rate-limited';
  return 'unexpected';
}

/** Builds the error for a non-2xx answer; a body that is not a JSON:API error document still yields its kind. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const parsed = ErrorDocumentSchema.safeParse(body);
  const errors = parsed.success ? parsed.data.errors : [];
  const first = errors[0];
  const correlation = first?.meta?.correlationId;
  return new ApiError(kindOfStatus(status), first?.detail ?? `Request failed with status code ${status}`, {
    status,
    errors,
    correlationId: typeof correlation === 'string' ? correlation : null,
  });
}

/**
 * Seconds to wait after a 429, as the answer states them (`meta.retryAfter` of the rate-limited error, the same
 * number as its Retry-After header); null when the answer does not say.
 */
export function retryAfterSeconds(error: ApiError): number | null {
  for (const e of error.errors) {
    const value = Number(e.meta?.retryAfter);
    if (Number.isFinite(value) && value > 0) return Math.ceil(value);
  }
  return null;
}

/** Transport failures keep the wording the seed lists (§8), so logs read the same everywhere. */
export const transportError = {
  network: () => new ApiError('network', 'Network Error'),
  aborted: () => new ApiError('aborted', 'Request aborted'),
  timeout: (ms: number) => new ApiError('timeout', `timeout of ${ms}ms exceeded`),
  unsupportedProtocol: () => new ApiError('unexpected', 'Unsupported protocol'),
};

/** The kinds the shell handles globally; the others belong to the caller (a form, a route). */
export function isGlobalKind(kind: ApiErrorKind): boolean {
  return kind === 'network' || kind === 'session-expired' || kind === 'unexpected' || kind === 'timeout';
}
