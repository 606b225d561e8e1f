import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { useAuthApi } from '../../../kit/api/api-context.tsx';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { AuthStateSchema, type AuthStateAnswer } from '../../../kit/session/auth-state.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { Switch } from '../../../kit/ui/switch.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { Actions, CodeForm, NarrowPage, Notice, Secondary, StatusMessage } from './layout.tsx';
import type en from './messages/en.json';
import { useFormProblemMessage, useProblemMessage } from './problem-message.ts';
import {
  twoFactorSignInMachine,
  type Credentials,
  type TwoFactorLoginBody,
  type TwoFactorSignInInput,
} from './two-factor-sign-in.machine.ts';

function useWaitMessage(seconds: number | null): string {
  const t = useT<typeof en>();
  if (seconds === null) return t('twoFactor.signIn.lockedWaitUnknown');
  if (seconds < 60) return t('twoFactor.signIn.lockedWaitSeconds', { seconds });
  return t('twoFactor.signIn.lockedWaitMinutes', { minutes: Math.ceil(seconds / 60) });
}

/**
 * /auth/two-factor/{strategy} (seed 000 §2.5): renders the two-factor sign-in machine. The 419 of
 * /auth/two-factor/login is this flow's "expired" step, not the shell's expired-session dialog: that call is
 * quiet and every failure of it is shown here.
 */
