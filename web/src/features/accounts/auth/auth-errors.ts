import { ApiError, retryAfterSeconds } from '../../../kit/api/errors.ts';

/**
 * What a failed /auth call (or an account call made from an auth screen) means to its form: messages on the
 * fields the answer points at, and at most one message for the whole form (seed 000 §5, §8). The /auth calls
 * answer plain-JSON pointers (/email); the JSON:API calls answer /data/attributes/<field>.
 */
export interface FormProblems<F extends string = string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
  /** the error codes of the answer, for a screen with a special case (an invalid reset token) */
  codes: string[];
}

export type Lookup = (id: string) => string | undefined;
export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** '/email' → 'email'; '/data/attributes/description' → 'description'; '' or '/data' → null. */
export function fieldOfAuthPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const tokens = pointer.split('/').slice(1);
  if (tokens[0] === 'data') {
    return tokens[1] === 'attributes' && tokens[2] ? tokens.slice(2).join('.') : null;
  }
  return tokens[0] ? tokens.join('.') : null;
}

/** The translation of a server code: the auth module's own first, then the shell's, else undefined. */
export function serverCodeMessage(code: string | undefined, lookup: Lookup): string | undefined {
  if (!code) return undefined;
  const bare = code.replace(/^validation\./, '');
  return lookup(`auth.serverError.${bare}`) ?? lookup(`serverError.${bare}`);
}

/** The message for a 429: with the wait when it is known, else a generic "wait a few minutes". */
export function rateLimitedMessage(error: ApiError, t: Translate): string {
  const seconds = retryAfterSeconds(error);
  if (seconds === null) return t('auth.error.rateLimited');
  return seconds >= 120
    ? t('auth.error.rateLimitedMinutes', { minutes: Math.ceil(seconds / 60) })
    : t('auth.error.rateLimitedSeconds', { seconds });
}

export function describeAuthError<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
  lookup: Lookup,
  t: Translate,
): FormProblems<F> {
  if (!(error instanceof ApiError)) throw error;
  const codes = error.errors.map((e) => e.code).filter((c): c is string => typeof c === 'string');
  const problems: FormProblems<F> = { fields: {}, form: null, codes };
  const isField = (name: string | null): name is F => name !== null && fieldNames.includes(name as F);

  switch (error.kind) {
    case 'validation':
    case 'conflict': {
      for (const e of error.errors) {
        const message =
          serverCodeMessage(e.code, lookup) ??
          (error.kind === 'conflict' ? t('auth.error.conflict') : (e.detail ?? error.message));
        // a duplicate address names the e-mail field even when the answer carries no pointer
        const field =
          fieldOfAuthPointer(e.source?.pointer) ?? (e.code === 'conflict.duplicate_email' ? 'email' : null);
        if (isField(field)) {
          problems.fields[field] ??= message;
        } else {
          problems.form ??= message;
        }
      }
      if (error.errors.length === 0) {
        problems.form = error.kind === 'conflict' ? t('auth.error.conflict') : t('auth.error.invalid');
      }
      return problems;
    }
    case 'rate-limited':
      problems.form = rateLimitedMessage(error, t);
      return problems;
    case 'not-found':
      problems.form = t('auth.error.unavailable');
      return problems;
    case 'forbidden':
      problems.form = serverCodeMessage(codes[0], lookup) ?? t('auth.error.forbidden');
      return problems;
    case 'aborted':
      return problems;
    case 'session-expired':
      // the shell shows its expired-session dialog; the form says why nothing happened
      problems.form = t('auth.error.sessionExpired');
      return problems;
    default:
      // network, timeout, bad request, unexpected: the shell may show its dialog too; nothing typed is lost
      problems.form = t('auth.error.notSent');
      return problems;
  }
}
