import { formErrorsOf, type FieldErrors, type FieldMessageLookup } from '../../api/field-errors.ts';
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
  return formErrorsOf(error, lookup, (pointer, kind) => {
    const named = fieldOfServerPointer(pointer, fields);
    return kind === 'conflict' && named === '_form' ? 'id' : named;
  });
}
