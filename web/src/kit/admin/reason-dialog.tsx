import { useState, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { formErrorsOf, type FieldErrors } from '../api/field-errors.ts';
import { useMessageLookup } from '../i18n/use-t.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { TextField } from '../ui/text-field.tsx';
import { Notice, useAdminErrorText, useAdminT } from './admin-ui.tsx';

const ATTRIBUTES = '/data/attributes/';

/**
 * A decision that asks one text before it is sent (a refusal's reason, a moderator's note): required or optional
 * as the contract says, trimmed, sent as null when optional and empty. A refused command keeps what was typed and
 * says why: a 422 pointing at the text's attribute on the field, anything else (a 409, a 403, a network failure)
 * above the form. Closing is refused while the command is on its way.
 */
export function ReasonDialog({
  title,
  explanation,
  label,
  description,
  attribute,
  maxLength,
  requiredMessage,
  confirmLabel,
  confirmVariant = 'primary',
  onConfirm,
  onClose,
}: {
  title: string;
  /** what the decision does, above the field */
  explanation?: ReactNode;
  label: string;
  description: string;
  /** the attribute the server's 422 points at (`/data/attributes/<attribute>`) */
  attribute: string;
  maxLength: number;
  /** set: the text is required, and this says so when it is missing */
  requiredMessage?: string;
  confirmLabel: string;
  confirmVariant?: 'primary' | 'danger';
  /** resolves once done; rejects with the ApiError otherwise */
  onConfirm: (text: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const t = useAdminT();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const trimmed = text.trim();
    if (trimmed === '' && requiredMessage) {
      setErrors({ [attribute]: requiredMessage });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onConfirm(trimmed === '' ? null : trimmed);
    } catch (error) {
      setErrors(
        formErrorsOf(error, lookup, (pointer, kind) =>
          kind === 'validation' && pointer === `${ATTRIBUTES}${attribute}` ? attribute : '_form',
        ) ?? { _form: errorText(error) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      unsaved={text.trim() !== ''}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={title}
    >
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {errors._form ? (
          <div role="alert">
            <Notice $tone="error">{errors._form}</Notice>
          </div>
        ) : null}
        {explanation ? <p>{explanation}</p> : null}
        <TextField
          label={label}
          description={description}
          multiline
          isRequired={requiredMessage !== undefined}
          value={text}
          onChange={setText}
          maxLength={maxLength}
          errorMessage={errors[attribute]}
          autoFocus
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" variant={confirmVariant} isDisabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
