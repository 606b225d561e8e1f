import type {
  CaptchaChallenge,
  CaptchaPayload,
  LightUserFormInputBody,
} from '@platform/contracts/contacts/endpoints';
import type { Locale } from '@platform/contracts/enums';
import { assertEvent, assign, enqueueActions, fromPromise, or, setup, stateIn } from 'xstate';
import { ApiError } from '../../kit/api/errors.ts';
import { challengeExpiresAt } from '../../kit/captcha/solve.ts';
import {
  checkValues,
  initialValues,
  inputBody,
  type ConflictReason,
  type FieldErrors,
  type FormValues,
  type JobOption,
  type PublicForm,
  type SubmitOutcome,
  type Utm,
} from './contacts-api.ts';

/** What the page reads first: the form (with its challenge) and the jobs to choose from. */
export interface PageLoad {
  form: PublicForm;
  jobs: JobOption[];
}

/** A message about the whole form, said in its alert: why it was not taken, or what to do now. */
export type FormNotice =
  | 'captchaRenewed'
  | 'captchaFailed'
  | 'closed'
  | 'expired'
  | 'alreadySubmitted'
  | 'conflict'
  | 'notFound'
  | 'failed';

const NOTICE_OF_CONFLICT: Record<ConflictReason, FormNotice> = {
  closed: 'closed',
  expired: 'expired',
  alreadySubmitted: 'alreadySubmitted',
  other: 'conflict',
};

export interface SubmitRequest {
  id: string;
  body: LightUserFormInputBody;
  idempotencyKey: string;
}

export interface ContactFormInput {
  id: string;
  token: string;
  locale: Locale;
  utm: Utm | null;
  newKey?: () => string;
  now?: () => number;
}

export interface ContactFormContext {
  id: string;
  token: string;
  locale: Locale;
  utm: Utm | null;
  form: PublicForm | null;
  jobs: JobOption[];
  values: FormValues;
  errors: FieldErrors;
  notice: FormNotice | null;
  challenge: CaptchaChallenge | null;
  solution: CaptchaPayload | null;
  /** how many sends were refused so far: the screen moves focus to what to fix after each */
  refusals: number;
  /** the input the server made, once sent */
  inputId: string | null;
  /** one per filled-in form: a resend after a lost answer is the same input (Idempotency-Key) */
  idempotencyKey: string;
  newKey: () => string;
  now: () => number;
}

export type ContactFormEvent =
  | { type: 'user.edit'; values: Partial<FormValues> }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.restart' }
  | { type: 'captcha.renew' };

const randomKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const MINUTE = 60_000;
/** setTimeout's own bound: a challenge that does not say when it dies is renewed only when refused */
const NEVER = 2 ** 31 - 1;

/**
 * How long a solved challenge is kept before a fresh one is asked for in the background: until two minutes before
 * it dies, so that a visitor who left the page open does not have it refused. Never sooner than five minutes, in
 * case the browser's clock runs ahead of the platform's (the server's refusal then renews it anyway).
 */
export function renewalDelay(expiresAt: number | null, now: number): number {
  if (expiresAt === null) return NEVER;
  return Math.min(NEVER, Math.max(5 * MINUTE, expiresAt - now - 2 * MINUTE));
}

