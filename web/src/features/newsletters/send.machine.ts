import { assign, fromPromise, setup, stateIn } from 'xstate';
import {
  refusalOf,
  type ProgressRequest,
  type SendAnswer,
  type SendingProgress,
  type SendRefusal,
  type SendRequest,
  type SubscriberCount,
} from './send-api.ts';

/** How often the dialog reads the sending's progress while the platform's job delivers it. */
export const POLL_EVERY_MS = 1000;

export interface NewsletterSendInput {
  templateId: string;
  newKey?: () => string;
}

export interface NewsletterSendContext {
  templateId: string;
  newKey: () => string;
  subscribers: SubscriberCount | null;
  /** one per opening of the dialog: a retry after a lost answer asks for the same sending */
  idempotencyKey: string;
  /** the sending asked, once the server took it */
  sending: { id: string; position: string } | null;
  progress: SendingProgress | null;
  refusal: SendRefusal | null;
  /** the last failure, which the dialog words */
  error: unknown;
  /** reads of the progress that failed in a row (reset by one that answers) */
  failedReads: number;
}

export type NewsletterSendEvent =
  { type: 'user.open' } | { type: 'user.send' } | { type: 'user.retry' } | { type: 'user.close' };

const randomKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Sending a newsletter from its screen in the back office: idle → open (counting the subscribed contacts →
 * confirming, or nobody to send to → sending → delivering, the platform's job read every POLL_EVERY_MS until
 * finishedAt → done). A refusal the server would repeat (already sent, nobody subscribed) ends in `refused`; a
 * failure that may pass (no answer) offers a retry. Closing stops the reads only: the sending is the server's job.
 * It cannot be closed while the request is on its way, so that whoever sent it learns whether it went.
 */
export const newsletterSendMachine = setup({
  types: {
    context: {} as NewsletterSendContext,
    events: {} as NewsletterSendEvent,
    input: {} as NewsletterSendInput,
  },
  actors: {
    countSubscribers: fromPromise<SubscriberCount>(() => {
      throw new Error('the screen provides its countSubscribers actor');
    }),
    sendNewsletter: fromPromise<SendAnswer, SendRequest>(() => {
      throw new Error('the screen provides its sendNewsletter actor');
    }),
    readProgress: fromPromise<SendingProgress, ProgressRequest>(() => {
      throw new Error('the screen provides its readProgress actor');
    }),
  },
  delays: { pollInterval: POLL_EVERY_MS },
  guards: {
    requestOnItsWay: stateIn({ open: 'sending' }),
    sendingAsked: ({ context }) => context.sending !== null,
  },
  actions: {
    /** the screen reads the template again once a sending was asked (its last sending); provided by the screen */
    sendingLeft: () => undefined,
  },
}).createMachine({
  id: 'newsletterSend',
  context: ({ input }) => {
    const newKey = input.newKey ?? randomKey;
    return {
      templateId: input.templateId,
      newKey,
      subscribers: null,
      idempotencyKey: newKey(),
      sending: null,
      progress: null,
      refusal: null,
      error: null,
      failedReads: 0,
    };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.open': {
          target: 'open',
          actions: assign(({ context }) => ({
            subscribers: null,
            idempotencyKey: context.newKey(),
            sending: null,
            progress: null,
            refusal: null,
            error: null,
            failedReads: 0,
          })),
        },
      },
    },
    open: {
      initial: 'counting',
      on: {
        'user.close': [
          { guard: 'requestOnItsWay' },
          { guard: 'sendingAsked', target: 'idle', actions: 'sendingLeft' },
          { target: 'idle' },
        ],
      },
      states: {
        counting: {
          invoke: {
            src: 'countSubscribers',
            onDone: [
              {
                guard: ({ event }) => event.output.count === 0 && !event.output.capped,
                target: 'nobody',
                actions: assign({ subscribers: ({ event }) => event.output }),
              },
              { target: 'confirming', actions: assign({ subscribers: ({ event }) => event.output }) },
            ],
            onError: { target: 'countFailed', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        countFailed: {
          on: { 'user.retry': { target: 'counting', actions: assign({ error: null }) } },
        },
        nobody: {},
        confirming: {
          on: { 'user.send': 'sending' },
        },
        sending: {
          tags: ['pending'],
          invoke: {
            src: 'sendNewsletter',
            input: ({ context }) => ({
              templateId: context.templateId,
              idempotencyKey: context.idempotencyKey,
            }),
            onDone: {
              target: 'delivering',
              actions: assign(({ event }) => ({
                sending: { id: event.output.sendingId, position: event.output.position },
                progress: { delivered: 0, total: event.output.recipientsCount, finishedAt: null },
                error: null,
              })),
            },
            onError: [
              {
                guard: ({ event }) => refusalOf(event.error) !== null,
                target: 'refused',
                actions: assign({
                  refusal: ({ event }) => refusalOf(event.error),
                  error: ({ event }) => event.error,
                }),
              },
              { target: 'sendFailed', actions: assign({ error: ({ event }) => event.error }) },
            ],
          },
        },
        refused: {},
        sendFailed: {
          on: { 'user.retry': { target: 'sending', actions: assign({ error: null }) } },
        },
        delivering: {
          initial: 'reading',
          states: {
            reading: {
              invoke: {
                src: 'readProgress',
                input: ({ context }) => ({
                  sendingId: context.sending!.id,
                  position: context.sending!.position,
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.finishedAt !== null,
                    target: '#newsletterSend.open.done',
                    actions: assign({ progress: ({ event }) => event.output, failedReads: 0 }),
                  },
                  {
                    target: 'waiting',
                    actions: assign({ progress: ({ event }) => event.output, failedReads: 0 }),
                  },
                ],
                // the sending goes on whatever the dialog reads: it reads again at the next tick
                onError: {
                  target: 'waiting',
                  actions: assign({ failedReads: ({ context }) => context.failedReads + 1 }),
                },
              },
            },
            waiting: {
              after: { pollInterval: 'reading' },
            },
          },
        },
        done: {},
      },
    },
  },
});

/** The states the dialog shows, by name (the snapshot's value inside `open`). */
export type NewsletterSendStep =
  | 'idle'
  | 'counting'
  | 'countFailed'
  | 'nobody'
  | 'confirming'
  | 'sending'
  | 'refused'
  | 'sendFailed'
  | 'delivering'
  | 'done';

/** Which step a snapshot value is: the dialog renders one per step. */
export function stepOf(value: unknown): NewsletterSendStep {
  if (value === 'idle' || typeof value !== 'object' || value === null) return 'idle';
  const open = (value as { open?: unknown }).open;
  if (typeof open === 'string') return open as NewsletterSendStep;
  if (typeof open === 'object' && open !== null && 'delivering' in open) return 'delivering';
  return 'idle';
}
