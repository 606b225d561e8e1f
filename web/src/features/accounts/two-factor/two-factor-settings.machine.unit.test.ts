import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '../../../kit/api/client.ts';
import { ApiError } from '../../../kit/api/errors.ts';
import {
  settingsFailureOf,
  twoFactorSettingsActors,
  twoFactorSettingsMachine,
  type TwoFactorSettingsEmitted,
} from './two-factor-settings.machine.ts';

const CODES = ['aaaa-bbbb-cc01', 'aaaa-bbbb-cc02', 'aaaa-bbbb-cc03'];

/** One answer of the server, as it comes over the wire, or a connection that fails. */
type Reply = { status: number; body: unknown } | 'network';

const enrolment = {
  state: 'confirmation_required',
  strategy: 'totp',
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Commons:ada%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Commons',
  qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  meta: { position: '10' },
};
const enabled = (strategy: 'totp' | 'email', position: string): Reply => ({
  status: 200,
  body: { state: 'enabled', strategy, recoveryCodes: CODES, meta: { position } },
});
const disabled = (position: string): Reply => ({
  status: 200,
  body: { state: 'disabled', meta: { position } },
});
const refused = (pointer: string, code: string, detail: string): Reply => ({
  status: 422,
  body: { errors: [{ status: '422', code, detail, source: { pointer } }] },
});
const wrongCode = refused(
  '/code',
  'validation.invalid_code',
  'This code is not valid: check the time on your device',
);
const wrongPassword = refused('/password', 'validation.invalid_credentials', 'The password is not correct');
const conflict: Reply = {
  status: 409,
  body: {
    errors: [{ status: '409', code: 'conflict.state', detail: 'two-factor authentication is already on' }],
  },
};
const signedOut: Reply = {
  status: 401,
  body: { errors: [{ status: '401', code: 'auth.unauthenticated', detail: 'Sign in first' }] },
};
const noRoute: Reply = {
  status: 404,
  body: { errors: [{ status: '404', code: 'not_found', detail: 'No route for this call' }] },
};

/** A promise settled by the test, for a call whose moment matters. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Starts the machine with the screen's calls over the real auth client, whose fetch answers from a script per
 * path (the network edge is faked, not the client); records what was sent, the session reads asked for and
 * what the machine told the screen.
 */
function start(script: Record<string, Reply[]>, refreshes: Array<() => Promise<void>> = []) {
  const sent: Array<{ path: string; body: unknown }> = [];
  const reads: Array<string | undefined> = [];
  const told: TwoFactorSettingsEmitted['type'][] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://platform.test').pathname;
    sent.push({ path, body: JSON.parse(String(init?.body)) });
    const reply = script[path]?.shift();
    if (!reply) throw new Error(`no scripted answer left for ${path}`);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/vnd.api+json' },
    });
  };
  const authApi = createApiClient({ baseUrl: '', fetch: fetchFn as typeof fetch, locale: () => 'en' });
  const refresh = (minPosition?: string) => {
    reads.push(minPosition);
    return (refreshes.shift() ?? (() => Promise.resolve()))();
  };
  // the events the machine has taken in, each once its snapshot after it is out
  const processed = new EventTarget();
  const actor = createActor(
    twoFactorSettingsMachine.provide({ actors: twoFactorSettingsActors(authApi, refresh) }),
    {
      inspect: (inspection) => {
        if (inspection.type === '@xstate.snapshot' && inspection.actorRef === actor) {
          processed.dispatchEvent(new Event(inspection.event.type));
        }
      },
    },
  );
  actor.on('*', (event) => told.push(event.type));
  actor.start();
  const taken = (type: string) =>
    new Promise((resolve) => processed.addEventListener(type, resolve, { once: true }));
  return { actor, sent, reads, told, taken };
}

type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) => waitFor(actor, (s) => !s.hasTag('pending'));
const value = (actor: Actor) => actor.getSnapshot().value;
const context = (actor: Actor) => actor.getSnapshot().context;

