import { useState } from 'react';
import { Form } from 'react-aria-components';
import { toFieldErrors, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog, DialogActions } from '../../kit/ui/dialog.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { Notice, useAdminErrorText, useAdminT } from '../../kit/admin/admin-ui.tsx';

/** The contract's limit for a refusal's reason (DecideValidationRequestAttributesSchema). */
export const REFUSE_REASON_MAX_LENGTH = 2000;

/**
 * Refusing a validation request, with an optional reason the requester is told. A refused save keeps the
 * typed reason and shows why, on the field (422) or above the form.
 */
export function RefuseDialog({
  requesterName,
  onRefuse,
  onClose,
}: {
  requesterName: string;
  /** resolves when the request is refused; rejects with the ApiError otherwise */
  onRefuse: (reason: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const t = useAdminT();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await onRefuse(reason.trim() === '' ? null : reason.trim());
    } catch (error) {
      try {
        const fields = toFieldErrors(error, lookup);
        const { refuseReason, ...others } = fields;
        setErrors(refuseReason ? { refuseReason } : {});
        const rest = Object.values(others)[0];
        if (rest) setFormError(rest);
      } catch {
        setFormError(errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      unsaved={reason.trim() !== ''}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('admin.validationRequests.refuseTitle', { name: requesterName })}
    >
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {formError ? (
          <div role="alert">
            <Notice $tone="error">{formError}</Notice>
          </div>
        ) : null}
        <TextField
          label={t('admin.validationRequests.refuseReason')}
          description={t('admin.validationRequests.refuseReasonHelp')}
          multiline
          value={reason}
          onChange={setReason}
          maxLength={REFUSE_REASON_MAX_LENGTH}
          errorMessage={errors.refuseReason}
          autoFocus
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" variant="danger" isDisabled={busy}>
            {t('admin.validationRequests.refuseConfirm')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
