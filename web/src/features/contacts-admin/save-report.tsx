import { lightUserReportResource } from '@platform/contracts/contacts/records';
import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import styled from 'styled-components';
import { Notice, useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import type { ListActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { resourceApi } from '../../kit/admin/resources/resource-api.ts';
import { useResourceT } from '../../kit/admin/resources/resource-ui.tsx';
import { may } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { formErrorsOf, type FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog, DialogActions } from '../../kit/ui/dialog.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { useContactsAdminT } from './contacts-admin-ui.ts';
import { ReportParameters } from './report-parameters.tsx';
import { reportQueryOfList, reportQueryString } from './report-query.ts';

const REPORTS = lightUserReportResource.type;
const ATTRIBUTES = '/data/attributes/';
/** the attributes the dialog has a place for; any other problem is said above its fields */
const PLACES = ['name', 'description', 'queryString'] as const;

const Said = styled.p`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

interface Saved {
  id: string;
  name: string;
  position?: string;
}

/**
 * On the contacts' list of the back office: "Save as a report", for whoever may make contacts reports (the
 * reports' own `create` rule, as the back office's "New record" asks it). A dialog asks the report's name and
 * description and shows what it keeps, the list's current search, order and filters in words; the report is made
 * with them as its query. Then what happened is said beside the button, with the way to the new report.
 */
export function SaveReportAction({ viewer, search }: ListActionsProps) {
  const t = useContactsAdminT();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  if (!may(lightUserReportResource, 'create', viewer)) return null;
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          setSaved(null);
          setOpen(true);
        }}
      >
        {t('contactsAdmin.report.save')}
      </Button>
      <Said role="status">
        {saved ? (
          <>
            {t('contactsAdmin.report.saved', { name: saved.name })}{' '}
            <Link
              href={`${resourcePaths.show(REPORTS, saved.id)}${saved.position ? `?minPosition=${saved.position}` : ''}`}
            >
              {t('contactsAdmin.report.openSaved', { name: saved.name })}
            </Link>
          </>
        ) : null}
      </Said>
      {open ? (
        <SaveReportDialog
          search={search}
          onClose={() => setOpen(false)}
          onSaved={(report) => {
            setSaved(report);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

function SaveReportDialog({
  search,
  onClose,
  onSaved,
}: {
  search: ListActionsProps['search'];
  onClose: () => void;
  onSaved: (report: Saved) => void;
}) {
  const t = useContactsAdminT();
  const rt = useResourceT();
  const api = useApi();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  // the name's field, where the focus goes when the name is what must change
  const nameBox = useRef<HTMLDivElement>(null);
  const focusName = () => nameBox.current?.querySelector('input')?.focus();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: t('contactsAdmin.report.nameRequired') });
      focusName();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await resourceApi.create(api, lightUserReportResource, {
        attributes: {
          name: trimmed,
          description: description.trim() || null,
          queryString: reportQueryString(search),
        },
        relationships: {},
      });
      onSaved({ id: answer.data?.id ?? '', name: trimmed, position: answer.meta?.position });
    } catch (error) {
      const refused = formErrorsOf(error, lookup, (pointer) => {
        const place = PLACES.find((p) => pointer === `${ATTRIBUTES}${p}`);
        return place ?? '_form';
      }) ?? { _form: errorText(error) };
      setErrors(refused);
      setBusy(false);
      if (refused.name) focusName();
    }
  };

  return (
    <Dialog
      isOpen
      title={t('contactsAdmin.report.dialogTitle')}
      unsaved={!busy && (name.trim() !== '' || description.trim() !== '')}
      onOpenChange={(isOpen) => !isOpen && !busy && onClose()}
    >
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div role="alert">{errors._form ? <Notice $tone="error">{errors._form}</Notice> : null}</div>
        <p>{t('contactsAdmin.report.dialogIntro')}</p>
        <div ref={nameBox}>
          <TextField
            label={t('contactsAdmin.report.name')}
            description={t('contactsAdmin.report.nameHelp')}
            isRequired
            value={name}
            onChange={(value) => {
              setName(value);
              setErrors(({ name: _gone, ...rest }) => rest);
            }}
            maxLength={255}
            errorMessage={errors.name}
            autoFocus
          />
        </div>
        <TextField
          label={t('contactsAdmin.report.description')}
          description={t('contactsAdmin.report.descriptionHelp')}
          multiline
          value={description}
          onChange={setDescription}
          maxLength={5000}
          errorMessage={errors.description}
        />
        <h3>{t('contactsAdmin.report.keeps')}</h3>
        <ReportParameters query={reportQueryOfList(search)} />
        {/* a query the server refuses (too long, no longer one the list takes): said on what it keeps */}
        <div role="alert">
          {errors.queryString ? <Notice $tone="error">{errors.queryString}</Notice> : null}
        </div>
        <DialogActions>
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            {rt('admin.cancel')}
          </Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? t('contactsAdmin.report.busy') : t('contactsAdmin.report.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
