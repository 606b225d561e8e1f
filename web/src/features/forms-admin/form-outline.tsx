import { advancedFormPath } from '@platform/contracts/forms/records';
import type { FormSection } from '@platform/contracts/forms/rules';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Notice } from '../../kit/admin/admin-ui.tsx';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import type { ResourceRecord } from '../../kit/admin/resources/resource-api.ts';
import { ActionBar, useRecordTitle } from '../../kit/admin/resources/resource-ui.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { pagesOf, recordsOfForm } from './forms-admin-api.ts';
import { useFormsAdminT } from './forms-admin-ui.ts';

const Pages = styled.ol`
  margin: 0 0 1rem;
  padding-inline-start: 1.5rem;
  overflow-wrap: anywhere;
`;
const Questions = styled.ul`
  margin: 0.25rem 0 0.75rem;
  padding-inline-start: 1.25rem;
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; pages: FormSection[]; workflows: ResourceRecord[] };

/**
 * On a form's screen in the back office (ADR 0062): the page visitors answer it at (opened in a new tab), its pages
 * as the visitors see them, each question a link to its screen (required ones said so, each field's type in words),
 * the way to add a question or a workflow to this form (the create screen opens with the form chosen), and its
 * workflows.
 */
export function FormOutline({ record }: ShowActionsProps) {
  const t = useFormsAdminT();
  const titleOf = useRecordTitle();
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const formId = record.id;
  const version = record.meta?.version ?? '';

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    Promise.all([
      recordsOfForm(api, 'form-fields', formId, { sort: 'position', signal: controller.signal }),
      recordsOfForm(api, 'form-workflows', formId, { sort: 'name', signal: controller.signal }),
    ]).then(
      ([fields, workflows]) => setLoaded({ status: 'ready', pages: pagesOf(fields), workflows }),
      () => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, formId, version]);

  const publicPath = advancedFormPath(formId);
  const addQuestion = `${resourcePaths.create('form-fields')}?form=${encodeURIComponent(formId)}`;
  const addWorkflow = `${resourcePaths.create('form-workflows')}?form=${encodeURIComponent(formId)}`;

  return (
    <>
      <section aria-labelledby="form-outline-page">
        <h2 id="form-outline-page">{t('formsAdmin.form.publicHeading')}</h2>
        <p>{t('formsAdmin.form.publicHelp')}</p>
        <ActionBar>
          <ButtonLink variant="secondary" href={publicPath} external>
            {t('formsAdmin.form.open')}
          </ButtonLink>
        </ActionBar>
      </section>
      <section aria-labelledby="form-outline-questions" aria-busy={loaded.status === 'loading'}>
        <h2 id="form-outline-questions">{t('formsAdmin.form.questionsHeading')}</h2>
        {loaded.status === 'failed' ? (
          <Notice $tone="error" role="alert">
            {t('formsAdmin.form.failed')}
          </Notice>
        ) : loaded.status === 'loading' ? (
          <p>{t('formsAdmin.form.loading')}</p>
        ) : loaded.pages.length === 0 ? (
          <p>{t('formsAdmin.form.noQuestions')}</p>
        ) : (
          <Pages>
            {loaded.pages.map((page, index) => (
              <li key={page.id ?? 'first'}>
                {page.id ? (
                  <Link href={resourcePaths.show('form-fields', page.id)}>
                    {t('formsAdmin.form.page', { number: index + 1, title: page.title ?? '' })}
                  </Link>
                ) : (
                  t('formsAdmin.form.pageUntitled', { number: index + 1 })
                )}
                {page.fields.length ? (
                  <Questions>
                    {page.fields.map((field) => (
                      <li key={field.id}>
                        <Link href={resourcePaths.show('form-fields', field.id)}>{field.title}</Link>{' '}
                        <Muted>
                          {titleOf('form-field-types', field.fieldType, field.fieldType)}
                          {field.required ? `, ${t('formsAdmin.form.required')}` : ''}
                        </Muted>
                      </li>
                    ))}
                  </Questions>
                ) : (
                  <Questions as="p">
                    <Muted>{t('formsAdmin.form.pageEmpty')}</Muted>
                  </Questions>
                )}
              </li>
            ))}
          </Pages>
        )}
        <ActionBar>
          <ButtonLink variant="secondary" href={addQuestion}>
            {t('formsAdmin.form.addQuestion')}
          </ButtonLink>
        </ActionBar>
      </section>
      <section aria-labelledby="form-outline-workflows">
        <h2 id="form-outline-workflows">{t('formsAdmin.form.workflowsHeading')}</h2>
        {loaded.status === 'ready' ? (
          loaded.workflows.length ? (
            <Questions>
              {loaded.workflows.map((workflow) => (
                <li key={workflow.id}>
                  <Link href={resourcePaths.show('form-workflows', workflow.id)}>
                    {String(workflow.attributes.name ?? workflow.id)}
                  </Link>
                </li>
              ))}
            </Questions>
          ) : (
            <p>{t('formsAdmin.form.noWorkflows')}</p>
          )
        ) : null}
        <ActionBar>
          <ButtonLink variant="secondary" href={addWorkflow}>
            {t('formsAdmin.form.addWorkflow')}
          </ButtonLink>
        </ActionBar>
      </section>
    </>
  );
}
