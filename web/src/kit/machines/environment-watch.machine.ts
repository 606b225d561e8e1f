import { assign, fromPromise, setup } from 'xstate';

/** How often an open tab asks whether the environment changed; a focus asks at once. */
export const ENVIRONMENT_POLL_MS = 60_000;

export type EnvironmentWatchEvent =
  | { type: 'window.focused' }
  | { type: 'broadcast.updated'; revision: string }
  | { type: 'user.refresh' }
  /** this tab saved the change itself (state/environment-saved.ts): its revision, without a banner */
  | { type: 'revision.adopted'; revision: string };

/**
 * Notices that the app environment was updated (pages, menu, redirections or settings saved — seed 000 §4) and
 * offers a refresh (§2.9). The revision the tab booted with is compared with the server's on a timer and when
 * the window regains focus; a tab that notices tells the others (`announce`), and a tab told by another
 * shows the banner without asking the server.
 */
export const environmentWatchMachine = setup({
  types: {
    context: {} as { revision: string | null },
    input: {} as { revision: string | null },
    events: {} as EnvironmentWatchEvent,
  },
  actors: {
    fetchRevision: fromPromise<string>(async () => {
      throw new Error('environmentWatchMachine: provide fetchRevision');
    }),
  },
  actions: {
    announce: (_, _params: { revision: string }) => undefined,
    reload: () => undefined,
  },
  guards: {
    changed: ({ context, event }) =>
      'output' in event && context.revision !== null && event.output !== context.revision,
  },
  delays: { poll: ENVIRONMENT_POLL_MS },
}).createMachine({
  id: 'environmentWatch',
  context: ({ input }) => ({ revision: input.revision }),
  initial: 'watching',
  on: {
    'broadcast.updated': { target: '.updated', actions: assign({ revision: ({ event }) => event.revision }) },
    'revision.adopted': { actions: assign({ revision: ({ event }) => event.revision }) },
  },
  states: {
    watching: {
      after: { poll: 'checking' },
      on: { 'window.focused': 'checking' },
    },
    checking: {
      invoke: {
        src: 'fetchRevision',
        onDone: [
          {
            guard: 'changed',
            target: 'updated',
            actions: [
              assign({ revision: ({ event }) => event.output }),
              { type: 'announce', params: ({ event }) => ({ revision: event.output }) },
            ],
          },
          // the first answer of a tab that booted without one becomes its reference
          {
            target: 'watching',
            actions: assign({ revision: ({ context, event }) => context.revision ?? event.output }),
          },
        ],
        // a failed check is not the watcher's to report (the API client raises the network dialog); try later
        onError: 'watching',
      },
    },
    updated: {
      tags: ['banner'],
      on: { 'user.refresh': { actions: 'reload' }, 'broadcast.updated': {} },
    },
  },
});
