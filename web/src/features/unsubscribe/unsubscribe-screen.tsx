import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useParams, useSearch } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { APP_NAME } from '../../kit/build-info.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { ActionRow, Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import {
  emailOfSegment,
  linkIsWellFormed,
  signatureOf,
  unsubscribe,
  type UnsubscribeSubject,
} from './unsubscribe-api.ts';
import type en from './messages/en.json';

type Messages = typeof en;

// no width but the reading column's (in rem, so it grows with the text); a long address breaks anywhere
const Page = styled(PageContainer)`
  max-width: 42rem;
  overflow-wrap: anywhere;
  h1:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Where the page stands: before the press, while it is sent, after it, or a link that leaves nothing. */
type Stage = 'ready' | 'sending' | 'failed' | 'done' | 'invalid';

/** A contact's link (seed 000 §2: /services/light-users/unsubscribe/{id}?s=…). The address is never shown. */
export function ContactUnsubscribeScreen() {
  const { id } = useParams<{ id: string }>();
  const signature = signatureOf(useSearch());
  return (
    <UnsubscribePage key={`${id}?${signature}`} subject={{ kind: 'contact', id }} signature={signature} />
  );
}

/** The link of a letter sent to an address (seed 000 §2: /services/unsubscribe/{email}?s=…), which it shows. */
export function EmailUnsubscribeScreen() {
  const { email } = useParams<{ email: string }>();
  const signature = signatureOf(useSearch());
  const address = emailOfSegment(email);
  return (
    <UnsubscribePage
      key={`${address}?${signature}`}
      subject={{ kind: 'email', email: address }}
      signature={signature}
    />
  );
}

/**
 * The page a newsletter's link opens. Opening it changes nothing (mail scanners open links): only the press of its
 * button sends the signed request. What replaces the button after a press (the confirmation, or a link found
 * invalid) takes the focus, so that a screen reader reads it; a failure is said in an alert and the button stays,
 * focused, to try again.
 */
function UnsubscribePage({ subject, signature }: { subject: UnsubscribeSubject; signature: string }) {
  const t = useT<Messages>();
  const api = useApi();
  const [wellFormed] = useState(() => linkIsWellFormed(subject, signature));
  const [stage, setStage] = useState<Stage>(wellFormed ? 'ready' : 'invalid');
  const [reference, setReference] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pressed = useRef(false);
  const leaving = useRef<AbortController | null>(null);

  // the title says what the link is for; it does not change under the reader (each change is announced as a page)
  usePageTitle(wellFormed ? t('unsubscribe.title') : t('unsubscribe.invalid.title'));
  useEffect(() => {
    if (pressed.current && (stage === 'done' || stage === 'invalid')) headingRef.current?.focus();
  }, [stage]);
  useEffect(() => () => leaving.current?.abort(), []);

  const leave = async () => {
    if (leaving.current) return;
    pressed.current = true;
    const controller = new AbortController();
    leaving.current = controller;
    setStage('sending');
    const outcome = await unsubscribe(api, { subject, signature, signal: controller.signal });
    leaving.current = null;
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'failed') setReference(outcome.reference);
    setStage(outcome.kind);
  };

  if (stage === 'invalid')
    return (
      <Page>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('unsubscribe.invalid.title')}
        </h1>
        <NoticeBox $tone="warning">
          <p>{t('unsubscribe.invalid.text', { appName: APP_NAME })}</p>
        </NoticeBox>
        <HomeLink />
      </Page>
    );

  if (stage === 'done')
    return (
      <Page>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('unsubscribe.done.title')}
        </h1>
        <Lead>{t('unsubscribe.done.text', { appName: APP_NAME })}</Lead>
        <HomeLink />
      </Page>
    );

  const sending = stage === 'sending';
  return (
    <Page>
      <h1>{t('unsubscribe.title')}</h1>
      <Lead>
        {subject.kind === 'email'
          ? t('unsubscribe.intro.email', { appName: APP_NAME, email: subject.email })
          : t('unsubscribe.intro.contact', { appName: APP_NAME })}
      </Lead>
      {/* in the page from the start, so that the failure put in it is announced */}
      <div role="alert">
        {stage === 'failed' ? (
          <NoticeBox $tone="error">
            <p>{t('unsubscribe.failed')}</p>
            {reference ? <p>{t('unsubscribe.failedReference', { appName: APP_NAME, reference })}</p> : null}
          </NoticeBox>
        ) : null}
      </div>
      <ActionRow>
        <Button isPending={sending} onPress={() => void leave()}>
          {sending ? t('unsubscribe.sending') : t('unsubscribe.submit')}
        </Button>
      </ActionRow>
    </Page>
  );
}

function HomeLink() {
  const t = useT<Messages>();
  return (
    <ActionRow>
      <ButtonLink href="/" variant="secondary">
        {t('unsubscribe.home')}
      </ButtonLink>
    </ActionRow>
  );
}
