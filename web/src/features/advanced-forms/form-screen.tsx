import { advancedFormPath } from '@platform/contracts/forms/records';
import { useMachine } from '@xstate/react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { useApi } from '../../kit/api/api-context.tsx';
import type { ApiClient } from '../../kit/api/client.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { localeAtom } from '../../kit/state/settings.ts';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { solveCaptcha } from '../../kit/captcha/solve.ts';
import { FormIntro } from './form-intro.tsx';
import { advancedFormMachine } from './form.machine.ts';
import {
  endResponse,
  readAdvancedForm,
  readChallenge,
  readResponse,
  saveSection,
  startResponse,
  type SaveRequest,
  type StartRequest,
} from './forms-api.ts';
import type en from './messages/en.json';
import { SectionForm } from './section-form.tsx';

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
  .address {
    font-weight: 600;
    word-break: break-all;
  }
`;

/** The page's calls, as the machine's actors. */
function formActors(api: ApiClient) {
  return {
    loadPage: fromPromise(
      async ({ input, signal }: { input: { id: string; token: string | null }; signal: AbortSignal }) => {
        const [form, response] = await Promise.all([
          readAdvancedForm(api, input.id, signal),
          input.token ? readResponse(api, { id: input.id, token: input.token }, signal) : null,
        ]);
        return { form, response };
      },
    ),
    solve: fromPromise(
      ({ input, signal }: { input: Parameters<typeof solveCaptcha>[0]; signal: AbortSignal }) =>
        solveCaptcha(input, signal),
    ),
    renewChallenge: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
      readChallenge(api, input.id, signal),
    ),
    start: fromPromise(({ input }: { input: StartRequest }) => startResponse(api, input)),
    save: fromPromise(({ input }: { input: SaveRequest }) => saveSection(api, input)),
    end: fromPromise(({ input }: { input: { id: string; token: string } }) => endResponse(api, input)),
  };
}

/** The page an address names (`…/{token}/2` is the second, from 0 here), or null when it names none. */
function pageOfParam(section: string | undefined): number | null {
  return section && /^[1-9]\d{0,3}$/.test(section) ? Number(section) - 1 : null;
}

/**
 * The public page of an advanced form (seed 000 §2 services.advanced-forms.show): /services/aforms/{form}, then
 * /{token}/{page} once a response is started. The flow is the machine's (form.machine.ts); this renders where it
 * stands and moves focus where it asks: the page's heading, the first answer to fix, the confirmation.
 */
export function AdvancedFormScreen() {
  const params = useParams<{ form: string; token?: string; section?: string }>();
  // another form is another flow; another response of the same form is read anew by the flow itself
  return (
    <AdvancedFormFlow
      key={params.form}
      formId={params.form}
      token={params.token ?? null}
      page={pageOfParam(params.section)}
    />
  );
}

function AdvancedFormFlow({
  formId,
  token,
  page,
}: {
  formId: string;
  token: string | null;
  page: number | null;
}) {
  const t = useT<Messages>();
  const api = useApi();
  const locale = useAtomValue(localeAtom);
  const { navigate } = useNavigation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const pageRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const endedRef = useRef<HTMLHeadingElement>(null);
  const machine = useMemo(
    () =>
      advancedFormMachine.provide({
        actors: formActors(api),
        actions: {
          navigate: ({ context }, params) =>
            navigateRef.current(advancedFormPath(context.formId, context.token, context.page), params),
        },
      }),
    [api],
  );
  const [snapshot, send] = useMachine(machine, { input: { formId, token, page, locale } });
  const { form, sections, answers, problems, notice, attention, endedNow } = snapshot.context;
  const answering = snapshot.matches('answering');
  const ended = snapshot.matches('ended');
  const notFound = snapshot.matches('notFound');
  const title = form?.title || t('advancedForms.pageTitle');

  // the browser's back and forward buttons, or a link to another page of the form
  useEffect(() => send({ type: 'route.changed', token, page }), [token, page, send]);

  usePageTitle(
    notFound
      ? t('advancedForms.notFound.title')
      : answering
        ? t('advancedForms.pageTitleStep', {
            title,
            page: snapshot.context.page + 1,
            pages: sections.length,
          })
        : form || snapshot.matches('loadFailed')
          ? title
          : null,
  );

  useEffect(() => {
    if (attention.seq === 0) return;
    const move = () => {
      if (attention.to === 'page') headingRef.current?.focus();
      else if (attention.to === 'ended') endedRef.current?.focus();
      else {
        const first = sections[snapshot.context.page]?.fields.find((field) => problems[field.id]);
        const control = first
          ? pageRef.current?.querySelector<HTMLElement>(
              `[data-field="${first.id}"] :is(input:not([type="hidden"]), textarea, button)`,
            )
          : null;
        (control ?? alertRef.current)?.focus();
      }
    };
    // after the shell's own move to the main content that follows a navigation (frame/shell), not before it
    const timer = setTimeout(move, 0);
    return () => clearTimeout(timer);
    // once per request, with what it asks
  }, [attention.seq]);

  if (snapshot.matches('loading'))
    return (
      <Page>
        <InlineLoader aria-label={t('advancedForms.loading')} />
      </Page>
    );
  if (snapshot.matches('loadFailed'))
    return (
      <Page>
        <h1>{title}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('advancedForms.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={() => send({ type: 'user.retry' })}>
              {t('advancedForms.retry')}
            </Button>
          </p>
        </NoticeBox>
      </Page>
    );
  if (notFound || !form)
    return (
      <Page>
        <h1>{t('advancedForms.notFound.title')}</h1>
        <NoticeBox $tone="warning" role="alert">
          <p>{t('advancedForms.notFound.text')}</p>
        </NoticeBox>
      </Page>
    );

  const pending = snapshot.matches({ answering: 'ending' })
    ? 'sending'
    : snapshot.matches({ answering: 'saving' })
      ? snapshot.context.page === sections.length - 1
        ? 'sending'
        : 'saving'
      : null;
  return (
    <Page ref={pageRef}>
      <h1>{title}</h1>
      {/* in the page from the start, so that what is put in it is announced */}
      <div role="status">
        {ended ? (
          <NoticeBox $tone="success">
            <h2 ref={endedRef} tabIndex={-1}>
              {endedNow ? t('advancedForms.ended.title') : t('advancedForms.alreadySent.title')}
            </h2>
            <p>{endedNow ? t('advancedForms.ended.text') : t('advancedForms.alreadySent.text')}</p>
          </NoticeBox>
        ) : answering && snapshot.context.token ? (
          <ResponseAddress path={advancedFormPath(formId, snapshot.context.token)} />
        ) : null}
      </div>
      {snapshot.matches('intro') ? (
        <FormIntro
          form={form}
          notice={notice}
          pending={snapshot.hasTag('pending')}
          alertRef={alertRef}
          onStart={() => send({ type: 'user.start' })}
        />
      ) : null}
      {answering ? (
        <SectionForm
          sections={sections}
          page={snapshot.context.page}
          answers={answers}
          problems={problems}
          notice={notice}
          pending={pending}
          headingRef={headingRef}
          alertRef={alertRef}
          onEdit={(fieldId, value) => send({ type: 'user.edit', fieldId, value })}
          onNext={() => send({ type: 'user.next' })}
          onBack={() => send({ type: 'user.back' })}
        />
      ) : null}
    </Page>
  );
}

/** The response's own address, which brings the visitor back to their answers, with a button to copy it. */
function ResponseAddress({ path }: { path: string }) {
  const t = useT<Messages>();
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  const url = `${window.location.origin}${path}`;
  return (
    <NoticeBox $tone="info">
      <p>
        <strong>{t('advancedForms.address.title')}</strong>
      </p>
      <p>{t('advancedForms.address.text')}</p>
      <p className="address">{url}</p>
      <p>
        <Button
          variant="secondary"
          size="small"
          onPress={() =>
            Promise.resolve()
              .then(() => navigator.clipboard.writeText(url))
              .then(
                () => setCopied('copied'),
                () => setCopied('copyFailed'),
              )
          }
        >
          {t('advancedForms.address.copy')}
        </Button>
      </p>
      {copied ? <p>{t(`advancedForms.address.${copied}`)}</p> : null}
    </NoticeBox>
  );
}
