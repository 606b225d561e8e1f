import { ApiError } from '../api/errors.ts';
import {
  fieldOfPointer,
  serverMessageId,
  type FieldErrors,
  type FieldMessageLookup,
} from '../api/field-errors.ts';

export interface CommandErrors {
  /** messages on the fields the pointers name: 'title', 'viewId', 'props.buttons.0.path' */
  fields: FieldErrors;
  /** what names no field: said above the form */
  form: string | null;
}

/**
 * A refused command as messages (seed 000 §5, ARCHITECTURE.md §7): each 422 or 409 issue on the field its pointer
 * names, in the words of its code when the locale has them, else the server's detail; the rest above the form.
 * `otherwise` words failures that are not the form's (forbidden, network...).
 */
export function commandErrors(
  error: unknown,
  lookup: FieldMessageLookup,
  otherwise: (error: unknown) => string,
): CommandErrors {
  if (!(error instanceof ApiError) || (error.kind !== 'validation' && error.kind !== 'conflict')) {
    return { fields: {}, form: otherwise(error) };
  }
  const fields: FieldErrors = {};
  let form: string | null = null;
  for (const issue of error.errors.length ? error.errors : [{}]) {
    const code = 'code' in issue ? issue.code : undefined;
    const message =
      (code ? lookup(serverMessageId(code)) : undefined) ??
      (error.kind === 'conflict' ? lookup('serverError.conflict') : undefined) ??
      ('detail' in issue ? issue.detail : undefined) ??
      error.message;
    const field = fieldOfPointer('source' in issue ? issue.source?.pointer : undefined);
    if (field === null || field === 'id') form ??= message;
    else fields[field] ??= message;
  }
  return { fields, form };
}

/** The errors under `props.` as the props form keys them ('buttons.0.path'), and the others. */
export function splitPropsErrors(fields: FieldErrors): { props: FieldErrors; other: FieldErrors } {
  const props: FieldErrors = {};
  const other: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    if (key === 'props') props[''] = message;
    else if (key.startsWith('props.')) props[key.slice('props.'.length)] = message;
    else other[key] = message;
  }
  return { props, other };
}
