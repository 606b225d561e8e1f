import { useState } from 'react';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { LoadError, Notice, useAdminErrorText, WidePage } from '../../../kit/admin/admin-ui.tsx';
import { ActionBar } from '../../../kit/admin/resources/resource-ui.tsx';
import { useApi } from '../../../kit/api/api-context.tsx';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../../kit/ui/confirm-dialog.tsx';
import { ButtonLink, Link } from '../../../kit/ui/link.tsx';
import { commandErrors } from './command-errors.ts';
import { ComponentsEditor } from './components-editor.tsx';
import { usePageEditorT } from './messages.ts';
import { PageSettingsForm, settingsOf } from './page-settings-form.tsx';
import { draftOf, draftOfPage, pagesApi, publishable, type Page } from './pages-api.ts';
import { pagePaths } from './paths.ts';
import { usePageEditor, type PageCommand } from './use-page-editor.ts';

const Explanation = styled.p`
  margin: -0.25rem 0 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * /admin/resources/app-pages/page-template/{id} (seed 000 §2.4): a page's settings and components, edited
 * through the page's stream; a draft of a published page made and published (seed 000 §4: only once changed);
 * the page previewed with the CMS renderer in a new tab; the page or draft deleted. A change made elsewhere
 * meanwhile (409) offers to read the page again.
 */
export function PageEditorScreen({ id }: { id: string }) {
  const t = usePageEditorT();
  const search = useSearch();
  const minPosition = new URLSearchParams(search).get('minPosition') ?? undefined;
  const editor = usePageEditor(id, minPosition);
  const errorText = useAdminErrorText();
  const { state } = editor;
  const page = state.status === 'ready' ? state.page : null;
  const heading = page
    ? t(page.attributes.isDraft ? 'pageEditor.editor.titleDraft' : 'pageEditor.editor.title', {
        title: page.attributes.title,
      })
    : t('pageEditor.editor.loading');
  usePageTitle(page ? heading : null);

  return (
    <WidePage>
      <p>
        <Link href={pagePaths.index}>{t('pageEditor.backToList')}</Link>
      </p>
      <h1>{heading}</h1>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={() => void editor.reload()} />
      ) : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {state.status === 'ready' ? (
        <>
          {editor.stale ? (
            <div role="alert">
              <Notice $tone="error">{t('pageEditor.editor.stale')}</Notice>
              <Button variant="secondary" onPress={() => void editor.reload()}>
                {t('pageEditor.editor.reload')}
              </Button>
            </div>
          ) : null}
          <PageStatus page={state.page} />
          <PageActions page={state.page} run={editor.run} />
          <ComponentsEditor
            pageId={id}
            components={state.components}
            editable={state.page.attributes.deletedAt === null}
            run={editor.run}
            showComponents={editor.showComponents}
            refresh={() => void editor.refresh()}
          />
          <section aria-labelledby="page-editor-settings">
            <h2 id="page-editor-settings">{t('pageEditor.settings.heading')}</h2>
            <SettingsSection page={state.page} run={editor.run} />
          </section>
        </>
      ) : null}
    </WidePage>
  );
}

function PageStatus({ page }: { page: Page }) {
  const t = usePageEditorT();
  const { path, isDraft, deletedAt } = page.attributes;
  const original = draftOf(page);
  const draft = draftOfPage(page);
  if (deletedAt !== null) return <Notice $tone="error">{t('pageEditor.status.deleted')}</Notice>;
  if (isDraft) {
    return (
      <Notice>
        {t('pageEditor.status.draft', { path })}{' '}
        {original ? <Link href={pagePaths.edit(original)}>{t('pageEditor.status.toPage')}</Link> : null}
      </Notice>
    );
  }
  return (
    <Notice>
      {t('pageEditor.status.published', { path })}{' '}
      {draft ? (
        <>
          {t('pageEditor.status.hasDraft')}{' '}
          <Link href={pagePaths.edit(draft)}>{t('pageEditor.status.toDraft')}</Link>
        </>
      ) : (
        t('pageEditor.status.liveEdits')
      )}
    </Notice>
  );
}

function SettingsSection({ page, run }: { page: Page; run: (command: PageCommand) => Promise<unknown> }) {
  const api = useApi();
  const initial = settingsOf(page.attributes);
  return (
    <PageSettingsForm
      // a new form when the settings changed on the server (the editor's save, or a reload), not on every command
      key={JSON.stringify(initial)}
      initial={initial}
      editable={page.attributes.deletedAt === null}
      onSubmit={async (changed) => {
        await run((version) => pagesApi.updatePage(api, page.id, version, changed));
      }}
    />
  );
}

/** Preview, history, the draft's creation or publication, and deletion. */
function PageActions({ page, run }: { page: Page; run: (command: PageCommand) => Promise<unknown> }) {
  const t = usePageEditorT();
  const api = useApi();
  const toast = useToast();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const { navigate } = useNavigation();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { isDraft, deletedAt } = page.attributes;
  const draft = draftOfPage(page);
  const rule = publishable(page);

  const act = async (command: PageCommand, done: (answer: { id: string; position: string }) => void) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await run(command);
      const { data, meta } = answer as { data: { id: string }; meta: { position: string } };
      done({ id: data.id, position: meta.position });
    } catch (error) {
      const { form, fields } = commandErrors(error, lookup, errorText);
      setProblem(form ?? Object.values(fields)[0] ?? errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const createDraft = () =>
    act(
      (version) => pagesApi.createDraft(api, page.id, version),
      ({ id, position }) => {
        toast(t('pageEditor.draft.created'), 'success');
        navigate(`${pagePaths.edit(id)}?minPosition=${position}`);
      },
    );
  const publish = () =>
    act(
      (version) => pagesApi.publishDraft(api, page.id, version),
      ({ id, position }) => {
        toast(t('pageEditor.draft.published', { title: page.attributes.title }), 'success');
        navigate(`${pagePaths.edit(id)}?minPosition=${position}`);
      },
    );
  const remove = () =>
    act(
      (version) => pagesApi.deletePage(api, page.id, version),
      ({ position }) => {
        setDeleting(false);
        toast(t(isDraft ? 'pageEditor.delete.doneDraft' : 'pageEditor.delete.done'), 'success');
        navigate(`${pagePaths.index}?minPosition=${position}`);
      },
    ).finally(() => setDeleting(false));

  return (
    <>
      <ActionBar>
        <ButtonLink variant="secondary" href={pagePaths.preview(page.id)} external>
          {t('pageEditor.preview')}
        </ButtonLink>
        <ButtonLink variant="secondary" href={pagePaths.history(page.id)}>
          {t('pageEditor.history')}
        </ButtonLink>
        {deletedAt === null && !isDraft && !draft ? (
          <Button isDisabled={busy} onPress={() => void createDraft()}>
            {t('pageEditor.draft.create')}
          </Button>
        ) : null}
        {deletedAt === null && isDraft ? (
          <>
            <Button
              isDisabled={busy || rule !== 'ok'}
              aria-describedby={rule === 'ok' ? undefined : 'page-editor-publish-rule'}
              onPress={() => void publish()}
            >
              {t('pageEditor.draft.publish')}
            </Button>
          </>
        ) : null}
        {deletedAt === null ? (
          <Button variant="danger" isDisabled={busy} onPress={() => setDeleting(true)}>
            {t(isDraft ? 'pageEditor.delete.draft' : 'pageEditor.delete.page')}
          </Button>
        ) : null}
      </ActionBar>
      {deletedAt === null && isDraft && rule === 'unchanged' ? (
        <Explanation id="page-editor-publish-rule">{t('pageEditor.draft.unchanged')}</Explanation>
      ) : null}
      {problem ? (
        <div role="alert">
          <Notice $tone="error">{problem}</Notice>
        </div>
      ) : null}
      <ConfirmDialog
        title={t(isDraft ? 'pageEditor.delete.titleDraft' : 'pageEditor.delete.title')}
        isOpen={deleting}
        cancelLabel={t('pageEditor.cancel')}
        confirmLabel={t('pageEditor.delete.confirm')}
        pending={busy}
        onCancel={() => setDeleting(false)}
        onConfirm={remove}
      >
        <p>
          {t(isDraft ? 'pageEditor.delete.bodyDraft' : 'pageEditor.delete.body', {
            title: page.attributes.title,
            path: page.attributes.path,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
