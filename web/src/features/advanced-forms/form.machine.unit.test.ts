import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import type { FormFieldView } from '@platform/contracts/forms/rules';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../kit/api/errors.ts';
import { advancedFormMachine, type PageLoad } from './form.machine.ts';
import type { AdvancedForm, SaveRequest, SavedResponse, StartRequest } from './forms-api.ts';

const TOKEN = 'T'.repeat(32);

const challenge = (n: number): CaptchaChallenge => ({
  parameters: { nonce: `nonce-${n}`, data: { scope: 'f1' } },
  signature: `sig-${n}`,
});
const solutionOf = (c: CaptchaChallenge): CaptchaPayload => ({
  challenge: c,
  solution: { counter: 42, derivedKey: `ab${c.signature.slice(-1)}0` },
});

const field = (id: string, attributes: Partial<FormFieldView>): FormFieldView => ({
  id,
  position: 0,
  title: id,
  description: null,
  required: false,
  fieldType: 'short_text',
  dataType: 'text',
  config: {},
  ...attributes,
});

const form = (attributes: Partial<AdvancedForm> = {}): AdvancedForm => ({
  id: 'f1',
  title: 'Visit feedback',
  description: 'Tell us about your visit.',
  state: 'open',
  openAt: null,
  closeAt: null,
  captcha: challenge(1),
  sections: [
    {
      id: 's1',
      title: 'About you',
      description: null,
      fields: [
        field('name', { required: true }),
        field('email', { dataType: 'email' }),
        field('age', { dataType: 'integer', config: { min: 1, max: 120 } }),
      ],
    },
    {
      id: 's2',
      title: 'Your visit',
      description: null,
      fields: [
        field('rating', { fieldType: 'single_choice', dataType: null, config: { choices: ['Good', 'Bad'] } }),
        field('consent', { fieldType: 'checkbox', dataType: null, required: true }),
      ],
    },
  ],
  ...attributes,
});

const refused = (errors: Array<{ code: string; pointer?: string }>) =>
  new ApiError('validation', 'refused', {
    status: 422,
    errors: errors.map((e) => ({
      code: e.code,
      detail: e.code,
      ...(e.pointer ? { source: { pointer: e.pointer } } : {}),
    })),
  });
const conflict = (code: string) =>
  new ApiError('conflict', code, { status: 409, errors: [{ code, detail: code }] });

interface Fakes {
  load?: (input: { id: string; token: string | null }) => Promise<PageLoad>;
  solve?: (c: CaptchaChallenge) => Promise<CaptchaPayload | null>;
  start?: (request: StartRequest) => Promise<string>;
  save?: (request: SaveRequest) => Promise<void>;
  end?: () => Promise<void>;
}

function start(fakes: Fakes = {}, input: { token?: string | null; page?: number | null } = {}) {
  const calls = {
    load: [] as Array<{ id: string; token: string | null }>,
    renew: 0,
    start: [] as StartRequest[],
    save: [] as SaveRequest[],
    end: 0,
    navigate: [] as Array<{ token: string | null; page: number; replace: boolean }>,
  };
  let renewed = 1;
  const actor = createActor(
    advancedFormMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }: { input: { id: string; token: string | null } }) => {
          calls.load.push(input);
          return fakes.load?.(input) ?? Promise.resolve({ form: form(), response: null });
        }),
        solve: fromPromise(({ input }: { input: CaptchaChallenge }) =>
          fakes.solve ? fakes.solve(input) : Promise.resolve(solutionOf(input)),
        ),
        renewChallenge: fromPromise((): Promise<CaptchaChallenge | null> => {
          calls.renew += 1;
          return Promise.resolve(challenge(++renewed));
        }),
        start: fromPromise(({ input }: { input: StartRequest }) => {
          calls.start.push(input);
          return fakes.start?.(input) ?? Promise.resolve(TOKEN);
        }),
        save: fromPromise(({ input }: { input: SaveRequest }) => {
          calls.save.push(input);
          return fakes.save?.(input) ?? Promise.resolve();
        }),
        end: fromPromise(() => {
          calls.end += 1;
          return fakes.end?.() ?? Promise.resolve();
        }),
      },
      actions: {
        navigate: ({ context }, params) =>
          calls.navigate.push({ token: context.token, page: context.page, replace: params.replace }),
      },
    }),
    { input: { formId: 'f1', token: input.token ?? null, page: input.page ?? null, locale: 'fr' } },
  ).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];

