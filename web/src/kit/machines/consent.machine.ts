import { assign, setup } from 'xstate';
import { acceptAll, hasDecided, normaliseConsent, rejectAll, type CookieConsent } from '../state/consent.ts';

export type ConsentEvent =
  | { type: 'consent.save'; choices: CookieConsent }
  | { type: 'consent.acceptAll' }
  | { type: 'consent.rejectAll' }
  | { type: 'dialog.open' }
  | { type: 'dialog.dismiss' };

function choiceOf(event: ConsentEvent): CookieConsent {
  if (event.type === 'consent.acceptAll') return acceptAll();
  if (event.type === 'consent.rejectAll') return rejectAll();
  if (event.type === 'consent.save') return normaliseConsent(event.choices);
  return {};
}

/**
 * The cookie consent dialog (seed 000 §4): on a first visit (nothing saved) it opens and stays until a choice
 * is saved — Escape, a click outside or a close button do nothing; once saved, it opens again only from the
 * cookie settings button, and can then be dismissed. The app provides `persist` (storage + cookie).
 */
export const consentMachine = setup({
  types: {
    context: {} as { saved: CookieConsent },
    input: {} as { saved: CookieConsent },
    events: {} as ConsentEvent,
  },
  actions: {
    remember: assign({ saved: ({ event }) => choiceOf(event) }),
    persist: (_, _params: { consent: CookieConsent }) => undefined,
  },
  guards: {
    decided: ({ context }) => hasDecided(context.saved),
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ saved: input.saved }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'decided', target: 'closed' }, { target: 'firstVisit' }],
    },
    firstVisit: {
      tags: ['open', 'persistent'],
      on: {
        'consent.*': {
          target: 'closed',
          actions: ['remember', { type: 'persist', params: ({ context }) => ({ consent: context.saved }) }],
        },
      },
    },
    closed: {
      on: { 'dialog.open': 'editing' },
    },
    editing: {
      tags: ['open'],
      on: {
        'consent.*': {
          target: 'closed',
          actions: ['remember', { type: 'persist', params: ({ context }) => ({ consent: context.saved }) }],
        },
        'dialog.dismiss': 'closed',
      },
    },
  },
});