/**
 * The public light-user form's page (seed 001 §2, /services/forms/{id}?t={token}): loading → closed (offline or
 * expired) | notFound (a wrong link) | loadFailed | filling → done. While filling, two things run side by side:
 * the captcha (the page's challenge solved in the background as soon as the form shows, renewed before it dies or
 * when the server refuses it) and the visitor's entry (editing → waiting for the captcha, if it is not solved yet →
 * sending → back to editing with what to fix, or done). What was typed is kept whatever the answer.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as ContactFormInput,
  },
  actors: {
    loadPage: fromPromise<PageLoad, { id: string; token: string }>(() => {
      throw new Error('the screen provides its loadPage actor');
    }),
    solve: fromPromise<CaptchaPayload | null, CaptchaChallenge>(() => {
      throw new Error('the screen provides its solve actor');
    }),
    renewChallenge: fromPromise<CaptchaChallenge | null, { id: string; token: string }>(() => {
      throw new Error('the screen provides its renewChallenge actor');
    }),
    submit: fromPromise<SubmitOutcome, SubmitRequest>(() => {
      throw new Error('the screen provides its submit actor');
    }),
  },
  delays: {
    challengeLifetime: ({ context }) => renewalDelay(challengeExpiresAt(context.challenge), context.now()),
  },
  guards: {
    hasChallenge: ({ context }) => context.challenge !== null,
    valuesInvalid: ({ context }) => Object.keys(checkValues(context.values, context.form!)).length > 0,
    captchaReady: or([stateIn('#captchaSolved'), stateIn('#captchaNotNeeded')]),
    captchaFailed: stateIn('#captchaFailed'),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'user.edit');
      const errors = { ...context.errors };
      for (const field of Object.keys(event.values)) delete errors[field as keyof FieldErrors];
      return { values: { ...context.values, ...event.values }, errors, notice: null };
    }),
    refuseValues: assign(({ context }) => ({
      errors: checkValues(context.values, context.form!),
      notice: null,
      refusals: context.refusals + 1,
    })),
    clearNotice: assign({ notice: null }),
    captchaFailedNotice: assign(({ context }) => ({
      notice: 'captchaFailed' as const,
      refusals: context.refusals + 1,
    })),
    failedNotice: assign(({ context }) => ({ notice: 'failed' as const, refusals: context.refusals + 1 })),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => {
    const newKey = input.newKey ?? randomKey;
    return {
      id: input.id,
      token: input.token,
      locale: input.locale,
      utm: input.utm,
      form: null,
      jobs: [],
      values: initialValues({ defaultJob: null }),
      errors: {},
      notice: null,
      challenge: null,
      solution: null,
      refusals: 0,
      inputId: null,
      idempotencyKey: newKey(),
      newKey,
      now: input.now ?? Date.now,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ id: context.id, token: context.token }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            form: event.output.form,
            jobs: event.output.jobs,
            values: initialValues(event.output.form),
            errors: {},
            notice: null,
            challenge: event.output.form.captcha,
            solution: null,
            refusals: 0,
            inputId: null,
            idempotencyKey: context.newKey(),
          })),
        },
        onError: [
          {
            guard: ({ event }) => event.error instanceof ApiError && event.error.kind === 'not-found',
            target: 'notFound',
          },
          { target: 'loadFailed' },
        ],
      },
    },
    shown: {
      always: [
        { guard: ({ context }) => context.form?.closed != null, target: 'closed' },
        { target: 'filling' },
      ],
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    notFound: {},
    closed: {},
    filling: {
      type: 'parallel',
      on: { 'user.edit': { actions: 'edit' } },
      states: {
        captcha: {
          initial: 'starting',
          states: {
            starting: {
              always: [{ guard: 'hasChallenge', target: 'solving' }, { target: 'notNeeded' }],
            },
            notNeeded: {
              id: 'captchaNotNeeded',
              // the form asks one now (the back office turned it on): the server said so
              on: { 'captcha.renew': 'renewing' },
            },
            solving: {
              invoke: {
                src: 'solve',
                input: ({ context }) => context.challenge!,
                onDone: [
                  {
                    guard: ({ event }) => event.output !== null,
                    target: 'solved',
                    actions: assign({ solution: ({ event }) => event.output }),
                  },
                  { target: 'failed' },
                ],
                onError: { target: 'failed' },
              },
            },
            solved: {
              id: 'captchaSolved',
              after: { challengeLifetime: 'renewing' },
              on: { 'captcha.renew': 'renewing' },
            },
            renewing: {
              entry: assign({ solution: null }),
              invoke: {
                src: 'renewChallenge',
                input: ({ context }) => ({ id: context.id, token: context.token }),
                onDone: { target: 'starting', actions: assign({ challenge: ({ event }) => event.output }) },
                onError: { target: 'failed' },
              },
            },
            failed: {
              id: 'captchaFailed',
              // the visitor's next send tries again
              on: { 'user.submit': 'renewing', 'captcha.renew': 'renewing' },
            },
          },
        },
        entry: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'user.submit': [
                  { guard: 'valuesInvalid', actions: 'refuseValues' },
                  { target: 'waiting', actions: 'clearNotice' },
                ],
              },
            },
            // a send before the captcha is solved waits for it (well under a second)
            waiting: {
              tags: ['pending'],
              always: [
                { guard: 'captchaReady', target: 'sending' },
                { guard: 'captchaFailed', target: 'editing', actions: 'captchaFailedNotice' },
              ],
            },
            sending: {
              tags: ['pending'],
              invoke: {
                src: 'submit',
                input: ({ context }) => ({
                  id: context.id,
                  idempotencyKey: context.idempotencyKey,
                  body: inputBody({
                    token: context.token,
                    form: context.form!,
                    values: context.values,
                    captcha: context.solution,
                    locale: context.locale,
                    utm: context.utm,
                  }),
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.kind === 'sent',
                    target: '#contactForm.done',
                    actions: assign({
                      inputId: ({ event }) => (event.output.kind === 'sent' ? event.output.id : null),
                    }),
                  },
                  {
                    target: 'editing',
                    actions: enqueueActions(({ context, event, enqueue }) => {
                      const outcome = event.output;
                      const refusals = context.refusals + 1;
                      if (outcome.kind === 'refused') {
                        enqueue.assign({
                          errors: outcome.fields,
                          notice: outcome.captcha ? 'captchaRenewed' : null,
                          refusals,
                        });
                        // the challenge is spent, expired or refused: a fresh one for the resend
                        if (outcome.captcha) enqueue.raise({ type: 'captcha.renew' });
                      } else if (outcome.kind === 'conflict') {
                        enqueue.assign({ notice: NOTICE_OF_CONFLICT[outcome.reason], refusals });
                      } else if (outcome.kind === 'notFound') {
                        enqueue.assign({ notice: 'notFound', refusals });
                      } else {
                        enqueue.assign({ notice: 'failed', refusals });
                      }
                    }),
                  },
                ],
                onError: { target: 'editing', actions: 'failedNotice' },
              },
            },
          },
        },
      },
    },
    done: {
      on: { 'user.restart': 'loading' },
    },
  },
});
