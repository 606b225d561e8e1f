import { ApiError, isErrorCode, type JsonApiErrorObject } from './errors.ts';

/**
 * Server answers as messages on form fields (seed 000 §5): a 422 puts, on the field its pointer names, the
 * translated message of its code (without the "validation." prefix) when one exists, else the server's
 * detail; a 409 puts a conflict message on the id field. Anything else is not a form's business: rethrown.
 */
export type FieldErrors = Record<string, string>;

export interface FieldMessageLookup {
  /** the translated text for a message id, or undefined when the locale has none */
  (id: string): string | undefined;
}

/** '/data/attributes/path' -> 'path'; '/data/attributes/props/title' -> 'props.title'; '/data/id' -> 'id'. */
export function fieldOfPointer(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (tokens[0] !== 'data') return null;
  if (tokens[1] === 'id' && tokens.length === 2) return 'id';
  if ((tokens[1] === 'attributes' || tokens[1] === 'relationships') && tokens.length > 2) {
    return tokens.slice(2).join('.');
  }
  return null;
}

export function serverMessageId(code: string): string {
  return `serverError.${code.replace(/^validation\./, '')}`;
}

export function toFieldErrors(error: unknown, lookup: FieldMessageLookup): FieldErrors {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'conflict') {
    const code = error.errors[0]?.code;
    const known = isErrorCode(code) ? lookup(serverMessageId(code)) : undefined;
    return { id: known ?? lookup('serverError.conflict') ?? error.message };
  }
  if (error.kind !== 'validation') throw error;
  const out: FieldErrors = {};
  for (const e of error.errors) {
    const field = fieldOfPointer(e.source?.pointer) ?? '_form';
    if (out[field]) continue; // the first problem of a field is the one to fix first
    const known = isErrorCode(e.code) ? lookup(serverMessageId(e.code)) : undefined;
    out[field] = known ?? e.detail ?? error.message;
  }
  return out;
}

/**
 * A refused save or command (422 or 409) as messages by field, for forms that name their fields their own way:
 * `fieldOf` names the field each issue goes on from its pointer ('_form' for above the form). Each issue reads as
 * its code's translation when the locale has one, else the general conflict message for a 409, else the
 * server's detail; a field keeps its first issue, the one to fix first. null: not a form's business (forbidden,
 * network...), which the caller words.
 */
export function formErrorsOf(
  error: unknown,
  lookup: FieldMessageLookup,
  fieldOf: (pointer: string | undefined, kind: 'validation' | 'conflict') => string,
): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const { kind } = error;
  if (kind !== 'validation' && kind !== 'conflict') return null;
  const out: FieldErrors = {};
  const issues: JsonApiErrorObject[] = error.errors.length ? error.errors : [{}];
  for (const issue of issues) {
    const field = fieldOf(issue.source?.pointer, kind);
    out[field] ??=
      (issue.code ? lookup(serverMessageId(issue.code)) : undefined) ??
      (kind === 'conflict' ? lookup('serverError.conflict') : undefined) ??
      issue.detail ??
      error.message;
  }
  return out;
}