describe('twoFactorSettingsMachine', () => {
  it('starts at the status, with nothing typed, no problem and nothing announced', () => {
    const { actor } = start({});
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor)).toMatchObject({
      code: '',
      password: '',
      problem: null,
      formProblem: null,
      enrolment: null,
      recoveryCodes: [],
      announcement: null,
    });
  });

  it('authenticator app: enabling → scanning → a first code confirms → recovery codes, read back at their position → status', async () => {
    const { actor, sent, reads, told } = start({
      '/auth/two-factor/enable': [{ status: 200, body: enrolment }],
      '/auth/two-factor/confirm': [enabled('totp', '11')],
    });
    actor.send({ type: 'user.enable', strategy: 'totp' });
    expect(value(actor)).toEqual({ status: 'enabling' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await settled(actor);
    expect(value(actor)).toEqual({ scanning: 'editing' });
    expect(context(actor).enrolment).toMatchObject({
      secret: 'JBSWY3DPEHPK3PXP',
      qrCodeSvg: enrolment.qrCodeSvg,
    });

    actor.send({ type: 'user.editCode', value: '123 456' });
    actor.send({ type: 'user.submit' });
    expect(value(actor)).toEqual({ scanning: 'confirming' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await waitFor(actor, (s) => s.matches('recoveryCodes'));
    expect(context(actor)).toMatchObject({
      recoveryCodes: CODES,
      announcement: 'enabled',
      enrolment: null,
      code: '',
    });
    await waitFor(actor, () => reads.length === 1);
    expect(reads).toEqual(['11']);

    actor.send({ type: 'user.done' });
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor)).toMatchObject({ recoveryCodes: [], announcement: 'enabled' });
    expect(told).toEqual(['closed']);
    expect(sent).toEqual([
      { path: '/auth/two-factor/enable', body: { strategy: 'totp' } },
      { path: '/auth/two-factor/confirm', body: { code: '123456' } },
    ]);
  });

  it('codes by e-mail: enabling goes straight to the recovery codes', async () => {
    const { actor, sent, reads } = start({ '/auth/two-factor/enable': [enabled('email', '5')] });
    actor.send({ type: 'user.enable', strategy: 'email' });
    await waitFor(actor, (s) => s.matches('recoveryCodes'));
    expect(context(actor)).toMatchObject({ recoveryCodes: CODES, announcement: 'enabled' });
    await waitFor(actor, () => reads.length === 1);
    expect(reads).toEqual(['5']);
    expect(sent).toEqual([{ path: '/auth/two-factor/enable', body: { strategy: 'email' } }]);
  });

  it('checks the code locally before sending it', async () => {
    const { actor, sent } = start({ '/auth/two-factor/enable': [{ status: 200, body: enrolment }] });
    actor.send({ type: 'user.enable', strategy: 'totp' });
    await settled(actor);
    actor.send({ type: 'user.submit' });
    expect(value(actor)).toEqual({ scanning: 'editing' });
    expect(context(actor).problem).toEqual({ reason: 'required' });
    actor.send({ type: 'user.editCode', value: '12' });
    actor.send({ type: 'user.submit' });
    expect(context(actor).problem).toEqual({ reason: 'format' });
    expect(sent.map((c) => c.path)).toEqual(['/auth/two-factor/enable']);
  });

  it('a wrong code (422) goes on the code field, what was typed kept; the next try clears it', async () => {
    const { actor, sent } = start({
      '/auth/two-factor/enable': [{ status: 200, body: enrolment }],
      '/auth/two-factor/confirm': [
        wrongCode,
        refused('/code', 'validation.invalid_code', 'This code was already used'),
        enabled('totp', '12'),
      ],
    });
    actor.send({ type: 'user.enable', strategy: 'totp' });
    await settled(actor);
    actor.send({ type: 'user.editCode', value: '000000' });
    actor.send({ type: 'user.submit' });
    await settled(actor);
    expect(value(actor)).toEqual({ scanning: 'editing' });
    expect(context(actor)).toMatchObject({
      problem: { reason: 'invalid' },
      formProblem: null,
      code: '000000',
    });

    actor.send({ type: 'user.submit' });
    expect(context(actor).problem).toBeNull();
    await settled(actor);
    expect(context(actor).problem).toEqual({ reason: 'replayed' });

    actor.send({ type: 'user.editCode', value: '123456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('recoveryCodes'));
    expect(sent.slice(1).map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('a network failure or a 401 while confirming stays on the code form with nothing of its own (the shell shows its dialog)', async () => {
    const { actor } = start({
      '/auth/two-factor/enable': [{ status: 200, body: enrolment }],
      '/auth/two-factor/confirm': ['network', signedOut, noRoute],
    });
    actor.send({ type: 'user.enable', strategy: 'totp' });
    await settled(actor);
    actor.send({ type: 'user.editCode', value: '123456' });
    actor.send({ type: 'user.submit' });
    await settled(actor);
    expect(value(actor)).toEqual({ scanning: 'editing' });
    expect(context(actor)).toMatchObject({ problem: null, formProblem: null, code: '123456' });
    expect(context(actor).enrolment).not.toBeNull();

    actor.send({ type: 'user.submit' });
    await settled(actor);
    expect(value(actor)).toEqual({ scanning: 'editing' });
    expect(context(actor)).toMatchObject({ problem: null, formProblem: null, code: '123456' });

    actor.send({ type: 'user.submit' });
    await settled(actor);
    expect(context(actor).formProblem).toBe('unavailable');
  });

  it('a 409 while confirming (changed in another tab) reads the user again and shows the status with why', async () => {
    const refreshed = deferred();
    const { actor, reads } = start(
      {
        '/auth/two-factor/enable': [{ status: 200, body: enrolment }],
        '/auth/two-factor/confirm': [conflict],
      },
      [() => refreshed.promise],
    );
    actor.send({ type: 'user.enable', strategy: 'totp' });
    await settled(actor);
    actor.send({ type: 'user.editCode', value: '123456' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches({ status: 'reloading' }));
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(context(actor)).toMatchObject({ formProblem: 'changedMeanwhile', enrolment: null, code: '' });
    expect(reads).toEqual([undefined]);
    refreshed.resolve();
    await settled(actor);
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor).formProblem).toBe('changedMeanwhile');
  });

  it('a 409 while enabling does the same; a failed read back still ends at the status', async () => {
    const { actor, reads } = start({ '/auth/two-factor/enable': [conflict] }, [
      () => Promise.reject(new ApiError('network', 'Network Error')),
    ]);
    actor.send({ type: 'user.enable', strategy: 'email' });
    await waitFor(actor, (s) => s.matches({ status: 'reloading' }));
    await settled(actor);
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor).formProblem).toBe('changedMeanwhile');
    expect(reads).toEqual([undefined]);
  });

  it('a failed enable: the shell speaks for a network failure and a 401, the flow for a 404 and a 422', async () => {
    const { actor } = start({
      '/auth/two-factor/enable': [
        'network',
        signedOut,
        noRoute,
        refused('/strategy', 'validation.enum', 'must be totp or email'),
      ],
    });
    const tries: Array<string | null> = [];
    for (let i = 0; i < 4; i++) {
      actor.send({ type: 'user.enable', strategy: 'totp' });
      await settled(actor);
      expect(value(actor)).toEqual({ status: 'ready' });
      tries.push(context(actor).formProblem);
    }
    expect(tries).toEqual([null, null, 'unavailable', 'unexpected']);
    // a new try starts without the last problem
    actor.send({ type: 'user.enable', strategy: 'totp' });
    expect(context(actor).formProblem).toBeNull();
  });

  it('cancelling the enrolment returns to the status and forgets the setup key', async () => {
    const { actor, told, sent } = start({ '/auth/two-factor/enable': [{ status: 200, body: enrolment }] });
    actor.send({ type: 'user.enable', strategy: 'totp' });
    await settled(actor);
    actor.send({ type: 'user.editCode', value: '12' });
    actor.send({ type: 'user.submit' });
    actor.send({ type: 'user.cancel' });
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor)).toMatchObject({ enrolment: null, code: '', problem: null });
    expect(told).toEqual(['closed']);
    expect(sent).toHaveLength(1);
  });

  it('turning off: the password asked again; missing, then wrong (422), then turned off once read back', async () => {
    const refreshed = deferred();
    const { actor, sent, reads, told } = start(
      { '/auth/two-factor/disable': [wrongPassword, disabled('9')] },
      [() => refreshed.promise],
    );
    actor.send({ type: 'user.turnOff' });
    expect(value(actor)).toEqual({ turningOff: 'editing' });
    actor.send({ type: 'user.submit' });
    expect(context(actor).problem).toEqual({ reason: 'required' });
    expect(sent).toEqual([]);

    actor.send({ type: 'user.editPassword', value: 'wrong password' });
    actor.send({ type: 'user.submit' });
    expect(value(actor)).toEqual({ turningOff: 'disabling' });
    expect(context(actor).problem).toBeNull();
    await settled(actor);
    expect(value(actor)).toEqual({ turningOff: 'editing' });
    expect(context(actor)).toMatchObject({
      password: 'wrong password',
      problem: {
        reason: 'server',
        code: 'validation.invalid_credentials',
        detail: 'The password is not correct',
      },
    });

    actor.send({ type: 'user.editPassword', value: 'correct horse battery' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches({ turningOff: 'reloading' }));
    // still on the form, pending, until the session has the user as it is now
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(told).toEqual([]);
    expect(reads).toEqual(['9']);
    refreshed.resolve();
    await waitFor(actor, (s) => s.matches('status'));
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor)).toMatchObject({ announcement: 'disabled', password: '', problem: null });
    expect(told).toEqual(['turnedOff', 'closed']);
    expect(sent.map((c) => c.body)).toEqual([
      { password: 'wrong password' },
      { password: 'correct horse battery' },
    ]);
  });

  it('turning off: a network failure and a 401 keep the form and the password; a failed read back still ends it', async () => {
    const { actor, told } = start({ '/auth/two-factor/disable': ['network', signedOut, disabled('4')] }, [
      () => Promise.reject(new ApiError('network', 'Network Error')),
    ]);
    actor.send({ type: 'user.turnOff' });
    actor.send({ type: 'user.editPassword', value: 'correct horse battery' });
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'user.submit' });
      await settled(actor);
      expect(value(actor)).toEqual({ turningOff: 'editing' });
      expect(context(actor)).toMatchObject({
        password: 'correct horse battery',
        problem: null,
        formProblem: null,
      });
    }
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('status'));
    expect(context(actor).announcement).toBe('disabled');
    expect(told).toEqual(['turnedOff', 'closed']);
  });

  it('turning off: a 404 is said on the form; a 409 reads the user again, and the turning off can start anew meanwhile', async () => {
    const refreshed = deferred();
    const { actor, reads, sent } = start({ '/auth/two-factor/disable': [noRoute, conflict] }, [
      () => refreshed.promise,
    ]);
    actor.send({ type: 'user.turnOff' });
    actor.send({ type: 'user.editPassword', value: 'correct horse battery' });
    actor.send({ type: 'user.submit' });
    await settled(actor);
    expect(value(actor)).toEqual({ turningOff: 'editing' });
    expect(context(actor)).toMatchObject({ formProblem: 'unavailable', password: 'correct horse battery' });

    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches({ status: 'reloading' }));
    expect(context(actor)).toMatchObject({ formProblem: 'changedMeanwhile', password: '' });
    expect(reads).toEqual([undefined]);
    actor.send({ type: 'user.turnOff' });
    expect(value(actor)).toEqual({ turningOff: 'editing' });
    expect(context(actor).formProblem).toBeNull();
    refreshed.resolve();
    await refreshed.promise;
    expect(value(actor)).toEqual({ turningOff: 'editing' });
    expect(sent).toHaveLength(2);
  });

  it('cancelling the turning off returns to the status and forgets the password', () => {
    const { actor, told } = start({});
    actor.send({ type: 'user.turnOff' });
    actor.send({ type: 'user.editPassword', value: 'secret' });
    actor.send({ type: 'user.cancel' });
    expect(value(actor)).toEqual({ status: 'ready' });
    expect(context(actor).password).toBe('');
    expect(told).toEqual(['closed']);
  });

  it('a failed read back while the recovery codes are shown changes nothing there', async () => {
    const refreshed = deferred();
    const { actor, reads, taken } = start({ '/auth/two-factor/enable': [enabled('email', '7')] }, [
      () => refreshed.promise,
    ]);
    actor.send({ type: 'user.enable', strategy: 'email' });
    await waitFor(actor, (s) => s.matches('recoveryCodes'));
    const failed = taken('xstate.error.actor.readBack');
    refreshed.reject(new ApiError('network', 'Network Error'));
    await failed;
    expect(reads).toEqual(['7']);
    expect(value(actor)).toBe('recoveryCodes');
    expect(actor.getSnapshot().status).toBe('active');
    expect(context(actor).recoveryCodes).toEqual(CODES);
  });

  it('ignores what its step does not offer', async () => {
    const { actor, sent } = start({ '/auth/two-factor/enable': [enabled('totp', '3')] });
    actor.send({ type: 'user.submit' });
    actor.send({ type: 'user.done' });
    expect(value(actor)).toEqual({ status: 'ready' });
    actor.send({ type: 'user.enable', strategy: 'totp' });
    actor.send({ type: 'user.enable', strategy: 'email' });
    await waitFor(actor, (s) => s.matches('recoveryCodes'));
    actor.send({ type: 'user.turnOff' });
    expect(value(actor)).toBe('recoveryCodes');
    expect(sent).toHaveLength(1);
  });
});

