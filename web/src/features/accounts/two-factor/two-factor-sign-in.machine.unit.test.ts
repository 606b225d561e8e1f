import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../../kit/api/errors.ts';
import type { AuthStateAnswer } from '../../../kit/session/auth-state.ts';
import {
  codeBody,
  failureOf,
  twoFactorSignInMachine,
  type Credentials,
  type TwoFactorLoginBody,
  type TwoFactorSignInInput,
} from './two-factor-sign-in.machine.ts';

type Answer = AuthStateAnswer | ApiError;

const authenticated: AuthStateAnswer = {
  state: 'authenticated',
  redirectTo: 'account.profile',
  meta: { position: '42' },
};
const codeRequired = (strategy: 'totp' | 'email'): AuthStateAnswer => ({
  state: 'two_factor_required',
  strategy,
});

const invalidCode = (pointer = '/code', detail = 'This code is not valid') =>
  new ApiError('validation', detail, {
    status: 422,
    errors: [{ status: '422', code: 'validation.invalid_code', detail, source: { pointer } }],
  });
const replayed = () => invalidCode('/code', 'This code was already used: wait for the next one');
const rateLimited = (seconds: number | null) =>
  new ApiError('rate-limited', 'Too many requests', {
    status: 429,
    errors: [
      {
        status: '429',
        code: 'auth.rate_limited',
        detail: seconds === null ? 'Too many requests' : `Too many attempts: try again in ${seconds} seconds`,
        ...(seconds === null ? {} : { meta: { retryAfter: seconds } }),
      },
    ],
  });
const pendingExpired = () =>
  new ApiError('session-expired', 'No sign-in is waiting for a code: sign in again', {
    status: 419,
    errors: [{ status: '419', code: 'auth.session_expired' }],
  });

/** Starts the machine with scripted answers for its two calls; records what each call was given. */
function start(input: TwoFactorSignInInput, script: { logIn?: Answer[]; verify?: Answer[] } = {}) {
  const logIns: Credentials[] = [];
  const verifies: TwoFactorLoginBody[] = [];
  const next = (answers: Answer[] | undefined) => {
    const answer = answers?.shift();
    if (!answer) throw new Error('no scripted answer left');
    if (answer instanceof ApiError) return Promise.reject(answer);
    return Promise.resolve(answer);
  };
  const clock = new SimulatedClock();
  const actor = createActor(
    twoFactorSignInMachine.provide({
      actors: {
        logIn: fromPromise<AuthStateAnswer, Credentials>(({ input }) => {
          logIns.push(input);
          return next(script.logIn);
        }),
        verify: fromPromise<AuthStateAnswer, TwoFactorLoginBody>(({ input }) => {
          verifies.push(input);
          return next(script.verify);
        }),
      },
    }),
    { input, clock },
  ).start();
  return { actor, logIns, verifies, clock };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.matches('verifying') && !s.matches({ credentials: 'submitting' }));

const credentials = (email = 'ada@example.org', password = 'correct horse battery', remember = false) => ({
  type: 'user.submitCredentials' as const,
  credentials: { email, password, remember },
});

