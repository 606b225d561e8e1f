import { ApiError, isErrorCode } from './errors.ts';

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
