import { emailToAscii } from '@platform/contracts/accounts/emails';
import { PASSWORD_MIN_LENGTH } from '@platform/contracts/auth/requests';
import type { ZodTypeAny } from 'zod/v4';
import type { Translate } from './auth-errors.ts';

/**
 * Checks a form before it is sent, with the same zod schema the server parses the body with
 * (contracts/src/auth/requests.ts), and words each problem for the field it is on. Only the first problem of
 * a field is kept: it is the one to fix first.
 */
export function checkWithSchema<F extends string>(
  schema: ZodTypeAny,
  body: Record<string, unknown>,
  fieldNames: readonly F[],
  t: Translate,
): Partial<Record<F, string>> {
  // with its input, an issue tells a choice not made (zod 4 reports an enum's undefined as invalid_value)
  const parsed = schema.safeParse(body, { reportInput: true });
  const errors: Partial<Record<F, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!fieldNames.includes(field) || errors[field]) continue;
    errors[field] = issueMessage(field, issue, t);
  }
  return errors;
}

type Issue = { code: string; minimum?: unknown; maximum?: unknown; input?: unknown };

function issueMessage(field: string, issue: Issue, t: Translate): string {
  if (issue.code === 'too_small') {
    return Number(issue.minimum) <= 1
      ? t('auth.validation.required')
      : t('auth.validation.passwordTooShort', { min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big') return t('auth.validation.tooLong', { max: Number(issue.maximum) });
  if (issue.code === 'custom') {
    if (field === 'passwordConfirmation') return t('auth.validation.passwordMismatch');
    if (field === 'email') return t('auth.validation.email');
    return t('auth.validation.required');
  }
  if (issue.code === 'invalid_type') return t('auth.validation.required');
  if (issue.code === 'invalid_value' && typeof issue.input !== 'string') return t('auth.validation.required');
  return t('auth.validation.invalid');
}

/** Fields that must not be blank, whatever the schema lets through (the login schema takes any string). */
export function checkRequired<F extends string>(
  values: Record<F, string>,
  required: readonly F[],
  t: Translate,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of required) {
    if (values[field].trim() === '') errors[field] = t('auth.validation.required');
  }
  return errors;
}

/** An address the server can read (the same check as its EmailSchema), else a message for the field. */
export function checkEmail(value: string, t: Translate): string | undefined {
  if (value.trim() === '') return t('auth.validation.required');
  return emailToAscii(value) === null ? t('auth.validation.email') : undefined;
}

export { PASSWORD_MIN_LENGTH };
