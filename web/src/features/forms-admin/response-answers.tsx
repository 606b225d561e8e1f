import type { FormAnswer, FormFieldView, FormSection } from '@platform/contracts/forms/rules';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Notice } from '../../kit/admin/admin-ui.tsx';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import { pagesOf, recordsOfForm } from './forms-admin-api.ts';
import { useFormsAdminT } from './forms-admin-ui.ts';

const Answers = styled.dl`
  margin: 0 0 1rem;
  overflow-wrap: anywhere;
  dt {
    font-weight: 600;
    margin-top: 0.75rem;
  }
  dd {
    margin: 0.25rem 0 0;
    white-space: pre-wrap;
  }
`;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; pages: FormSection[] };

/**
 * On a response's screen in the back office (ADR 0062): whether it was sent (and when) or is still being filled in
 * (up to which page), then its answers page by page under their questions, in words: a ticked box as yes, choices
 * listed, an unanswered question said so. Questions removed since keep their answers in the record's own fields.
 */
export function ResponseAnswers({ record }: ShowActionsProps) {
  const t = useFormsAdminT();
  const intl = useIntl();
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const form = record.relationships?.form?.data;
  const formId = form && !Array.isArray(form) ? form.id : null;
  const answers = (record.attributes.answers ?? {}) as Record<string, FormAnswer>;
  const endedAt = typeof record.attributes.endedAt === 'string' ? record.attributes.endedAt : null;
  const reached = typeof record.attributes.section === 'number' ? record.attributes.section : 0;

  useEffect(() => {
    if (!formId) return;
    const controller = new AbortController();
    recordsOfForm(api, 'form-fields', formId, { sort: 'position', signal: controller.signal }).then(
      (fields) => setLoaded({ status: 'ready', pages: pagesOf(fields) }),
      () => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, formId]);

  const said = (field: FormFieldView, value: FormAnswer | undefined): string => {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length))
      return t('formsAdmin.response.unanswered');
    if (typeof value === 'boolean') return t(value ? 'formsAdmin.response.yes' : 'formsAdmin.response.no');
    if (Array.isArray(value)) return intl.formatList(value, { type: 'conjunction' });
    if (typeof value === 'number') return intl.formatNumber(value);
    if (field.dataType === 'date') {
      const day = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(day.getTime())
        ? value
        : intl.formatDate(day, { dateStyle: 'long', timeZone: 'UTC' });
    }
    return value;
  };

  return (
    <section aria-labelledby="form-response-answers" aria-busy={loaded.status === 'loading'}>
      <h2 id="form-response-answers">{t('formsAdmin.response.heading')}</h2>
      <p>
        {endedAt
          ? t('formsAdmin.response.ended', {
              date: intl.formatDate(new Date(endedAt), { dateStyle: 'long', timeStyle: 'short' }),
            })
          : t('formsAdmin.response.inProgress', { page: reached + 1 })}
      </p>
      {loaded.status === 'failed' ? (
        <Notice $tone="error" role="alert">
          {t('formsAdmin.form.failed')}
        </Notice>
      ) : loaded.status === 'loading' ? (
        <p>{t('formsAdmin.form.loading')}</p>
      ) : (
        loaded.pages.map((page, index) =>
          page.fields.length ? (
            <section key={page.id ?? 'first'} aria-labelledby={`form-response-page-${index}`}>
              <h3 id={`form-response-page-${index}`}>
                {page.title
                  ? t('formsAdmin.form.page', { number: index + 1, title: page.title })
                  : t('formsAdmin.form.pageUntitled', { number: index + 1 })}
              </h3>
              <Answers>
                {page.fields.map((field) => (
                  <div key={field.id}>
                    <dt>{field.title}</dt>
                    <dd>{said(field, answers[field.id])}</dd>
                  </div>
                ))}
              </Answers>
            </section>
          ) : null,
        )
      )}
    </section>
  );
}
