import { useMachine } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useParams, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { useApi } from '../../kit/api/api-context.tsx';
import type { ApiClient } from '../../kit/api/client.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { localeAtom } from '../../kit/state/settings.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { solveCaptcha } from '../../kit/captcha/solve.ts';
import {
  readChallenge,
  readJobs,
  readPublicForm,
  submitInput,
  utmOf,
  type PublicForm,
} from './contacts-api.ts';
import { ContactForm } from './form-fields.tsx';
import { contactFormMachine } from './form.machine.ts';
import type en from './messages/en.json';

type Messages = typeof en;

const Page = styled(PageContainer)`
  max-width: 42rem;
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.5rem;
    margin: 0 0 0.5rem;
  }
  h2:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Intro = styled.div`
  margin-bottom: 1.5rem;
  .description {
    white-space: pre-line;
    font-size: 1.125rem;
  }
  .facts {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The page's calls, as the machine's actors. */
function formActors(api: ApiClient) {
  return {
    loadPage: fromPromise(
      async ({ input, signal }: { input: { id: string; token: string }; signal: AbortSignal }) => {
        const [form, jobs] = await Promise.all([readPublicForm(api, input, signal), readJobs(api, signal)]);
        return { form, jobs };
      },
    ),
    solve: fromPromise(
      ({ input, signal }: { input: Parameters<typeof solveCaptcha>[0]; signal: AbortSignal }) =>
        solveCaptcha(input, signal),
    ),
    renewChallenge: fromPromise(
      ({ input, signal }: { input: { id: string; token: string }; signal: AbortSignal }) =>
        readChallenge(api, input, signal),
    ),
    submit: fromPromise(({ input }: { input: Parameters<typeof submitInput>[1] }) => submitInput(api, input)),
  };
}

/** The form's title, where it is for, until when it is open, and what it says. */
function FormIntro({ form, titleId }: { form: PublicForm; titleId: string }) {
  const t = useT<Messages>();
  const intl = useIntl();
  const country = form.country ? countryName(form.country, intl.locale) : null;
  return (
    <Intro>
      <h1 id={titleId}>{form.title}</h1>
      {country || (form.expiresAt && !form.closed) ? (
        <p className="facts">
          {country ? t('contacts.form.country', { country }) : null}
          {country && form.expiresAt && !form.closed ? ' · ' : null}
          {form.expiresAt && !form.closed
            ? t('contacts.form.openUntil', {
                date: intl.formatDate(form.expiresAt, { dateStyle: 'long', timeStyle: 'short' }),
              })
            : null}
        </p>
      ) : null}
      {form.description ? <p className="description">{form.description}</p> : null}
    </Intro>
  );
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The public light-user form (seed 001 §2, /services/forms/{id}?t={token}): a visitor with the link leaves their
 * details. The flow is the machine's (form.machine.ts); this renders where it stands. The captcha is solved in the
 * background and said only when it fails; the confirmation is said in a status message and its heading focused.
 */
export function ContactFormScreen() {
  const { id } = useParams<{ id: string }>();
  const search = useSearch();
  const token = new URLSearchParams(search).get('t') ?? '';
  // another link is another form: its own flow from the start
  return <ContactFormFlow key={`${id}?${token}`} id={id} token={token} search={search} />;
}

function ContactFormFlow({ id, token, search }: { id: string; token: string; search: string }) {
  const t = useT<Messages>();
  const api = useApi();
  const locale = useAtomValue(localeAtom);
  const intl = useIntl();
  const titleId = useId();
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [restarted, setRestarted] = useState(false);
  const machine = useMemo(() => contactFormMachine.provide({ actors: formActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine, { input: { id, token, locale, utm: utmOf(search) } });
  const { form, jobs, values, errors, notice, refusals } = snapshot.context;
  const done = snapshot.matches('done');
  const notFound = snapshot.matches('notFound');

  usePageTitle(
    notFound
      ? t('contacts.form.notFound.title')
      : form
        ? form.title
        : snapshot.matches('loadFailed')
          ? t('contacts.form.pageTitle')
          : null,
  );
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (snapshot.matches('loading'))
    return (
      <Page>
        <InlineLoader aria-label={t('contacts.form.loading')} />
      </Page>
    );
  if (snapshot.matches('loadFailed'))
    return (
      <Page>
        <h1>{t('contacts.form.pageTitle')}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('contacts.form.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={() => send({ type: 'user.retry' })}>
              {t('contacts.form.retry')}
            </Button>
          </p>
        </NoticeBox>
      </Page>
    );
  if (notFound || !form)
    return (
      <Page>
        <h1>{t('contacts.form.notFound.title')}</h1>
        <NoticeBox $tone="warning" role="alert">
          <p>{t('contacts.form.notFound.text')}</p>
        </NoticeBox>
      </Page>
    );

  return (
    <Page>
      <FormIntro form={form} titleId={titleId} />
      {snapshot.matches('closed') ? (
        <NoticeBox $tone="info">
          <p>
            {form.closed === 'expired' && form.expiresAt
              ? t('contacts.form.closed.expired', {
                  date: intl.formatDate(form.expiresAt, { dateStyle: 'long', timeStyle: 'short' }),
                })
              : t('contacts.form.closed.offline')}
          </p>
        </NoticeBox>
      ) : null}
      {/* in the page from the start, so that the confirmation put in it is announced */}
      <div role="status">
        {done ? (
          <NoticeBox $tone="success">
            <h2 ref={doneRef} tabIndex={-1}>
              {t('contacts.form.done.title')}
            </h2>
            <p>{t('contacts.form.done.text')}</p>
          </NoticeBox>
        ) : null}
      </div>
      {done ? (
        <Button
          variant="secondary"
          onPress={() => {
            setRestarted(true);
            send({ type: 'user.restart' });
          }}
        >
          {t('contacts.form.again')}
        </Button>
      ) : null}
      {snapshot.matches('filling') ? (
        <ContactForm
          form={form}
          jobs={jobs}
          values={values}
          errors={errors}
          notice={notice}
          captchaFailed={snapshot.matches({ filling: { captcha: 'failed' } })}
          pending={snapshot.hasTag('pending')}
          refusals={refusals}
          labelledBy={titleId}
          focusFirstField={restarted}
          onEdit={(edited) => send({ type: 'user.edit', values: edited })}
          onSubmit={() => send({ type: 'user.submit' })}
        />
      ) : null}
    </Page>
  );
}
