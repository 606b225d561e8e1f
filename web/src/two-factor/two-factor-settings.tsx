import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { useAuthApi } from '../kit/api/api-context.tsx';
import { useToast } from '../kit/toast/toast-context.tsx';
import { ApiError } from '../kit/api/errors.ts';
import { APP_NAME } from '../kit/build-info.ts';
import { useT } from '../kit/i18n/use-t.ts';
import { useSession } from '../kit/session/session.tsx';
import { Button } from '../kit/ui/button.tsx';
import { Link } from '../kit/ui/link.tsx';
import { TextField } from '../kit/ui/text-field.tsx';
import { Actions, CodeForm, Notice, StatusMessage } from './layout.tsx';
import type en from './messages/en.json';
import { useProblemMessage } from './problem-message.ts';
import { codeBody, failureOf, type FieldProblem } from './two-factor-sign-in.machine.ts';

const Position = z.object({ position: z.string().optional() }).passthrough().optional();
const EnrolmentSchema = z.object({
  state: z.literal('confirmation_required'),
  strategy: z.literal('totp'),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeSvg: z.string(),
  meta: Position,
});
const EnabledSchema = z.object({
  state: z.literal('enabled'),
  strategy: z.enum(['totp', 'email']),
  recoveryCodes: z.array(z.string()),
  meta: Position,
});
const EnableAnswerSchema = z.discriminatedUnion('state', [EnrolmentSchema, EnabledSchema]);
const DisabledSchema = z.object({ state: z.literal('disabled'), meta: Position });

type Enrolment = z.infer<typeof EnrolmentSchema>;

type Step =
  | { kind: 'idle' }
  | { kind: 'scanning'; enrolment: Enrolment }
  | { kind: 'recoveryCodes'; codes: string[] }
  | { kind: 'turningOff' };

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

/**
 * Two-factor enrolment on the profile (seed 000 §2.1, §2.5): off → an authenticator app (QR code and setup key,
 * confirmed by a first code) or codes by e-mail, each ending on the recovery codes, shown once; on → turned
 * off with the password. Reads the signed-in user; shown only when the two-factor feature is on. It sits under
 * the profile's h2 "Security", so its own heading is an h3.
 */