describe('settingsFailureOf', () => {
  const apiError = (status: number, kind: ConstructorParameters<typeof ApiError>[0]) =>
    new ApiError(kind, 'failed', { status });

  it('puts a 422 on the form’s field only when it names that field', () => {
    const error = new ApiError('validation', 'The password is not correct', {
      status: 422,
      errors: [{ code: 'validation.invalid_credentials', source: { pointer: '/password' } }],
    });
    expect(settingsFailureOf(error, 'password')).toEqual({
      kind: 'field',
      problem: { reason: 'server', code: 'validation.invalid_credentials', detail: undefined },
    });
    expect(settingsFailureOf(error, 'code')).toEqual({ kind: 'form', formProblem: 'unexpected' });
    expect(settingsFailureOf(error, null)).toEqual({ kind: 'form', formProblem: 'unexpected' });
  });

  it('leaves to the shell what its dialog already says', () => {
    for (const [status, kind] of [
      [401, 'session-expired'],
      [419, 'session-expired'],
      [500, 'unexpected'],
      [null, 'network'],
      [null, 'timeout'],
    ] as const) {
      expect(settingsFailureOf(apiError(status ?? 0, kind), 'code')).toEqual({
        kind: 'form',
        formProblem: null,
      });
    }
    expect(settingsFailureOf(apiError(409, 'conflict'), null)).toEqual({ kind: 'conflict' });
    expect(settingsFailureOf(apiError(404, 'not-found'), null)).toEqual({
      kind: 'form',
      formProblem: 'unavailable',
    });
    expect(settingsFailureOf(apiError(403, 'forbidden'), null)).toEqual({
      kind: 'form',
      formProblem: 'unexpected',
    });
    expect(settingsFailureOf(new Error('boom'), null)).toEqual({ kind: 'form', formProblem: 'unexpected' });
  });
});
