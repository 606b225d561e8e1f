import { and, assertEvent, assign, enqueueActions, fromPromise, not, or, setup, stateIn } from 'xstate';
import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import { checkPage, clampPage } from './answers.ts';
import {
  attend,
  endRefused,
  loadedContext,
  saveRefused,
  sectionOf,
  startRefused,
  type AdvancedFormContext,
  type AdvancedFormEvent,
  type AdvancedFormInput,
  type PageLoad,
} from './form-context.ts';
import { refusalOf, type Refusal, type SaveRequest, type StartRequest } from './forms-api.ts';

export type {
  AdvancedFormContext,
  AdvancedFormEvent,
  AdvancedFormInput,
  Attention,
  FormNotice,
  PageLoad,
} from './form-context.ts';

const errorRefusal = (event: { error?: unknown }): Refusal => refusalOf(event.error);

/**
 * The public page of an advanced form (seed 000 §2 services.advanced-forms.show, /services/aforms/{form}/{token}/
 * {page}): loading → intro (the form's state, and Start behind a captcha solved in the background) → answering, page
 * by page (editing → saving → the next page; on the last one saving → ending) → ended; or notFound, loadFailed.
 * A page is checked with the server's own rules before it is sent; the server's refusals go on their fields. The
 * calls are the screen's actors, and the address follows the page through the `navigate` action it provides, so
 * that the browser's back button goes back a page; an address changed by the browser comes back as `route.changed`.
 */
