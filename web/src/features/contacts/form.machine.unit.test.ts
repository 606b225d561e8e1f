import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../kit/api/errors.ts';
import type { PublicForm, SubmitOutcome } from './contacts-api.ts';
import { contactFormMachine, renewalDelay, type PageLoad, type SubmitRequest } from './form.machine.ts';

const NOW = Date.parse('2026-11-29T10:00:00.000Z');
const HOUR = 60 * 60_000;

const challenge = (n: number, expires = NOW + HOUR): CaptchaChallenge => ({
  parameters: { nonce: `nonce-${n}`, data: { scope: 'f1', expires } },
  signature: `sig-${n}`,
});
const solutionOf = (c: CaptchaChallenge): CaptchaPayload => ({
  challenge: c,
  solution: { counter: 42, derivedKey: `ab${c.signature.slice(-1)}0` },
});

const form = (attributes: Partial<PublicForm> = {}): PublicForm => ({
  id: 'f1',
  title: 'Fair 2026: stay in touch',
  description: null,
  isSubscriptionForm: false,
  allowNoOrganization: true,
  allowMessage: false,
  onlyOneInput: false,
  country: null,
  expiresAt: null,
  closed: null,
  defaultJob: null,
  captcha: challenge(1),
  ...attributes,
});

/** A promise the test settles when it chooses. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, ko) => {
    resolve = ok;
    reject = ko;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  load?: () => Promise<PageLoad>;
  solve?: (c: CaptchaChallenge) => Promise<CaptchaPayload | null>;
  renew?: () => Promise<CaptchaChallenge | null>;
  submit?: (request: SubmitRequest) => Promise<SubmitOutcome>;
}

function start(fakes: Fakes = {}, options: { clock?: SimulatedClock; search?: string } = {}) {
  const calls = { load: 0, solve: [] as CaptchaChallenge[], renew: 0, submit: [] as SubmitRequest[] };
  let key = 0;
  let renewed = 1;
  const actor = createActor(
    contactFormMachine.provide({
      actors: {
        loadPage: fromPromise(() => {
          calls.load += 1;
          return fakes.load?.() ?? Promise.resolve({ form: form(), jobs: [{ id: 'other', name: 'Other' }] });
        }),
        solve: fromPromise(({ input }: { input: CaptchaChallenge }) => {
          calls.solve.push(input);
          return fakes.solve?.(input) ?? Promise.resolve(solutionOf(input));
        }),
        renewChallenge: fromPromise(() => {
          calls.renew += 1;
          return fakes.renew?.() ?? Promise.resolve(challenge(++renewed));
        }),
        submit: fromPromise(({ input }: { input: SubmitRequest }) => {
          calls.submit.push(input);
          return fakes.submit?.(input) ?? Promise.resolve({ kind: 'sent', id: 'input-1' } as const);
        }),
      },
    }),
    {
      input: {
        id: 'f1',
        token: 'T'.repeat(32),
        locale: 'fr',
        utm: { source: 'fair' },
        newKey: () => `key-${++key}`,
        now: () => NOW,
      },
      ...(options.clock ? { clock: options.clock } : {}),
    },
  ).start();
  return { actor, calls };
}

const filled = { userFirstName: 'Ana', userLastName: 'Pop', userEmail: 'ana.pop@example.org' };
const captchaState = (actor: ReturnType<typeof start>['actor']) =>
  (actor.getSnapshot().value as { filling?: { captcha?: string } }).filling?.captcha;

describe('the light-user form machine', () => {
  it('shows the form, solves its challenge in the background and sends what was typed with the answer', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    expect(actor.getSnapshot().matches({ filling: { entry: 'editing' } })).toBe(true);
    expect(calls.solve).toEqual([challenge(1)]);

    actor.send({ type: 'user.edit', values: filled });
    actor.send({ type: 'user.edit', values: { userJob: 'other', userJobOther: 'Orthotist' } });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    // a second press while it is sent is not a second input
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.submit).toHaveLength(1);
    const [sent] = calls.submit;
    expect(sent!.id).toBe('f1');
    expect(sent!.idempotencyKey).toBe('key-2');
    expect(sent!.body.data.attributes).toMatchObject({
      token: 'T'.repeat(32),
      captcha: solutionOf(challenge(1)),
      userFirstName: 'Ana',
      userEmail: 'ana.pop@example.org',
      userJobOther: 'Orthotist',
      organizationName: null,
      message: null,
      userHasMailSubscription: false,
      locale: 'fr',
      utm: { source: 'fair' },
    });
    expect(sent!.body.data.relationships).toEqual({ userJob: { data: { type: 'jobs', id: 'other' } } });
    expect(actor.getSnapshot().context.inputId).toBe('input-1');
  });

  it('fills the form in again from the start once sent, with a fresh challenge and a new key', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    actor.send({ type: 'user.edit', values: filled });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'user.restart' });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    expect(calls.load).toBe(2);
    expect(actor.getSnapshot().context).toMatchObject({
      values: { userFirstName: '', userEmail: '' },
      idempotencyKey: 'key-3',
      inputId: null,
    });
  });

  it('proposes the form’s own job', async () => {
    const { actor } = start({
      load: async () => ({ form: form({ defaultJob: 'teacher' }), jobs: [] }),
    });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(actor.getSnapshot().context.values.userJob).toBe('teacher');
  });

  it.each(['offline', 'expired'] as const)(
    'shows a form closed %s without fields or captcha',
    async (closed) => {
      const { actor, calls } = start({
        load: async () => ({ form: form({ closed, captcha: null }), jobs: [] }),
      });
      await waitFor(actor, (s) => s.matches('closed'));
      expect(actor.getSnapshot().context.form?.closed).toBe(closed);
      expect(calls.solve).toEqual([]);
    },
  );

  it('says a wrong link opens no form, and offers to read again after another failure', async () => {
    const notFound = start({
      load: () => Promise.reject(new ApiError('not-found', 'no form', { status: 404 })),
    });
    await waitFor(notFound.actor, (s) => s.matches('notFound'));

    let fail = true;
    const { actor, calls } = start({
      load: async () => {
        if (fail) throw new ApiError('network', 'Network Error');
        return { form: form(), jobs: [] };
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('filling'));
    expect(calls.load).toBe(2);
  });

  it('checks the fields it asks for before sending, and forgets a field’s problem once it is edited', async () => {
    const { actor, calls } = start({
      load: async () => ({ form: form({ allowNoOrganization: false }), jobs: [] }),
    });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    actor.send({
      type: 'user.edit',
      values: { userFirstName: 'Ana', userEmail: 'not an address', userJob: 'other' },
    });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches({ filling: { entry: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      userLastName: 'required',
      userEmail: 'email',
      userJobOther: 'required',
      organizationName: 'required',
    });
    expect(actor.getSnapshot().context.refusals).toBe(1);
    actor.send({ type: 'user.edit', values: { userEmail: 'ana@example.org' } });
    expect(actor.getSnapshot().context.errors).not.toHaveProperty('userEmail');
    expect(calls.submit).toEqual([]);
  });

  it('waits for the captcha when the visitor sends first, then sends on its own', async () => {
    const solving = later<CaptchaPayload | null>();
    const { actor, calls } = start({ solve: () => solving.promise });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solving' } }));
    actor.send({ type: 'user.edit', values: filled });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().matches({ filling: { entry: 'waiting' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(calls.submit).toEqual([]);
    solving.resolve(solutionOf(challenge(1)));
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.submit[0]!.body.data.attributes.captcha).toEqual(solutionOf(challenge(1)));
  });

  it('sends no captcha for a form that asks none', async () => {
    const { actor, calls } = start({ load: async () => ({ form: form({ captcha: null }), jobs: [] }) });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'notNeeded' } }));
    actor.send({ type: 'user.edit', values: filled });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.solve).toEqual([]);
    expect(calls.submit[0]!.body.data.attributes.captcha).toBeNull();
  });

  it('renews a captcha the server refused, keeps what was typed and lets the visitor send again', async () => {
    let answer: SubmitOutcome = { kind: 'refused', fields: { userPhone: 'invalid' }, captcha: true };
    const { actor, calls } = start({ submit: async () => answer });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    actor.send({ type: 'user.edit', values: { ...filled, userPhone: '12' } });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.refusals === 1);
    expect(actor.getSnapshot().context).toMatchObject({
      notice: 'captchaRenewed',
      errors: { userPhone: 'invalid' },
      values: filled,
    });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    expect(calls.renew).toBe(1);
    expect(calls.solve).toEqual([challenge(1), challenge(2)]);
    expect(actor.getSnapshot().matches({ filling: { entry: 'editing' } })).toBe(true);

    answer = { kind: 'sent', id: 'input-2' };
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.submit.map((s) => s.body.data.attributes.captcha)).toEqual([
      solutionOf(challenge(1)),
      solutionOf(challenge(2)),
    ]);
    // the same filled-in form: a resend is the same input if the first was taken after all
    expect(calls.submit[1]!.idempotencyKey).toBe(calls.submit[0]!.idempotencyKey);
  });

  it.each([
    [{ kind: 'conflict', reason: 'alreadySubmitted' }, 'alreadySubmitted'],
    [{ kind: 'conflict', reason: 'closed' }, 'closed'],
    [{ kind: 'conflict', reason: 'expired' }, 'expired'],
    [{ kind: 'conflict', reason: 'other' }, 'conflict'],
    [{ kind: 'notFound' }, 'notFound'],
    [{ kind: 'failed' }, 'failed'],
  ] as const)('goes back to the form with a notice after %o', async (outcome, notice) => {
    const { actor, calls } = start({ submit: async () => outcome });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    actor.send({ type: 'user.edit', values: filled });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.refusals === 1);
    expect(actor.getSnapshot().matches({ filling: { entry: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notice, values: filled });
    // the challenge was not spent on a refusal: it stays for the resend
    expect(calls.renew).toBe(0);
    actor.send({ type: 'user.edit', values: { userEmail: 'other@example.org' } });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('tries the captcha again when the visitor sends after it failed, and says so if it fails again', async () => {
    const { actor, calls } = start({ solve: async () => null });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'failed' } }));
    actor.send({ type: 'user.edit', values: filled });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.context.refusals === 1);
    expect(calls.renew).toBe(1);
    expect(calls.solve).toHaveLength(2);
    expect(actor.getSnapshot().context.notice).toBe('captchaFailed');
    expect(actor.getSnapshot().matches({ filling: { entry: 'editing' } })).toBe(true);
    expect(calls.submit).toEqual([]);
  });

  it('renews a solved challenge in the background before it dies', async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = start({}, { clock });
    await waitFor(actor, (s) => s.matches({ filling: { captcha: 'solved' } }));
    clock.increment(HOUR - 3 * 60_000);
    expect(captchaState(actor)).toBe('solved');
    clock.increment(60_000);
    await waitFor(
      actor,
      (s) => s.matches({ filling: { captcha: 'solved' } }) && s.context.challenge?.signature === 'sig-2',
    );
    expect(calls.renew).toBe(1);
    expect(actor.getSnapshot().context.solution).toEqual(solutionOf(challenge(2)));
  });
});

describe('renewalDelay', () => {
  it('is two minutes before the challenge dies, never under five minutes, and never when it does not say', () => {
    expect(renewalDelay(NOW + HOUR, NOW)).toBe(HOUR - 2 * 60_000);
    expect(renewalDelay(NOW + 60_000, NOW)).toBe(5 * 60_000);
    expect(renewalDelay(null, NOW)).toBe(2 ** 31 - 1);
  });
});
