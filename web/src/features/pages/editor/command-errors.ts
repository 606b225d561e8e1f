import {
  fieldOfPointer,
  formErrorsOf,
  type FieldErrors,
  type FieldMessageLookup,
} from '../../../kit/api/field-errors.ts';

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
  const all = formErrorsOf(error, lookup, (pointer) => {
    const field = fieldOfPointer(pointer);
    return field === null || field === 'id' ? '_form' : field;
  });
  if (!all) return { fields: {}, form: otherwise(error) };
  const { _form: form = null, ...fields } = all;
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