export function TwoFactorScreen(input: TwoFactorSignInInput) {
  const t = useT<typeof en>();
  const authApi = useAuthApi();
  const { completeSignIn } = useSession();
  const redirectUrl = new URLSearchParams(useSearch()).get('redirectUrl') ?? undefined;
  const problemMessage = useProblemMessage();
  const formProblemMessage = useFormProblemMessage();

  const machine = useMemo(
    () =>
      twoFactorSignInMachine.provide({
        actors: {
          logIn: fromPromise<AuthStateAnswer, Credentials>(({ input: body, signal }) =>
            authApi.call(authEndpoints.login, { schema: AuthStateSchema, body, signal }),
          ),
          verify: fromPromise<AuthStateAnswer, TwoFactorLoginBody>(({ input: body, signal }) =>
            authApi.call(authEndpoints.twoFactorLogin, {
              schema: AuthStateSchema,
              body,
              signal,
              quiet: true,
            }),
          ),
        },
      }),
    [authApi],
  );
  const [snapshot, send] = useMachine(machine, { input });
  const { context } = snapshot;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [followFailed, setFollowFailed] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  usePageTitle(t('twoFactor.signIn.title'));

  const atCredentials = snapshot.matches('credentials');
  const signingIn = snapshot.matches({ credentials: 'submitting' });
  const atChallenge = snapshot.matches('challenge') || snapshot.matches('verifying');
  const verifying = snapshot.matches('verifying');
  const lockedOut = snapshot.matches('lockedOut');
  const retryReady = snapshot.matches({ lockedOut: 'ready' });
  const expired = snapshot.matches('expired');
  const done = snapshot.status === 'done';
  const waitMessage = useWaitMessage(context.retryAfterSeconds);

  // a refused field takes the focus back, its text selected, so the next try is one keystroke away; a step
  // without a form (locked out, expired) moves the focus to its message
  useEffect(() => {
    if (lockedOut || expired) {
      noticeRef.current?.focus();
      return;
    }
    if (Object.keys(context.problems).length === 0) return;
    const invalid = formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
    invalid?.focus();
    invalid?.select();
  }, [context.problems, lockedOut, expired]);

  useEffect(() => {
    if (!done || !snapshot.output) return;
    const answer = snapshot.output;
    completeSignIn(answer, redirectUrl).catch(() => setFollowFailed(true));
    // the answer is followed once, when the flow ends
  }, [done]);

  const status = signingIn
    ? t('twoFactor.signIn.signingIn')
    : verifying
      ? t('twoFactor.signIn.verifying')
      : done
        ? t('twoFactor.signIn.signedIn')
        : retryReady
          ? t('twoFactor.signIn.lockedReady')
          : atChallenge && context.attempts === 0 && !context.formProblem
            ? t('twoFactor.signIn.codeAsked')
            : '';
  const formProblem = formProblemMessage(context.formProblem);
  const recovery = context.mode === 'recoveryCode';
  const intro = recovery
    ? t('twoFactor.signIn.recoveryIntro')
    : context.strategy === 'email'
      ? t('twoFactor.signIn.emailIntro')
      : t('twoFactor.signIn.totpIntro');

  return (
    <NarrowPage>
      <h1>{t('twoFactor.signIn.title')}</h1>
      <StatusMessage>{status}</StatusMessage>
      {formProblem && (atCredentials || atChallenge) ? (
        <Notice tone="error" alert>
          <p>{formProblem}</p>
        </Notice>
      ) : null}

      {atCredentials ? (
        <>
          <p>{t('twoFactor.signIn.credentialsIntro')}</p>
          <CodeForm
            ref={formRef}
            aria-label={t('twoFactor.signIn.title')}
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'user.submitCredentials', credentials: { email, password, remember } });
            }}
          >
            <TextField
              label={t('twoFactor.signIn.email')}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              isRequired
              autoFocus
              value={email}
              onChange={setEmail}
              errorMessage={problemMessage('email', context.problems.email)}
            />
            <TextField
              label={t('twoFactor.signIn.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              isRequired
              value={password}
              onChange={setPassword}
              errorMessage={problemMessage('password', context.problems.password)}
            />
            <Switch isSelected={remember} onChange={setRemember}>
              {t('twoFactor.signIn.remember')}
            </Switch>
            <Actions>
              <Button type="submit" isPending={signingIn}>
                {t('twoFactor.signIn.continue')}
              </Button>
            </Actions>
          </CodeForm>
        </>
      ) : null}

      {atChallenge ? (
        <>
          <p>{intro}</p>
          {context.attempts >= 3 && context.strategy === 'totp' && !recovery ? (
            <Notice tone="warning">
              <p>{t('twoFactor.signIn.clockHint')}</p>
            </Notice>
          ) : null}
          <CodeForm
            ref={formRef}
            aria-label={t('twoFactor.signIn.title')}
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'user.submitCode', value: recovery ? recoveryCode : code });
            }}
          >
            {recovery ? (
              <TextField
                key="recoveryCode"
                label={t('twoFactor.signIn.recoveryCode')}
                name="recoveryCode"
                autoComplete="off"
                spellCheck="false"
                isRequired
                autoFocus
                value={recoveryCode}
                onChange={setRecoveryCode}
                errorMessage={problemMessage('recoveryCode', context.problems.recoveryCode)}
              />
            ) : (
              <TextField
                key="code"
                label={t('twoFactor.signIn.code')}
                description={t('twoFactor.signIn.codeDescription')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                isRequired
                autoFocus
                value={code}
                onChange={setCode}
                errorMessage={problemMessage('code', context.problems.code)}
              />
            )}
            <Actions>
              <Button type="submit" isPending={verifying}>
                {t('twoFactor.signIn.verify')}
              </Button>
            </Actions>
          </CodeForm>
          <Secondary>
            <Button
              variant="text"
              isDisabled={verifying}
              onPress={() => send({ type: recovery ? 'user.useCode' : 'user.useRecoveryCode' })}
            >
              {recovery ? t('twoFactor.signIn.useCode') : t('twoFactor.signIn.useRecoveryCode')}
            </Button>
            <Button variant="text" isDisabled={verifying} onPress={() => send({ type: 'user.restart' })}>
              {context.strategy === 'email'
                ? t('twoFactor.signIn.newEmailCode')
                : t('twoFactor.signIn.startAgain')}
            </Button>
          </Secondary>
        </>
      ) : null}

      {lockedOut ? (
        <>
          <Notice ref={noticeRef} tone="warning" alert>
            <h2>{t('twoFactor.signIn.lockedTitle')}</h2>
            <p>{retryReady ? t('twoFactor.signIn.lockedReady') : waitMessage}</p>
          </Notice>
          <Actions>
            <Button isDisabled={!retryReady} onPress={() => send({ type: 'user.retry' })}>
              {t('twoFactor.signIn.tryAgain')}
            </Button>
            <Button variant="secondary" onPress={() => send({ type: 'user.restart' })}>
              {t('twoFactor.signIn.startAgain')}
            </Button>
          </Actions>
        </>
      ) : null}

      {expired ? (
        <>
          <Notice ref={noticeRef} tone="warning" alert>
            <h2>{t('twoFactor.signIn.expiredTitle')}</h2>
            <p>{t('twoFactor.signIn.expiredText')}</p>
          </Notice>
          <Actions>
            <Button onPress={() => send({ type: 'user.restart' })}>{t('twoFactor.signIn.startAgain')}</Button>
          </Actions>
        </>
      ) : null}

      {done ? (
        followFailed ? (
          <>
            <Notice tone="error" alert>
              <p>{t('twoFactor.signIn.signedInFailed')}</p>
            </Notice>
            <Actions>
              <Button
                onPress={() => {
                  setFollowFailed(false);
                  completeSignIn(snapshot.output!, redirectUrl).catch(() => setFollowFailed(true));
                }}
              >
                {t('twoFactor.signIn.tryAgain')}
              </Button>
            </Actions>
          </>
        ) : (
          <p>{t('twoFactor.signIn.signedIn')}</p>
        )
      ) : null}
    </NarrowPage>
  );
}