/** a response started and its first page shown */
async function answering(fakes: Fakes = {}) {
  const started = start(fakes);
  await waitFor(started.actor, (s) => s.matches({ intro: { captcha: 'solved' } }));
  started.actor.send({ type: 'user.start' });
  await waitFor(started.actor, (s) => s.matches({ answering: 'editing' }));
  return started;
}

const edit = (actor: Actor, answers: Record<string, string | boolean | string[]>) => {
  for (const [fieldId, value] of Object.entries(answers)) actor.send({ type: 'user.edit', fieldId, value });
};

describe('the advanced form machine', () => {
  it('shows the form, solves its captcha in the background, and starts a response on its first page', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches({ intro: { captcha: 'solved' } }));
    expect(actor.getSnapshot().matches({ intro: { entry: 'idle' } })).toBe(true);
    expect(calls.load).toEqual([{ id: 'f1', token: null }]);

    actor.send({ type: 'user.start' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    // a second press while it starts is not a second response
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches({ answering: 'editing' }));
    expect(calls.start).toEqual([{ id: 'f1', captcha: solutionOf(challenge(1)), locale: 'fr' }]);
    expect(actor.getSnapshot().context).toMatchObject({
      token: TOKEN,
      page: 0,
      started: true,
      attention: { to: 'page', seq: 1 },
    });
    // the address now names the response and its first page, in place of the form's
    expect(calls.navigate).toEqual([{ token: TOKEN, page: 0, replace: true }]);
  });

  it('waits for the captcha when the visitor presses Start first', async () => {
    let solved!: (payload: CaptchaPayload | null) => void;
    const { actor, calls } = start({ solve: () => new Promise((resolve) => (solved = resolve)) });
    await waitFor(actor, (s) => s.matches({ intro: { captcha: 'solving' } }));
    actor.send({ type: 'user.start' });
    expect(actor.getSnapshot().matches({ intro: { entry: 'waiting' } })).toBe(true);
    expect(calls.start).toEqual([]);
    solved(solutionOf(challenge(1)));
    await waitFor(actor, (s) => s.matches('answering'));
    expect(calls.start[0]!.captcha).toEqual(solutionOf(challenge(1)));
  });

  it('checks a page with the shared rules before sending it, and forgets a problem once its answer is edited', async () => {
    const { actor, calls } = await answering();
    edit(actor, { email: 'not an address', age: '200' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().matches({ answering: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.problems).toEqual({
      name: { reason: 'required' },
      email: { reason: 'email' },
      age: { reason: 'range', limits: { min: 1, max: 120 } },
    });
    expect(actor.getSnapshot().context.attention).toEqual({ to: 'problem', seq: 2 });
    expect(calls.save).toEqual([]);
    edit(actor, { name: 'Ana' });
    expect(actor.getSnapshot().context.problems).not.toHaveProperty('name');
  });

  it('saves a page with its own answers, then shows the next one at its own address', async () => {
    const { actor, calls } = await answering();
    edit(actor, { name: '  Ana ', age: '42' });
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().matches({ answering: 'saving' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ answering: 'editing' }) && s.context.page === 1);
    expect(calls.save).toEqual([
      { id: 'f1', token: TOKEN, section: 0, answers: { name: 'Ana', email: null, age: 42 } },
    ]);
    expect(calls.navigate.at(-1)).toEqual({ token: TOKEN, page: 1, replace: false });
    expect(actor.getSnapshot().context.attention.to).toBe('page');
  });

  it('puts the server’s refusal on its field', async () => {
    let once = true;
    const { actor } = await answering({
      save: async () => {
        if (once) {
          once = false;
          throw refused([
            { code: 'validation.invalid', pointer: '/data/attributes/answers/email' },
            { code: 'validation.required', pointer: '/data/attributes/answers/name' },
          ]);
        }
      },
    });
    edit(actor, { name: 'Ana', email: 'ana@example.org' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.matches({ answering: 'editing' }) && s.context.attention.to === 'problem');
    expect(actor.getSnapshot().context).toMatchObject({
      page: 0,
      problems: { email: { reason: 'invalid' }, name: { reason: 'required' } },
      notice: null,
      answers: { name: 'Ana', email: 'ana@example.org' },
    });
  });

  it('says a refusal that names no field of the page in its alert', async () => {
    const { actor } = await answering({
      save: () =>
        Promise.reject(refused([{ code: 'validation.invalid', pointer: '/data/attributes/answers/zz' }])),
    });
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'invalid', problems: {} });
  });

  it('goes back a page without saving, keeping what was typed', async () => {
    const { actor, calls } = await answering();
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.page === 1);
    edit(actor, { rating: 'Good' });
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().context).toMatchObject({ page: 0, answers: { name: 'Ana', rating: 'Good' } });
    expect(calls.save).toHaveLength(1);
    expect(calls.navigate.at(-1)).toEqual({ token: TOKEN, page: 0, replace: false });
    // there is no page before the first
    actor.send({ type: 'user.back' });
    expect(actor.getSnapshot().context.page).toBe(0);
  });

  it('follows the browser’s back and forward buttons between pages', async () => {
    const { actor, calls } = await answering();
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.page === 1);
    const navigations = calls.navigate.length;
    actor.send({ type: 'route.changed', token: TOKEN, page: 0 });
    expect(actor.getSnapshot().context).toMatchObject({ page: 0, attention: { to: 'page' } });
    // the machine's own navigation coming back is no move
    actor.send({ type: 'route.changed', token: TOKEN, page: 0 });
    expect(calls.navigate).toHaveLength(navigations);
    expect(calls.load).toHaveLength(1);
  });

  it('saves the last page, sends the response, and says so', async () => {
    const { actor, calls } = await answering();
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.page === 1);
    edit(actor, { consent: true });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.matches('ended'));
    expect(calls.save.map((s) => s.section)).toEqual([0, 1]);
    expect(calls.save[1]!.answers).toEqual({ rating: null, consent: true });
    expect(calls.end).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ endedNow: true, attention: { to: 'ended' } });
  });

  it('goes back to the first page holding a required question the server lacks, the problem on it', async () => {
    const { actor, calls } = await answering({
      end: () =>
        Promise.reject(refused([{ code: 'validation.required', pointer: '/data/attributes/answers/name' }])),
    });
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.page === 1);
    // the answer is taken out again, as if typed away on another visit
    edit(actor, { consent: true, name: '' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.notice === 'missing');
    expect(actor.getSnapshot().matches({ answering: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      page: 0,
      problems: { name: { reason: 'required' } },
      attention: { to: 'problem' },
    });
    expect(calls.navigate.at(-1)).toEqual({ token: TOKEN, page: 0, replace: false });
  });

  it.each([
    ['conflict.form_closed', 'closed'],
    ['conflict.form_not_open', 'notYetOpen'],
    ['conflict.something_else', 'conflict'],
  ])('says a %s in words and keeps what was typed', async (code, notice) => {
    const { actor } = await answering({ save: () => Promise.reject(conflict(code)) });
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(actor.getSnapshot().matches({ answering: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notice, page: 0, answers: { name: 'Ana' } });
  });

  it('says the response was already sent when the server says it ended', async () => {
    const { actor } = await answering({ save: () => Promise.reject(conflict('conflict.response_ended')) });
    edit(actor, { name: 'Ana' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.matches('ended'));
    expect(actor.getSnapshot().context.endedNow).toBe(false);
  });

  it('keeps everything typed when the answer could not be sent', async () => {
    const { actor } = await answering({
      save: () => Promise.reject(new ApiError('network', 'Network Error')),
    });
    edit(actor, { name: 'Ana', email: 'ana@example.org' });
    actor.send({ type: 'user.next' });
    await waitFor(actor, (s) => s.context.notice === 'failed');
    expect(actor.getSnapshot().context.answers).toEqual({ name: 'Ana', email: 'ana@example.org' });
  });

  it('shows a form closed at its start, with no Start that goes anywhere', async () => {
    const { actor, calls } = start({
      start: () => Promise.reject(conflict('conflict.form_closed')),
    });
    await waitFor(actor, (s) => s.matches({ intro: { captcha: 'solved' } }));
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(actor.getSnapshot().matches({ intro: { entry: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('closed');
    expect(actor.getSnapshot().context.form?.state).toBe('closed');
    actor.send({ type: 'user.start' });
    expect(calls.start).toHaveLength(1);
  });

  it('renews a captcha the server refused, and lets the visitor press Start again', async () => {
    let answer: Promise<string> | null = null;
    const { actor, calls } = start({
      start: () =>
        answer ??
        Promise.reject(refused([{ code: 'validation.invalid', pointer: '/data/attributes/captcha' }])),
    });
    await waitFor(actor, (s) => s.matches({ intro: { captcha: 'solved' } }));
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.context.notice === 'captchaRenewed');
    await waitFor(actor, (s) => s.matches({ intro: { captcha: 'solved' } }));
    expect(calls.renew).toBe(1);
    answer = Promise.resolve(TOKEN);
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('answering'));
    expect(calls.start.map((s) => s.captcha)).toEqual([solutionOf(challenge(1)), solutionOf(challenge(2))]);
  });

  it('does not start a form that is not open yet', async () => {
    const { actor, calls } = start({
      load: async () => ({
        form: form({ state: 'notYetOpen', openAt: '2027-01-01T09:00:00.000Z', captcha: null }),
        response: null,
      }),
    });
    await waitFor(actor, (s) => s.matches({ intro: { captcha: 'notNeeded' } }));
    actor.send({ type: 'user.start' });
    expect(actor.getSnapshot().matches({ intro: { entry: 'idle' } })).toBe(true);
    expect(calls.start).toEqual([]);
  });

  it('resumes a response at its furthest page, its answers filled in, and names that page in the address', async () => {
    const response: SavedResponse = { answers: { name: 'Ana', age: 42 }, section: 1, endedAt: null };
    const { actor, calls } = start({ load: async () => ({ form: form(), response }) }, { token: TOKEN });
    await waitFor(actor, (s) => s.matches({ answering: 'editing' }));
    expect(calls.load).toEqual([{ id: 'f1', token: TOKEN }]);
    expect(actor.getSnapshot().context).toMatchObject({
      page: 1,
      answers: { name: 'Ana', age: 42 },
      started: false,
      attention: { seq: 0 },
    });
    expect(calls.navigate).toEqual([{ token: TOKEN, page: 1, replace: true }]);
  });

  it('resumes at the page the address names, within the form’s pages', async () => {
    const response: SavedResponse = { answers: {}, section: 1, endedAt: null };
    const first = start({ load: async () => ({ form: form(), response }) }, { token: TOKEN, page: 0 });
    await waitFor(first.actor, (s) => s.matches('answering'));
    expect(first.actor.getSnapshot().context.page).toBe(0);
    expect(first.calls.navigate).toEqual([]);

    const beyond = start({ load: async () => ({ form: form(), response }) }, { token: TOKEN, page: 9 });
    await waitFor(beyond.actor, (s) => s.matches('answering'));
    expect(beyond.actor.getSnapshot().context.page).toBe(1);
    expect(beyond.calls.navigate).toEqual([{ token: TOKEN, page: 1, replace: true }]);
  });

  it('shows a response already sent as sent', async () => {
    const response: SavedResponse = {
      answers: { name: 'Ana' },
      section: 1,
      endedAt: '2026-11-29T10:00:00.000Z',
    };
    const { actor, calls } = start(
      { load: async () => ({ form: form(), response }) },
      { token: TOKEN, page: 0 },
    );
    await waitFor(actor, (s) => s.matches('ended'));
    expect(actor.getSnapshot().context).toMatchObject({ endedNow: false, attention: { seq: 0 } });
    expect(calls.navigate).toEqual([]);
  });

  it('reads another response anew when the address names another token', async () => {
    const response: SavedResponse = { answers: {}, section: 0, endedAt: null };
    const { actor, calls } = start({ load: async () => ({ form: form(), response }) }, { token: TOKEN });
    await waitFor(actor, (s) => s.matches('answering'));
    const other = 'U'.repeat(32);
    actor.send({ type: 'route.changed', token: other, page: null });
    await waitFor(actor, (s) => s.matches('answering') && s.context.token === other);
    expect(calls.load.map((l) => l.token)).toEqual([TOKEN, other]);
  });

  it('says a wrong link opens no form, and offers to read again after another failure', async () => {
    const notFound = start({ load: () => Promise.reject(new ApiError('not-found', 'no', { status: 404 })) });
    await waitFor(notFound.actor, (s) => s.matches('notFound'));

    let fail = true;
    const { actor, calls } = start({
      load: async () => {
        if (fail) throw new ApiError('network', 'Network Error');
        return { form: form(), response: null };
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('intro'));
    expect(calls.load).toHaveLength(2);
  });
});
