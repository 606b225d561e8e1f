import type { ZodError } from 'zod/v4';
import { ValidationError, type ErrorCode, type ErrorIssue } from '../errors.ts';
import { isMissingIssue } from '../zod-messages.ts';

/** RFC 6901: '~' and '/' inside a reference token are escaped. */
export function pointerTo(base: string, path: readonly PropertyKey[]): string {
  return [base, ...path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');
}

/** One JSON:API error issue per zod issue, each pointing into the request document under `base`. */
export function issuesFromZod(
  error: ZodError,
  base: string,
  code: ErrorCode = 'validation.invalid',
): ErrorIssue[] {
  return error.issues.map((issue) => ({
    pointer: pointerTo(base, issue.path),
    code: isMissingIssue(issue) ? 'validation.required' : code,
    detail: issue.message,
  }));
}

export function validationErrorFromZod(error: ZodError, base: string): ValidationError {
  return new ValidationError(issuesFromZod(error, base));
}
