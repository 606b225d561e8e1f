import { REPORT_REASONS, type ReportReason } from '@platform/contracts/content/report';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { fieldOfPointer, formErrorsOf, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog, DialogActions } from '../../kit/ui/dialog.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { RadioGroup } from '../../kit/ui/radio-group.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { reportRecord, type RecordRef } from './community-api.ts';
import { useCommunityProblemText, useCommunityT } from './community-ui.tsx';

const DETAILS_MAX_LENGTH = 2000;

/**
 * Reporting a record of a reportable type (an article, a forum message, a comment...) to the moderators
 * (contracts/src/content/report.ts): a reason, optional details. A refused report keeps what was typed and shows why, on its field (422) or above the form.
 */
export function ReportDialog<Type extends string>({
  record,
  title,
  onClose,
}: {
  record: RecordRef & { type: Type };
  /** the dialog's heading: what is reported */
  title: string;
  onClose: () => void;
}) {
  const t = useCommunityT();
  const api = useApi();
  const toast = useToast();
  const lookup = useMessageLookup();
  const problem = useCommunityProblemText();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (!reason) {
      setErrors({ reason: t('community.report.reasonRequired') });
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await reportRecord(api, record, reason, details, window.location.href);
      toast(t('community.report.sent'), 'success');
      onClose();
    } catch (error) {
      const fields = formErrorsOf(error, lookup, (pointer) => {
        const field = fieldOfPointer(pointer);
        return field === 'reason' || field === 'details' ? field : '_form';
      });
      if (fields) {
        const { _form, ...onFields } = fields;
        setErrors(onFields);
        setFormError(_form ?? null);
      } else setFormError(problem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      unsaved={details.trim() !== ''}
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
        {formError ? (
          <div role="alert">
            <NoticeBox $tone="error">{formError}</NoticeBox>
          </div>
        ) : null}
        <RadioGroup
          label={t('community.report.reason')}
          value={reason}
          onChange={(value) => setReason(REPORT_REASONS.find((r) => r === value) ?? null)}
          errorMessage={errors.reason}
          options={REPORT_REASONS.map((id) => ({ id, label: t(`community.report.reason.${id}`) }))}
        />
        <TextField
          label={t('community.report.details')}
          description={t('community.report.detailsHelp')}
          multiline
          value={details}
          onChange={setDetails}
          maxLength={DETAILS_MAX_LENGTH}
          errorMessage={errors.details}
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t('community.cancel')}
          </Button>
          <Button type="submit" isDisabled={busy}>
            {t('community.report.send')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
