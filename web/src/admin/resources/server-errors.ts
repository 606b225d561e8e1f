import { ApiError } from '../../api/errors.ts';
import { serverMessageId, type FieldErrors, type FieldMessageLookup } from '../../api/field-errors.ts';
import { fieldOfServerPointer, type FormField } from './form-model.ts';

/**
 * A refused save as messages on the form's fields (seed 001 §5, §8; ARCHITECTURE.md §7): a 422 on the field
 * each pointer names (attribute or relationship), a 409 on the field it names (a taken unique value) or else on
 * the id field (a stale version, a taken id); the translated message of the code when one exists, else the
 * server's detail. Errors that name no field of the form are under '_form'. null: not a form's business.
 */
export function saveErrors(
  error: unknown,
  fields: readonly FormField[],
  lookup: FieldMessageLookup,
): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind !== 'validation' && error.kind !== 'conflict') return null;
  const out: FieldErrors = {};
  for (const e of error.errors.length ? error.errors : [{}]) {
    const named = fieldOfServerPointer(e.source?.pointer, fields);
    const field = error.kind === 'conflict' && named === '_form' ? 'id' : named;
    if (out[field]) continue;
    const known = e.code ? lookup(serverMessageId(e.code)) : undefined;
    out[field] =
      known ??
      (error.kind === 'conflict' ? lookup('serverError.conflict') : undefined) ??
      e.detail ??
      error.message;
  }
  return out;
}
