import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { APP_NAME } from '../../../kit/build-info.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { Actions, CodeForm, Notice, StatusMessage } from './layout.tsx';
import type en from './messages/en.json';
import { useProblemMessage } from './problem-message.ts';
import {
  twoFactorSettingsActors,
  twoFactorSettingsMachine,
  type SettingsFormProblem,
} from './two-factor-settings.machine.ts';

const Section = styled.section`
  margin: 1.5rem 0;
  h3 {
    font-size: 1.25rem;
    margin: 0 0 0.75rem;
  }
  h4 {
    font-size: 1.125rem;
    margin: 1.25rem 0 0.5rem;
  }
`;

const Qr = styled.img`
  display: block;
  width: 12rem;
  height: 12rem;
  padding: 0.5rem;
  background: #fff;
  border-radius: 0.375rem;
`;

const Mono = styled.code`
  font-family: ui-monospace, 'Cascadia Mono', 'Courier New', monospace;
  font-size: 1.125rem;
  letter-spacing: 0.08em;
  word-break: break-all;
`;

const CodeList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: 0.5rem 1.5rem;
  padding: 0;
  margin: 0.75rem 0;
  list-style: none;
`;

const codesFileName = `${APP_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;

/** The setup key in groups of four, easier to read and type ("JBSW Y3DP EHPK 3PXP"). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const FORM_PROBLEM_MESSAGE = {
  changedMeanwhile: 'twoFactor.error.changedMeanwhile',
  unavailable: 'twoFactor.error.unavailable',
  unexpected: 'twoFactor.error.unexpected',
} as const satisfies Record<SettingsFormProblem, keyof typeof en>;

/**
 * Two-factor on the profile (seed 000 §2.1, §2.5): renders the two-factor settings machine
 * (two-factor-settings.machine.ts), whose calls are the auth client's and the session's read back of the
 * user. The status (off or on) is the session's user; everything else is the machine's snapshot. Shown only
 * when the two-factor feature is on; it sits under the profile's h2 "Security", so its own heading is an h3.
 */
export function TwoFactorSettings() {
  const t = useT<typeof en>();
  const authApi = useAuthApi();
  const toast = useToast();
  const problemMessage = useProblemMessage();
  const { user, features, refresh } = useSession();
  const machine = useMemo(
    () => twoFactorSettingsMachine.provide({ actors: twoFactorSettingsActors(authApi, refresh) }),
    [authApi, refresh],
  );
  const [snapshot, send, actorRef] = useMachine(machine);
  const { context } = snapshot;
  const pending = snapshot.hasTag('pending');
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const fieldBoxRef = useRef<HTMLFormElement>(null);

  const step = snapshot.matches('scanning')
    ? 'scanning'
    : snapshot.matches('recoveryCodes')
      ? 'recoveryCodes'
      : snapshot.matches('turningOff')
        ? 'turningOff'
        : 'status';

  // a new step takes the focus on its heading; a refused field takes it back; back at the status, the
  // section's heading has it
  useEffect(() => {
    if (step === 'scanning' || step === 'recoveryCodes') stepRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (context.problem) {
      fieldBoxRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
    }
  }, [context.problem]);
  useEffect(() => {
    const subscriptions = [
      actorRef.on('turnedOff', () => toast(t('twoFactor.settings.disabled'), 'success')),
      actorRef.on('closed', () => headingRef.current?.focus()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, toast, t]);

  if (!features.twoFactor || !user) return null;
  const strategy = user.twoFactorStrategy;
  const enrolment = context.enrolment;
  const codes = context.recoveryCodes;
  const formError = context.formProblem ? t(FORM_PROBLEM_MESSAGE[context.formProblem]) : null;
  const announcement =
    context.announcement === 'enabled'
      ? t('twoFactor.settings.enabled')
      : context.announcement === 'disabled'
        ? t('twoFactor.settings.disabled')
        : '';

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(done, 'success');
    } catch {
      toast(t('twoFactor.settings.copyFailed'), 'error');
    }
  };

  const codesText = (list: string[]) =>
    `${t('twoFactor.settings.codesFileHeader', { appName: APP_NAME, email: user.email })}\n\n${list.join('\n')}\n`;

  return (
    <Section aria-labelledby={titleId}>
      <h3 id={titleId} ref={headingRef} tabIndex={-1}>
        {t('twoFactor.settings.title')}
      </h3>
      <StatusMessage>{announcement}</StatusMessage>
      {formError ? (
        <Notice tone="error" alert>
          <p>{formError}</p>
        </Notice>
      ) : null}

      {step === 'recoveryCodes' ? (
        <>
          <h4 ref={stepRef} tabIndex={-1}>
            {t('twoFactor.settings.recoveryTitle')}
          </h4>
          <p>{t('twoFactor.settings.recoveryText')}</p>
          <CodeList aria-label={t('twoFactor.settings.recoveryList')}>
            {codes.map((c) => (
              <li key={c}>
                <Mono>{c}</Mono>
              </li>
            ))}
          </CodeList>
          <Actions>
            <Button
              variant="secondary"
              onPress={() => void copy(codes.join('\n'), t('twoFactor.settings.codesCopied'))}
            >
              {t('twoFactor.settings.copyCodes')}
            </Button>
            <Button variant="secondary" onPress={() => downloadText(codesFileName, codesText(codes))}>
              {t('twoFactor.settings.downloadCodes')}
            </Button>
            <Button onPress={() => send({ type: 'user.done' })}>{t('twoFactor.settings.done')}</Button>
          </Actions>
        </>
      ) : step === 'scanning' && enrolment ? (
        <>
          <h4 ref={stepRef} tabIndex={-1}>
            {t('twoFactor.settings.scanTitle')}
          </h4>
          <ol>
            <li>
              <p>{t('twoFactor.settings.scanStep')}</p>
              <Qr
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`}
                alt={t('twoFactor.settings.qrAlt')}
              />
            </li>
            <li>
              <p>{t('twoFactor.settings.secretStep')}</p>
              <p>
                {t('twoFactor.settings.secretLabel')}
                {': '}
                <Mono>{grouped(enrolment.secret)}</Mono>
              </p>
              <Actions>
                <Button
                  variant="secondary"
                  size="small"
                  onPress={() => void copy(enrolment.secret, t('twoFactor.settings.secretCopied'))}
                >
                  {t('twoFactor.settings.copySecret')}
                </Button>
                <Link href={enrolment.otpauthUrl}>{t('twoFactor.settings.openInApp')}</Link>
              </Actions>
            </li>
            <li>
              <p>{t('twoFactor.settings.confirmStep')}</p>
              <CodeForm
                ref={fieldBoxRef}
                aria-label={t('twoFactor.settings.scanTitle')}
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'user.submit' });
                }}
              >
                <TextField
                  label={t('twoFactor.settings.confirmCode')}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  isRequired
                  value={context.code}
                  onChange={(value) => send({ type: 'user.editCode', value })}
                  errorMessage={context.problem ? problemMessage('code', context.problem) : undefined}
                />
                <Actions>
                  <Button type="submit" isPending={pending}>
                    {t('twoFactor.settings.confirm')}
                  </Button>
                  <Button
                    variant="secondary"
                    isDisabled={pending}
                    onPress={() => send({ type: 'user.cancel' })}
                  >
                    {t('twoFactor.settings.cancel')}
                  </Button>
                </Actions>
              </CodeForm>
            </li>
          </ol>
        </>
      ) : strategy ? (
        <>
          <p>{strategy === 'email' ? t('twoFactor.settings.onEmail') : t('twoFactor.settings.onTotp')}</p>
          {step === 'turningOff' ? (
            <CodeForm
              ref={fieldBoxRef}
              aria-label={t('twoFactor.settings.confirmTurnOff')}
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'user.submit' });
              }}
            >
              <p>{t('twoFactor.settings.turnOffText')}</p>
              <TextField
                label={t('twoFactor.settings.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                isRequired
                autoFocus
                value={context.password}
                onChange={(value) => send({ type: 'user.editPassword', value })}
                errorMessage={context.problem ? problemMessage('password', context.problem) : undefined}
              />
              <Actions>
                <Button type="submit" variant="danger" isPending={pending}>
                  {t('twoFactor.settings.confirmTurnOff')}
                </Button>
                <Button
                  variant="secondary"
                  isDisabled={pending}
                  onPress={() => send({ type: 'user.cancel' })}
                >
                  {t('twoFactor.settings.cancel')}
                </Button>
              </Actions>
            </CodeForm>
          ) : (
            <Actions>
              <Button variant="secondary" onPress={() => send({ type: 'user.turnOff' })}>
                {t('twoFactor.settings.turnOff')}
              </Button>
            </Actions>
          )}
        </>
      ) : (
        <>
          <p>{t('twoFactor.settings.offStatus')}</p>
          <Actions>
            <Button isPending={pending} onPress={() => send({ type: 'user.enable', strategy: 'totp' })}>
              {t('twoFactor.settings.useApp')}
            </Button>
            <Button
              variant="secondary"
              isDisabled={pending}
              onPress={() => send({ type: 'user.enable', strategy: 'email' })}
            >
              {t('twoFactor.settings.useEmail')}
            </Button>
          </Actions>
        </>
      )}
    </Section>
  );
}
