import { parseDate, today } from '@internationalized/date';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Notice, useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { formErrorsOf, type FieldErrors } from '../../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { DatePicker } from '../../../kit/ui/date-picker.tsx';
import { Dialog, DialogActions } from '../../../kit/ui/dialog.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { useDeskT } from './desk-ui.ts';
import { useViewerTimeZone } from '../../../kit/session/time-zone.ts';
import { startOfDay } from '../../../kit/time/zone.ts';

/** The contracts' limit of a request's description and of a refusal's reason (PublicationRequestSubmitSchema). */
export const PUBLICATION_TEXT_MAX_LENGTH = 5000;

const ATTRIBUTES = '/data/attributes/';

/**
 * A refused command as messages on the dialog's fields: a 422 on the field its pointer names when the dialog has
 * it, anything else (a 409, a 403, a network failure) above the form. Nothing is swallowed.
 */
function useDialogErrors(fields: readonly string[]) {
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  return (error: unknown): FieldErrors =>
    formErrorsOf(error, lookup, (pointer, kind) => {
      const field = pointer?.startsWith(ATTRIBUTES) ? pointer.slice(ATTRIBUTES.length) : null;
      return kind === 'validation' && field && fields.includes(field) ? field : '_form';
    }) ?? { _form: errorText(error) };
}

function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <div role="alert">
      <Notice $tone="error">{message}</Notice>
    </div>
  ) : null;
}

/** A calendar date (YYYY-MM-DD) as the instant its day starts in the reader's time zone. */
export function dayStartInstant(date: string, zone: string): string {
  return startOfDay(parseDate(date), zone).toISOString();
}

/**
 * A request for an item's publication: what it is about (required), and the date it is wanted on (none: as soon as
 * it is accepted), picked in the calendar or typed by its segments.
 */
export function SubmitRequestDialog({
  itemTitle,
  onSubmit,
  onClose,
}: {
  itemTitle: string;
  /** resolves once submitted; rejects with the ApiError otherwise */
  onSubmit: (attributes: { description: string; targetedPublishedAt: string | null }) => Promise<void>;
  onClose: () => void;
}) {
  const t = useDeskT();
  const errorsOf = useDialogErrors(['description', 'targetedPublishedAt']);
  const [description, setDescription] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // the reader's days: a member's zone (the date shown back is formatted in it too)
  const zone = useViewerTimeZone();
  const first = today(zone).toString();

  const submit = async () => {
    if (description.trim() === '') {
      setErrors({ description: t('publications.desk.submit.descriptionRequired') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSubmit({
        description: description.trim(),
        targetedPublishedAt: date ? dayStartInstant(date, zone) : null,
      });
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      unsaved={description.trim() !== '' || date !== ''}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('publications.desk.submit.title', { title: itemTitle })}
    >
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormError message={errors._form} />
        <TextField
          label={t('publications.desk.submit.description')}
          description={t('publications.desk.submit.descriptionHelp')}
          multiline
          isRequired
          value={description}
          onChange={setDescription}
          maxLength={PUBLICATION_TEXT_MAX_LENGTH}
          errorMessage={errors.description}
          autoFocus
        />
        <DatePicker
          label={t('publications.desk.submit.date')}
          description={t('publications.desk.submit.dateHelp')}
          value={date}
          min={first}
          onChange={setDate}
          errorMessage={errors.targetedPublishedAt}
          calendarLabel={t('publications.desk.submit.calendar')}
          previousLabel={t('publications.desk.submit.previousMonth')}
          nextLabel={t('publications.desk.submit.nextMonth')}
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {t('publications.desk.cancel')}
          </Button>
          <Button type="submit" isDisabled={busy}>
            {t('publications.desk.submit.confirm')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
