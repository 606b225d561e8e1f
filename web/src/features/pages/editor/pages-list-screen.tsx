import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useSearch } from 'wouter';
import { Notice, useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { ListFrame } from '../../../kit/admin/list-frame.tsx';
import { useLoaded } from '../../../kit/loading/use-loaded.ts';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { Dialog, DialogActions } from '../../../kit/ui/dialog.tsx';
import { ButtonLink } from '../../../kit/ui/link.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { commandErrors } from './command-errors.ts';
import { usePageEditorT, type PageEditorT } from './messages.ts';
import { draftOf, draftOfPage, pagesApi, type Page } from './pages-api.ts';
import { pagePaths } from './paths.ts';

/** What a page is, in a word: published (with a draft in progress or not), or a draft of another page. */
export function pageState(page: Page, t: PageEditorT, titles: ReadonlyMap<string, string>): string {
  const original = draftOf(page);
  if (page.attributes.isDraft) {
    const title = original ? titles.get(original) : undefined;
    return title ? t('pageEditor.list.stateDraftOf', { title }) : t('pageEditor.list.stateDraft');
  }
  return draftOfPage(page)
    ? t('pageEditor.list.statePublishedWithDraft')
    : t('pageEditor.list.statePublished');
}

/**
 * /admin/resources/app-pages/index: the site's pages and drafts for application administrators (path, title,
 * state), each with its editor and its history, and a new page made from a title and a path.
 */
export function PagesListScreen() {
  const t = usePageEditorT();
  const api = useApi();
  const search = useSearch();
  const minPosition = new URLSearchParams(search).get('minPosition') ?? undefined;
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { state, retry } = useLoaded(
    (signal) => pagesApi.list(api, { page, minPosition, signal }),
    [api, page, minPosition],
  );
  const heading = t('pageEditor.list.title');
  const pages = state.status === 'ready' ? state.value.data : [];
  const titles = new Map(pages.map((p) => [p.id, p.attributes.title]));

  return (
    <ListFrame
      title={heading}
      actions={<Button onPress={() => setCreating(true)}>{t('pageEditor.list.create')}</Button>}
      before={<p>{t('pageEditor.list.intro')}</p>}
      state={state}
      onRetry={retry}
      list={(d) => ({ rows: d.data, meta: d.meta })}
      caption={(count) => t('pageEditor.list.caption', { count })}
      captionId="pages-list-caption"
      columns={[
        {
          id: 'title',
          header: t('pageEditor.settings.title'),
          text: true,
          cell: (p: Page) => p.attributes.title,
        },
        { id: 'path', header: t('pageEditor.settings.path'), text: true, cell: (p) => p.attributes.path },
        { id: 'state', header: t('pageEditor.list.state'), cell: (p) => pageState(p, t, titles) },
        {
          id: 'actions',
          header: t('pageEditor.list.actions'),
          cell: (p) => (
            <div className="actions">
              <ButtonLink
                size="small"
                variant="secondary"
                href={pagePaths.edit(p.id)}
                aria-label={t('pageEditor.list.editLabel', { title: p.attributes.title })}
              >
                {t('pageEditor.list.edit')}
              </ButtonLink>
              <ButtonLink
                size="small"
                variant="secondary"
                href={pagePaths.history(p.id)}
                aria-label={t('pageEditor.list.historyLabel', { title: p.attributes.title })}
              >
                {t('pageEditor.history')}
              </ButtonLink>
            </div>
          ),
        },
      ]}
      rowKey={(p) => p.id}
      empty={t('pageEditor.list.none')}
      pagerLabel={t('pageEditor.list.pages')}
      onPage={setPage}
    >
      <CreatePageDialog isOpen={creating} onClose={() => setCreating(false)} />
    </ListFrame>
  );
}

/** A new page from its title and path; the editor then opens on it. */
function CreatePageDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = usePageEditorT();
  const api = useApi();
  const toast = useToast();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const { navigate } = useNavigation();
  const [title, setTitle] = useState('');
  const [path, setPath] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const close = () => {
    setErrors({});
    setFormError(null);
    onClose();
  };
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const answer = await pagesApi.createPage(api, { title, path });
      toast(t('pageEditor.list.created', { title: title.trim() }), 'success');
      onClose();
      setTitle('');
      setPath('');
      navigate(`${pagePaths.edit(answer.data.id)}?minPosition=${answer.meta.position}`);
    } catch (error) {
      const { fields, form } = commandErrors(error, lookup, errorText);
      const { title: titleError, path: pathError, ...rest } = fields;
      setErrors({ ...(titleError ? { title: titleError } : {}), ...(pathError ? { path: pathError } : {}) });
      setFormError(form ?? Object.values(rest)[0] ?? null);
      summary.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('pageEditor.list.createTitle')}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
    >
      <Form
        aria-label={t('pageEditor.list.createTitle')}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div ref={summary} tabIndex={-1} role="alert">
          {formError ? <Notice $tone="error">{formError}</Notice> : null}
        </div>
        <TextField
          label={t('admin.resources.requiredLabel', { label: t('pageEditor.settings.title') })}
          value={title}
          onChange={setTitle}
          errorMessage={errors.title}
          maxLength={500}
          autoFocus
        />
        <TextField
          label={t('admin.resources.requiredLabel', { label: t('pageEditor.settings.path') })}
          description={t('pageEditor.settings.pathHelp')}
          value={path}
          onChange={setPath}
          errorMessage={errors.path}
          spellCheck="false"
        />
        <Notice>{t('pageEditor.list.createHelp')}</Notice>
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            {t('pageEditor.cancel')}
          </Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? t('pageEditor.saving') : t('pageEditor.list.createSubmit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
