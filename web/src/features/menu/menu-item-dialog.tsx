import { useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import type { FieldErrors } from '../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { useLoaded, type Loaded } from '../../kit/loading/use-loaded.ts';
import { hasEdits, useLeaveGuard } from '../../kit/state/leave-guard.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog, DialogActions } from '../../kit/ui/dialog.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { menuEditorApi, type CommandAnswer, type PageOption } from './menu-editor-api.ts';
import {
  createBody,
  formProblems,
  hasChanges,
  initialFormValues,
  saveErrors,
  updateBody,
  type MenuItemFormValues,
} from './menu-item-form.ts';
import { ErrorNote, MenuItemFields } from './menu-item-fields.tsx';
import type { EditorItem } from './menu-tree.ts';
import { useMenuEditorT } from './messages.ts';

export type FormMode = { kind: 'create'; parent: EditorItem | null } | { kind: 'update'; item: EditorItem };

/** A new item's form: nothing to read. */
const NEW_ITEM: Loaded<EditorItem | null> = { status: 'ready', value: null };

/**
 * Adds or edits one menu item (seed 000 §3): label, description, the link (a page of the site, an address, or
 * none), new tab, who sees it (signed-in people, access level, roles), colour and alignment. The edit form reads
 * the item afresh and saves what changed with If-Match at that version; the server's 422 shows on the field it
 * names, a 409 on the identifier, with a way to load the latest version.
 */
export function MenuItemDialog({
  mode,
  enqueue,
  onSaved,
  onClose,
}: {
  mode: FormMode;
  enqueue: (command: () => Promise<CommandAnswer>) => Promise<CommandAnswer | null>;
  onSaved: (answer: CommandAnswer, name: string, created: boolean) => void;
  onClose: () => void;
}) {
  const t = useMenuEditorT();
  const api = useApi();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const editedId = mode.kind === 'update' ? mode.item.id : null;
  const read = useLoaded(
    (signal) => (editedId ? menuEditorApi.item(api, editedId, signal) : Promise.resolve(null)),
    [api, editedId],
  );
  const loaded = editedId ? read.state : NEW_ITEM;
  const [values, setValues] = useState<MenuItemFormValues>(() => initialFormValues(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // the form starts again from each reading of the item
  const [formOf, setFormOf] = useState<Loaded<EditorItem | null> | null>(null);
  if (loaded.status === 'ready' && formOf !== loaded) {
    setFormOf(loaded);
    setValues(initialFormValues(loaded.value));
    setErrors({});
    setFormError(null);
  }
  const initial = useMemo(() => initialFormValues(loaded.status === 'ready' ? loaded.value : null), [loaded]);
  const [busy, setBusy] = useState(false);
  const unsaved = loaded.status === 'ready' && hasEdits(values, initial);
  useLeaveGuard(unsaved);
  const pagesRead = useLoaded((signal) => menuEditorApi.pages(api, signal), [api]);
  const pages: PageOption[] | 'failed' | null =
    pagesRead.state.status === 'ready'
      ? pagesRead.state.value
      : pagesRead.state.status === 'failed'
        ? 'failed'
        : null;
  const summary = useRef<HTMLDivElement>(null);
  const idempotencyKey = useMemo(randomKey, []);

  const set = <K extends keyof MenuItemFormValues>(name: K, value: MenuItemFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const title =
    mode.kind === 'update'
      ? t('menuEditor.form.editTitle', { name: mode.item.name })
      : mode.parent
        ? t('menuEditor.form.addChildTitle', { parent: mode.parent.name })
        : t('menuEditor.form.addTitle');

  const submit = async () => {
    if (loaded.status !== 'ready' || busy) return;
    setFormError(null);
    const problems = formProblems(values);
    if (Object.keys(problems).length) {
      setErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, problem]) => [field, t(`menuEditor.problem.${problem}`)]),
        ),
      );
      summary.current?.focus();
      return;
    }
    const item = loaded.value;
    const body = item ? updateBody(values, initial) : createBody(values, parentOf(mode));
    if (item && !hasChanges(body)) {
      onClose();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await enqueue(() =>
        item
          ? menuEditorApi.update(api, item.id, item.version, body)
          : menuEditorApi.create(api, body, idempotencyKey),
      );
      if (answer) onSaved(answer, values.name.trim(), !item);
    } catch (error) {
      const fieldErrors = saveErrors(error, lookup);
      if (fieldErrors) {
        const { _form, ...onFields } = fieldErrors;
        setErrors(onFields);
        if (_form) setFormError(_form);
        // a new item has no identifier field: its conflict is said above the form
        if (!item && onFields.id) setFormError(onFields.id);
      } else setFormError(errorText(error));
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const invalid = Object.keys(errors).length > 0;

  return (
    <Dialog
      isOpen
      size="large"
      title={title}
      unsaved={unsaved}
      onOpenChange={(open) => !open && !busy && onClose()}
    >
      {loaded.status === 'loading' ? <p aria-busy="true">{t('menuEditor.form.loading')}</p> : null}
      {loaded.status === 'failed' ? (
        <div role="alert">
          <p>{errorText(loaded.error)}</p>
          <DialogActions>
            <Button variant="secondary" onPress={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button onPress={() => read.retry()}>{t('admin.retry')}</Button>
          </DialogActions>
        </div>
      ) : null}
      {loaded.status === 'ready' ? (
        <Form
          aria-label={title}
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div ref={summary} tabIndex={-1} role="alert">
            {formError ? <ErrorNote>{formError}</ErrorNote> : null}
            {invalid && !formError ? <ErrorNote>{t('menuEditor.form.invalid')}</ErrorNote> : null}
          </div>
          {loaded.value ? (
            <>
              <TextField
                label={t('menuEditor.form.id')}
                value={loaded.value.id}
                isReadOnly
                errorMessage={errors.id}
                description={t('menuEditor.form.versionHelp', { version: loaded.value.version })}
              />
              {errors.id ? (
                <p>
                  <Button variant="secondary" onPress={() => read.retry()}>
                    {t('menuEditor.form.reload')}
                  </Button>
                </p>
              ) : null}
            </>
          ) : null}
          <MenuItemFields values={values} set={set} errors={errors} pages={pages} />

          <DialogActions>
            <Button variant="secondary" isDisabled={busy} onPress={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" isDisabled={busy}>
              {busy ? t('menuEditor.form.saving') : t('menuEditor.form.save')}
            </Button>
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}

/** One key per opened form: a retried create is answered once (getRandomValues works outside https too). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `menu-item-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const parentOf = (mode: FormMode) => (mode.kind === 'create' ? (mode.parent?.id ?? null) : null);
