import { assign, assertEvent, setup } from 'xstate';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  /** ms before it closes by itself; -1 keeps it until closed (accessibility "none") */
  timeout: number;
}

/** A new toast replaces the current one after this pause, so screen readers and eyes notice the change. */
export const TOAST_REPLACE_DELAY_MS = 250;

export type ToastEvent = { type: 'toast.show'; toast: Toast } | { type: 'toast.dismiss' };

/**
 * One toast at a time (seed 000 §2.9): a new toast closes the current one and shows after a short delay; the
 * last one asked for wins when several arrive during the pause.
 */
export const toastMachine = setup({
  types: {
    context: {} as { current: Toast | null; next: Toast | null },
    events: {} as ToastEvent,
  },
  delays: {
    replaceDelay: TOAST_REPLACE_DELAY_MS,
    // a negative timeout never expires: the guard below ignores the timer
    toastTimeout: ({ context }) => Math.max(0, context.current?.timeout ?? 0),
  },
  guards: {
    expires: ({ context }) => (context.current?.timeout ?? -1) >= 0,
  },
  actions: {
    queue: assign({
      next: ({ event }) => {
        assertEvent(event, 'toast.show');
        return event.toast;
      },
    }),
    hide: assign({ current: null }),
    promote: assign({ current: ({ context }) => context.next, next: null }),
  },
}).createMachine({
  id: 'toast',
  context: { current: null, next: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'toast.show': { target: 'showing', actions: ['queue', 'promote'] } },
    },
    showing: {
      after: { toastTimeout: { guard: 'expires', target: 'idle', actions: 'hide' } },
      on: {
        'toast.show': { target: 'replacing', actions: ['queue', 'hide'] },
        'toast.dismiss': { target: 'idle', actions: 'hide' },
      },
    },
    replacing: {
      after: { replaceDelay: { target: 'showing', actions: 'promote' } },
      on: {
        'toast.show': { actions: 'queue' },
        'toast.dismiss': { target: 'idle', actions: assign({ next: null }) },
      },
    },
  },
});