export function TwoFactorSettings() {
  const t = useT<typeof en>();
  const authApi = useAuthApi();
  const toast = useToast();
  const problemMessage = useProblemMessage();
  const { user, features, refresh } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [pending, setPending] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ field: 'code' | 'password'; problem: FieldProblem } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const fieldBoxRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (step.kind === 'scanning' || step.kind === 'recoveryCodes') stepRef.current?.focus();
  }, [step.kind]);
  useEffect(() => {
    if (problem) fieldBoxRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [problem]);

  if (!features.twoFactor || !user) return null;
  const strategy = user.twoFactorStrategy;

  const reset = (next: Step = { kind: 'idle' }) => {
    setStep(next);
    setCode('');
    setPassword('');
    setProblem(null);
    setFormError(null);
  };

  /** Runs a call; a 422 goes on `field`, a 409 (changed in another tab) re-reads the user; the rest is the shell's. */
  async function run<T>(field: 'code' | 'password' | null, call: () => Promise<T>): Promise<T | null> {
    setPending(true);
    setProblem(null);
    setFormError(null);
    try {
      return await call();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.kind === 'invalid' && field && failure.problems[field]) {
        setProblem({ field, problem: failure.problems[field] });
      } else if (error instanceof ApiError && error.kind === 'conflict') {
        reset();
        setFormError(t('twoFactor.error.changedMeanwhile'));
        await refresh().catch(() => undefined);
      } else if (
        error instanceof ApiError &&
        !['network', 'timeout', 'session-expired', 'unexpected'].includes(error.kind)
      ) {
        // the kinds above already raised the shell's dialog
        setFormError(
          t(error.kind === 'not-found' ? 'twoFactor.error.unavailable' : 'twoFactor.error.unexpected'),
        );
      }
      return null;
    } finally {
      setPending(false);
    }
  }

  const enable = (chosen: 'totp' | 'email') =>
    run(null, async () => {
      const answer = await authApi.request('POST', '/auth/two-factor/enable', EnableAnswerSchema, {
        body: { strategy: chosen },
      });
      if (answer.state === 'confirmation_required') {
        reset({ kind: 'scanning', enrolment: answer });
        return;
      }
      reset({ kind: 'recoveryCodes', codes: answer.recoveryCodes });
      setAnnouncement(t('twoFactor.settings.enabled'));
      await refresh(answer.meta?.position).catch(() => undefined);
    });

  const confirm = () => {
    const body = codeBody('code', code);
    if ('reason' in body) {
      setProblem({ field: 'code', problem: body });
      return;
    }
    void run('code', async () => {
      const answer = await authApi.request('POST', '/auth/two-factor/confirm', EnabledSchema, { body });
      reset({ kind: 'recoveryCodes', codes: answer.recoveryCodes });
      setAnnouncement(t('twoFactor.settings.enabled'));
      await refresh(answer.meta?.position).catch(() => undefined);
    });
  };

  const turnOff = () => {
    if (password === '') {
      setProblem({ field: 'password', problem: { reason: 'required' } });
      return;
    }
    void run('password', async () => {
      const answer = await authApi.request('POST', '/auth/two-factor/disable', DisabledSchema, {
        body: { password },
      });
      await refresh(answer.meta?.position).catch(() => undefined);
      reset();
      setAnnouncement(t('twoFactor.settings.disabled'));
      toast(t('twoFactor.settings.disabled'), 'success');
      headingRef.current?.focus();
    });
  };

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(done, 'success');
    } catch {
      toast(t('twoFactor.settings.copyFailed'), 'error');
    }
  };

  const codesText = (codes: string[]) =>
    `${t('twoFactor.settings.codesFileHeader', { appName: APP_NAME, email: user.email })}\n\n${codes.join('\n')}\n`;

  const finish = () => {
    reset();
    headingRef.current?.focus();
  };

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

      {step.kind === 'recoveryCodes' ? (
        <>
          <h4 ref={stepRef} tabIndex={-1}>
            {t('twoFactor.settings.recoveryTitle')}
          </h4>
          <p>{t('twoFactor.settings.recoveryText')}</p>
          <CodeList aria-label={t('twoFactor.settings.recoveryList')}>
            {step.codes.map((c) => (
              <li key={c}>
                <Mono>{c}</Mono>
              </li>
            ))}
          </CodeList>
          <Actions>
            <Button
              variant="secondary"
              onPress={() => void copy(step.codes.join('\n'), t('twoFactor.settings.codesCopied'))}
            >
              {t('twoFactor.settings.copyCodes')}
            </Button>
            <Button variant="secondary" onPress={() => downloadText(codesFileName, codesText(step.codes))}>
              {t('twoFactor.settings.downloadCodes')}
            </Button>
            <Button onPress={finish}>{t('twoFactor.settings.done')}</Button>
          </Actions>
        </>
      ) : step.kind === 'scanning' ? (
        <>
          <h4 ref={stepRef} tabIndex={-1}>
            {t('twoFactor.settings.scanTitle')}
          </h4>
          <ol>
            <li>
              <p>{t('twoFactor.settings.scanStep')}</p>
              <Qr
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.enrolment.qrCodeSvg)}`}
                alt={t('twoFactor.settings.qrAlt')}
              />
            </li>
            <li>
              <p>{t('twoFactor.settings.secretStep')}</p>
              <p>
                {t('twoFactor.settings.secretLabel')}
                {': '}
                <Mono>{grouped(step.enrolment.secret)}</Mono>
              </p>
              <Actions>
                <Button
                  variant="secondary"
                  size="small"
                  onPress={() => void copy(step.enrolment.secret, t('twoFactor.settings.secretCopied'))}
                >
                  {t('twoFactor.settings.copySecret')}
                </Button>
                <Link href={step.enrolment.otpauthUrl}>{t('twoFactor.settings.openInApp')}</Link>
              </Actions>
            </li>
            <li>
              <p>{t('twoFactor.settings.confirmStep')}</p>
              <CodeForm
                ref={fieldBoxRef}
                aria-label={t('twoFactor.settings.scanTitle')}
                onSubmit={(e) => {
                  e.preventDefault();
                  confirm();
                }}
              >
                <TextField
                  label={t('twoFactor.settings.confirmCode')}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  isRequired
                  value={code}
                  onChange={setCode}
                  errorMessage={
                    problem?.field === 'code' ? problemMessage('code', problem.problem) : undefined
                  }
                />
                <Actions>
                  <Button type="submit" isPending={pending}>
                    {t('twoFactor.settings.confirm')}
                  </Button>
                  <Button variant="secondary" isDisabled={pending} onPress={() => finish()}>
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
          {step.kind === 'turningOff' ? (
            <CodeForm
              ref={fieldBoxRef}
              aria-label={t('twoFactor.settings.confirmTurnOff')}
              onSubmit={(e) => {
                e.preventDefault();
                turnOff();
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
                value={password}
                onChange={setPassword}
                errorMessage={
                  problem?.field === 'password' ? problemMessage('password', problem.problem) : undefined
                }
              />
              <Actions>
                <Button type="submit" variant="danger" isPending={pending}>
                  {t('twoFactor.settings.confirmTurnOff')}
                </Button>
                <Button variant="secondary" isDisabled={pending} onPress={() => finish()}>
                  {t('twoFactor.settings.cancel')}
                </Button>
              </Actions>
            </CodeForm>
          ) : (
            <Actions>
              <Button variant="secondary" onPress={() => reset({ kind: 'turningOff' })}>
                {t('twoFactor.settings.turnOff')}
              </Button>
            </Actions>
          )}
        </>
      ) : (
        <>
          <p>{t('twoFactor.settings.offStatus')}</p>
          <Actions>
            <Button isPending={pending} onPress={() => void enable('totp')}>
              {t('twoFactor.settings.useApp')}
            </Button>
            <Button variant="secondary" isDisabled={pending} onPress={() => void enable('email')}>
              {t('twoFactor.settings.useEmail')}
            </Button>
          </Actions>
        </>
      )}
    </Section>
  );
}
