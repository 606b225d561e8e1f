import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { LabelledProgressBar } from '../../kit/ui/progress-bar.tsx';
import { useNewslettersT } from './newsletters-ui.ts';
import type { NewsletterSendContext, NewsletterSendEvent, NewsletterSendStep } from './send.machine.ts';

/** Reads of the progress failed in a row before the dialog says so (one lost read is not worth a word). */
const READS_FAILED_TO_SAY = 3;

const Body = styled.div`
  /* a subject without spaces wraps rather than push the dialog past a narrow window */
  overflow-wrap: anywhere;
  p {
    margin: 0 0 0.75rem;
  }
  .done:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * What the dialog says at each step. Two regions stay for the dialog's whole life, so that screen readers hear what
 * changes in them: a polite status (the question once counted, the start of the sending, its end) and an alert (what
 * went wrong). The progress bar's ticks are not in either: it is read when the reader goes to it.
 */
export function SendDialogBody({
  step,
  context,
  subject,
}: {
  step: NewsletterSendStep;
  context: NewsletterSendContext;
  subject: string;
}) {
  const t = useNewslettersT();
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (step === 'done') done.current?.focus();
  }, [step]);
  const { subscribers, progress } = context;
  const asked = step === 'confirming' || step === 'sending' || step === 'refused' || step === 'sendFailed';

  return (
    <Body>
      <div role="status">
        {step === 'counting' ? <p aria-busy="true">{t('newsletters.send.counting')}</p> : null}
        {asked && subscribers ? (
          <>
            <p>
              {t(subscribers.capped ? 'newsletters.send.questionAtLeast' : 'newsletters.send.question', {
                subject,
                count: subscribers.count,
              })}
            </p>
            <p>{t('newsletters.send.final')}</p>
          </>
        ) : null}
        {step === 'nobody' ? <p>{t('newsletters.send.nobody')}</p> : null}
        {step === 'delivering' && progress ? (
          <p>{t('newsletters.send.started', { count: progress.total })}</p>
        ) : null}
      </div>
      {/* focused when it comes, and so read once: outside the status region, which would say it a second time */}
      {step === 'done' && progress ? (
        <p className="done" ref={done} tabIndex={-1}>
          {t('newsletters.send.done', { count: progress.delivered })}
        </p>
      ) : null}
      <div role="alert">
        <Problem step={step} context={context} />
      </div>
      {step === 'delivering' && progress ? (
        <>
          <SendingProgressBar delivered={progress.delivered} total={progress.total} />
          {context.failedReads >= READS_FAILED_TO_SAY ? <p>{t('newsletters.send.readFailed')}</p> : null}
          <p>{t('newsletters.send.goesOn')}</p>
        </>
      ) : null}
    </Body>
  );
}

function Problem({ step, context }: { step: NewsletterSendStep; context: NewsletterSendContext }) {
  const t = useNewslettersT();
  const errorText = useAdminErrorText();
  let text: string | null = null;
  if (step === 'countFailed') text = `${t('newsletters.send.countFailed')} ${errorText(context.error)}`;
  else if (step === 'sendFailed') text = errorText(context.error);
  else if (step === 'refused') {
    const { refusal } = context;
    if (refusal === 'alreadySent') text = t('newsletters.send.alreadySent');
    else if (refusal === 'noRecipients') text = t('newsletters.send.noRecipients');
    else if (refusal === 'notFound') text = t('newsletters.send.notFound');
    else text = errorText(context.error);
  }
  return text ? <NoticeBox $tone="error">{text}</NoticeBox> : null;
}

function SendingProgressBar({ delivered, total }: { delivered: number; total: number }) {
  const t = useNewslettersT();
  const text = t('newsletters.send.progress', { delivered, total });
  return (
    <LabelledProgressBar
      label={t('newsletters.send.progressLabel')}
      value={delivered}
      total={total}
      valueText={text}
    />
  );
}

/**
 * The dialog's buttons at each step. Each group of steps has its own buttons, so that the one to go on with takes
 * the focus when they appear (Cancel while asking, as before any step that cannot be undone; Retry after a failure;
 * Close once nothing is left to decide); while the request is on its way, Send stays where the focus was, pending.
 */
export function SendDialogActions({
  step,
  send,
}: {
  step: NewsletterSendStep;
  send: (event: NewsletterSendEvent) => void;
}) {
  const t = useNewslettersT();
  const close = () => send({ type: 'user.close' });
  switch (step) {
    case 'idle':
      return null;
    case 'counting':
    case 'confirming':
    case 'sending':
      return (
        <>
          <Button
            key="ask-cancel"
            variant="secondary"
            onPress={close}
            isDisabled={step === 'sending'}
            autoFocus={step !== 'sending'}
          >
            {t('newsletters.send.cancel')}
          </Button>
          {step !== 'counting' ? (
            <Button
              key="ask-send"
              isPending={step === 'sending'}
              autoFocus={step === 'sending'}
              onPress={() => send({ type: 'user.send' })}
            >
              {step === 'sending' ? t('newsletters.send.sending') : t('newsletters.send.confirm')}
            </Button>
          ) : null}
        </>
      );
    case 'countFailed':
    case 'sendFailed':
      return (
        <>
          <Button key={`${step}-cancel`} variant="secondary" onPress={close}>
            {t('newsletters.send.cancel')}
          </Button>
          <Button key={`${step}-retry`} onPress={() => send({ type: 'user.retry' })} autoFocus>
            {t('newsletters.send.retry')}
          </Button>
        </>
      );
    case 'nobody':
    case 'refused':
      return (
        <Button key={`${step}-close`} onPress={close} autoFocus>
          {t('newsletters.send.close')}
        </Button>
      );
    case 'delivering':
    case 'done':
      return (
        <Button key="after-close" onPress={close} autoFocus>
          {t('newsletters.send.close')}
        </Button>
      );
  }
}