export const advancedFormMachine = setup({
  types: {
    context: {} as AdvancedFormContext,
    events: {} as AdvancedFormEvent,
    input: {} as AdvancedFormInput,
  },
  actors: {
    loadPage: fromPromise<PageLoad, { id: string; token: string | null }>(() => {
      throw new Error('the screen provides its loadPage actor');
    }),
    solve: fromPromise<CaptchaPayload | null, CaptchaChallenge>(() => {
      throw new Error('the screen provides its solve actor');
    }),
    renewChallenge: fromPromise<CaptchaChallenge | null, { id: string }>(() => {
      throw new Error('the screen provides its renewChallenge actor');
    }),
    start: fromPromise<string, StartRequest>(() => {
      throw new Error('the screen provides its start actor');
    }),
    save: fromPromise<void, SaveRequest>(() => {
      throw new Error('the screen provides its save actor');
    }),
    end: fromPromise<void, { id: string; token: string }>(() => {
      throw new Error('the screen provides its end actor');
    }),
  },
  actions: {
    /** the address follows the page shown (the screen provides it: advancedFormPath, the router) */
    navigate: (_, _params: { replace: boolean }) => {},
    edit: assign(({ context, event }) => {
      assertEvent(event, 'user.edit');
      const { [event.fieldId]: _fixed, ...problems } = context.problems;
      return { answers: { ...context.answers, [event.fieldId]: event.value }, problems, notice: null };
    }),
    clearNotice: assign({ notice: null }),
    refusePage: assign(({ context }) => ({
      problems: checkPage(sectionOf(context), context.answers).problems,
      notice: null,
      attention: attend(context, 'problem'),
    })),
    nextPage: assign(({ context }) => ({
      page: context.page + 1,
      problems: {},
      notice: null,
      attention: attend(context, 'page'),
    })),
    previousPage: assign(({ context }) => ({
      page: context.page - 1,
      problems: {},
      notice: null,
      attention: attend(context, 'page'),
    })),
  },
  guards: {
    hasChallenge: ({ context }) => context.challenge !== null,
    canStart: ({ context }) => context.form?.state === 'open' && context.sections.length > 0,
    captchaReady: or([stateIn('#captchaSolved'), stateIn('#captchaNotNeeded')]),
    captchaFailed: stateIn('#captchaFailed'),
    pageInvalid: ({ context }) =>
      Object.keys(checkPage(sectionOf(context), context.answers).problems).length > 0,
    isFirstPage: ({ context }) => context.page === 0,
    isLastPage: ({ context }) => context.page >= context.sections.length - 1,
    tokenChanged: ({ context, event }) => event.type === 'route.changed' && event.token !== context.token,
    otherPage: ({ context, event }) =>
      event.type === 'route.changed' &&
      event.page !== null &&
      clampPage(event.page, context.sections) !== context.page,
    notFound: ({ event }) => errorRefusal(event as { error?: unknown }).kind === 'notFound',
    responseEnded: ({ event }) => {
      const refusal = errorRefusal(event as { error?: unknown });
      return refusal.kind === 'conflict' && refusal.reason === 'ended';
    },
  },
}).createMachine({
  id: 'advancedForm',
  context: ({ input }) => ({
    formId: input.formId,
    token: input.token,
    requestedPage: input.page,
    locale: input.locale,
    form: null,
    sections: [],
    answers: {},
    page: 0,
    problems: {},
    notice: null,
    challenge: null,
    solution: null,
    attention: { to: 'page', seq: 0 },
    started: false,
    endedNow: false,
  }),
  initial: 'loading',
  on: {
    // another response's address (or none): its own page, read anew
    'route.changed': {
      guard: 'tokenChanged',
      target: '.loading',
      actions: assign(({ event }) => ({ token: event.token, requestedPage: event.page, started: false })),
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ id: context.formId, token: context.token }),
        onDone: [
          {
            guard: ({ event }) => event.output.response?.endedAt != null,
            target: 'ended',
            actions: assign(({ context, event }) => loadedContext(context, event.output)),
          },
          {
            // a response of a form open with pages: back to the page the address names, or the furthest reached
            guard: ({ event }) =>
              event.output.response !== null &&
              event.output.form.state === 'open' &&
              event.output.form.sections.length > 0,
            target: 'answering',
            actions: [
              assign(({ context, event }) => loadedContext(context, event.output)),
              enqueueActions(({ context, enqueue }) => {
                if (context.requestedPage !== context.page)
                  enqueue({ type: 'navigate', params: { replace: true } });
              }),
            ],
          },
          { target: 'intro', actions: assign(({ context, event }) => loadedContext(context, event.output)) },
        ],
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'loadFailed' }],
      },
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    notFound: {},
    intro: {
      type: 'parallel',
      states: {
        captcha: {
          initial: 'starting',
          states: {
            starting: {
              always: [{ guard: 'hasChallenge', target: 'solving' }, { target: 'notNeeded' }],
            },
            notNeeded: {
              id: 'captchaNotNeeded',
              // the form asks one now: the server said so
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
              on: { 'captcha.renew': 'renewing' },
            },
            renewing: {
              entry: assign({ solution: null }),
              invoke: {
                src: 'renewChallenge',
                input: ({ context }) => ({ id: context.formId }),
                onDone: { target: 'starting', actions: assign({ challenge: ({ event }) => event.output }) },
                onError: { target: 'failed' },
              },
            },
            failed: {
              id: 'captchaFailed',
              // the visitor's next press tries again
              on: { 'user.start': 'renewing', 'captcha.renew': 'renewing' },
            },
          },
        },
        entry: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'user.start': { guard: 'canStart', target: 'waiting', actions: 'clearNotice' } },
            },
            // a press before the captcha is solved waits for it (well under a second)
            waiting: {
              tags: ['pending'],
              always: [
                { guard: 'captchaReady', target: 'starting' },
                {
                  guard: 'captchaFailed',
                  target: 'idle',
                  actions: assign(({ context }) => ({
                    notice: 'captchaFailed' as const,
                    attention: attend(context, 'problem'),
                  })),
                },
              ],
            },
            starting: {
              tags: ['pending'],
              invoke: {
                src: 'start',
                input: ({ context }) => ({
                  id: context.formId,
                  captcha: context.solution,
                  locale: context.locale,
                }),
                onDone: {
                  target: '#advancedForm.answering',
                  actions: [
                    assign(({ context, event }) => ({
                      token: event.output,
                      page: 0,
                      requestedPage: 0,
                      started: true,
                      problems: {},
                      notice: null,
                      attention: attend(context, 'page'),
                    })),
                    { type: 'navigate', params: { replace: true } },
                  ],
                },
                onError: [
                  { guard: 'notFound', target: '#advancedForm.notFound' },
                  {
                    target: 'idle',
                    actions: enqueueActions(({ context, event, enqueue }) => {
                      const refusal = refusalOf(event.error);
                      enqueue.assign(startRefused(context, refusal));
                      // the challenge is spent, expired or refused: a fresh one for the next press
                      if (refusal.kind === 'fields' && refusal.captcha)
                        enqueue.raise({ type: 'captcha.renew' });
                    }),
                  },
                ],
              },
            },
          },
        },
      },
    },
    answering: {
      initial: 'editing',
      on: { 'user.edit': { actions: 'edit' } },
      states: {
        editing: {
          on: {
            'user.next': [
              { guard: 'pageInvalid', actions: 'refusePage' },
              { target: 'saving', actions: 'clearNotice' },
            ],
            'user.back': {
              guard: not('isFirstPage'),
              actions: ['previousPage', { type: 'navigate', params: { replace: false } }],
            },
            'route.changed': {
              guard: and([not('tokenChanged'), 'otherPage']),
              actions: assign(({ context, event }) => ({
                page: clampPage(event.page ?? context.page, context.sections),
                problems: {},
                notice: null,
                attention: attend(context, 'page'),
              })),
            },
          },
        },
        saving: {
          tags: ['pending'],
          invoke: {
            src: 'save',
            input: ({ context }) => ({
              id: context.formId,
              token: context.token!,
              section: context.page,
              answers: checkPage(sectionOf(context), context.answers).values,
            }),
            onDone: [
              { guard: 'isLastPage', target: 'ending' },
              {
                target: 'editing',
                actions: ['nextPage', { type: 'navigate', params: { replace: false } }],
              },
            ],
            onError: [
              { guard: 'notFound', target: '#advancedForm.notFound' },
              { guard: 'responseEnded', target: '#advancedForm.ended' },
              {
                target: 'editing',
                actions: assign(({ context, event }) => saveRefused(context, refusalOf(event.error))),
              },
            ],
          },
        },
        ending: {
          tags: ['pending'],
          invoke: {
            src: 'end',
            input: ({ context }) => ({ id: context.formId, token: context.token! }),
            onDone: {
              target: '#advancedForm.ended',
              actions: assign(({ context }) => ({ endedNow: true, attention: attend(context, 'ended') })),
            },
            onError: [
              { guard: 'notFound', target: '#advancedForm.notFound' },
              { guard: 'responseEnded', target: '#advancedForm.ended' },
              {
                target: 'editing',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const changes = endRefused(context, refusalOf(event.error));
                  enqueue.assign(changes);
                  if (changes.page !== undefined && changes.page !== context.page)
                    enqueue({ type: 'navigate', params: { replace: false } });
                }),
              },
            ],
          },
        },
      },
    },
    ended: {},
  },
});