describe('twoFactorSignInMachine', () => {
  it('starts at the challenge when the sign-in screen sent the user, at the credentials otherwise', () => {
    expect(start({ strategy: 'totp', initial: 'challenge' }).actor.getSnapshot().value).toBe('challenge');
    expect(start({ strategy: 'email', initial: 'credentials' }).actor.getSnapshot().value).toEqual({
      credentials: 'editing',
    });
  });

  it('credentials → challenge with the strategy the answer names → verifying → authenticated', async () => {
    const { actor, logIns, verifies } = start(
      { strategy: 'totp', initial: 'credentials' },
      { logIn: [codeRequired('email')], verify: [authenticated] },
    );
    actor.send(credentials(' ada@example.org ', 'correct horse battery', true));
    expect(actor.getSnapshot().value).toEqual({ credentials: 'submitting' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('challenge');
    expect(actor.getSnapshot().context.strategy).toBe('email');
    expect(logIns).toEqual([{ email: 'ada@example.org', password: 'correct horse battery', remember: true }]);

    actor.send({ type: 'user.submitCode', value: '123 456' });
    expect(actor.getSnapshot().value).toBe('verifying');
    await waitFor(actor, (s) => s.status === 'done');
    expect(verifies).toEqual([{ code: '123456' }]);
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().output).toEqual(authenticated);
  });

  it('finishes at once when the account has no second factor', async () => {
    const { actor } = start({ strategy: 'totp', initial: 'credentials' }, { logIn: [authenticated] });
    actor.send(credentials());
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(authenticated);
  });

  it('keeps the credentials form with field problems: missing fields locally, a 422 from the server', async () => {
    const wrong = new ApiError('validation', 'These credentials do not match our records', {
      status: 422,
      errors: [
        {
          code: 'validation.invalid_credentials',
          detail: 'These credentials do not match our records',
          source: { pointer: '/email' },
        },
      ],
    });
    const { actor, logIns } = start({ strategy: 'totp', initial: 'credentials' }, { logIn: [wrong] });
    actor.send(credentials('', ''));
    expect(actor.getSnapshot().value).toEqual({ credentials: 'editing' });
    expect(actor.getSnapshot().context.problems).toEqual({
      email: { reason: 'required' },
      password: { reason: 'required' },
    });
    expect(logIns).toEqual([]);

    actor.send(credentials('ada@example.org', 'wrong password'));
    await settled(actor);
    expect(actor.getSnapshot().value).toEqual({ credentials: 'editing' });
    expect(actor.getSnapshot().context.problems).toEqual({
      email: {
        reason: 'server',
        code: 'validation.invalid_credentials',
        detail: 'These credentials do not match our records',
      },
    });
    expect(actor.getSnapshot().context.email).toBe('ada@example.org');
  });

  it('a 429 at the credentials locks out, then RETRY after the wait goes back to the credentials', async () => {
    const { actor, clock } = start(
      { strategy: 'totp', initial: 'credentials' },
      { logIn: [rateLimited(60)] },
    );
    actor.send(credentials());
    await waitFor(actor, (s) => s.matches('lockedOut'));
    expect(actor.getSnapshot().value).toEqual({ lockedOut: 'waiting' });
    expect(actor.getSnapshot().context.retryAfterSeconds).toBe(60);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toEqual({ lockedOut: 'waiting' });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toEqual({ lockedOut: 'ready' });
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toEqual({ credentials: 'editing' });
  });

  it('checks the code locally before sending it', () => {
    const { actor, verifies } = start({ strategy: 'totp', initial: 'challenge' });
    actor.send({ type: 'user.submitCode', value: '  ' });
    expect(actor.getSnapshot().context.problems).toEqual({ code: { reason: 'required' } });
    actor.send({ type: 'user.submitCode', value: '12a456' });
    expect(actor.getSnapshot().value).toBe('challenge');
    expect(actor.getSnapshot().context.problems).toEqual({ code: { reason: 'format' } });
    actor.send({ type: 'user.useRecoveryCode' });
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'recoveryCode', problems: {} });
    actor.send({ type: 'user.submitCode', value: 'short' });
    expect(actor.getSnapshot().context.problems).toEqual({ recoveryCode: { reason: 'format' } });
    expect(verifies).toEqual([]);
  });

  it('a refused code returns to the challenge with the problem and counts the attempt', async () => {
    const { actor } = start(
      { strategy: 'totp', initial: 'challenge' },
      { verify: [invalidCode(), authenticated] },
    );
    actor.send({ type: 'user.submitCode', value: '000000' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('challenge');
    expect(actor.getSnapshot().context).toMatchObject({
      attempts: 1,
      problems: { code: { reason: 'invalid' } },
    });
    actor.send({ type: 'user.submitCode', value: '654321' });
    expect(actor.getSnapshot().context.problems).toEqual({});
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('tells a replayed code from a wrong one', async () => {
    const { actor } = start({ strategy: 'totp', initial: 'challenge' }, { verify: [replayed()] });
    actor.send({ type: 'user.submitCode', value: '123456' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({
      attempts: 1,
      problems: { code: { reason: 'replayed' } },
    });
  });

  it('sends a recovery code instead of a code, and puts its refusal on the recovery code field', async () => {
    const { actor, verifies } = start(
      { strategy: 'email', initial: 'challenge' },
      { verify: [invalidCode('/recoveryCode', 'This recovery code is not valid'), authenticated] },
    );
    actor.send({ type: 'user.useRecoveryCode' });
    actor.send({ type: 'user.submitCode', value: ' ABCD-EFGH-1234 ' });
    await settled(actor);
    expect(actor.getSnapshot().context.problems).toEqual({ recoveryCode: { reason: 'invalid' } });
    actor.send({ type: 'user.submitCode', value: 'WXYZ-5678-QRST' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(verifies).toEqual([{ recoveryCode: 'ABCD-EFGH-1234' }, { recoveryCode: 'WXYZ-5678-QRST' }]);
  });

  it('a 429 while verifying locks out; RETRY after the wait goes back to the challenge', async () => {
    const { actor, clock } = start(
      { strategy: 'totp', initial: 'challenge' },
      { verify: [invalidCode(), rateLimited(900)] },
    );
    actor.send({ type: 'user.submitCode', value: '000000' });
    await settled(actor);
    actor.send({ type: 'user.submitCode', value: '111111' });
    await waitFor(actor, (s) => s.matches('lockedOut'));
    expect(actor.getSnapshot().context).toMatchObject({ retryAfterSeconds: 900, problems: {} });
    clock.increment(899_000);
    expect(actor.getSnapshot().value).toEqual({ lockedOut: 'waiting' });
    clock.increment(1_000);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('challenge');
  });

  it('without a known wait, RETRY is offered at once; RESTART always goes to the credentials', async () => {
    const { actor } = start({ strategy: 'totp', initial: 'challenge' }, { verify: [rateLimited(null)] });
    actor.send({ type: 'user.submitCode', value: '000000' });
    await waitFor(actor, (s) => s.matches('lockedOut'));
    expect(actor.getSnapshot().value).toEqual({ lockedOut: 'ready' });
    actor.send({ type: 'user.restart' });
    expect(actor.getSnapshot().value).toEqual({ credentials: 'editing' });
  });

  it('a 419 (the pending sign-in is older than 10 minutes) is expired; RESTART goes to the credentials', async () => {
    const { actor } = start(
      { strategy: 'totp', initial: 'challenge' },
      { verify: [pendingExpired()], logIn: [codeRequired('totp')] },
    );
    actor.send({ type: 'user.submitCode', value: '123456' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'user.submitCode', value: '123456' });
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'user.restart' });
    expect(actor.getSnapshot().value).toEqual({ credentials: 'editing' });
    actor.send(credentials());
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('challenge');
    expect(actor.getSnapshot().context.attempts).toBe(0);
  });

  it('from the challenge, RESTART goes to the credentials (a new e-mailed code needs a new sign-in)', () => {
    const { actor } = start({ strategy: 'email', initial: 'challenge' });
    actor.send({ type: 'user.restart' });
    expect(actor.getSnapshot().value).toEqual({ credentials: 'editing' });
  });

  it('a network failure while verifying stays at the challenge with a form problem', async () => {
    const { actor } = start(
      { strategy: 'totp', initial: 'challenge' },
      { verify: [new ApiError('network', 'Network Error')] },
    );
    actor.send({ type: 'user.submitCode', value: '123456' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('challenge');
    expect(actor.getSnapshot().context).toMatchObject({ formProblem: 'network', attempts: 0 });
  });
});

describe('failureOf and codeBody', () => {
  it('reads the wait of a 429 from its detail', () => {
    expect(failureOf(rateLimited(42))).toEqual({ kind: 'rateLimited', retryAfterSeconds: 42 });
    expect(failureOf(new Error('boom'))).toEqual({ kind: 'other', formProblem: 'unexpected' });
    expect(failureOf(new ApiError('not-found', 'No route'))).toEqual({
      kind: 'other',
      formProblem: 'unavailable',
    });
  });

  it('accepts the codes the contract accepts', () => {
    expect(codeBody('code', '123-456')).toEqual({ code: '123456' });
    expect(codeBody('code', '12345')).toEqual({ reason: 'format' });
    expect(codeBody('recoveryCode', 'abcd-efgh')).toEqual({ recoveryCode: 'abcd-efgh' });
  });
});
