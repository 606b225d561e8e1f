import { assign, fromPromise, setup } from 'xstate';
import type { GlobalSearchDocument, GlobalSearchItem } from './search-api.ts';
import { SEARCH_DEBOUNCE_MS } from './search-api.ts';

export interface SearchContext {
  /** the words as typed */
  query: string;
  /** the words the results answer (the last search that came back) */
  answered: string;
  results: GlobalSearchItem[];
  hasMore: Record<string, boolean>;
}

export type SearchEvent = { type: 'user.type'; query: string } | { type: 'user.retry' };

/**
 * The search dialog's search as the reader types (seed 000 §8): nothing is asked for empty words; the words are
 * asked for once the reader paused SEARCH_DEBOUNCE_MS; a keystroke meanwhile starts the wait again, and one during
 * a search stops that search (its actor's signal aborts the request), so an older answer never replaces a newer.
 * `search` is provided by the component (the API call).
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    search: fromPromise<GlobalSearchDocument, { query: string }>(async () => {
      throw new Error('search: provide the API call');
    }),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    blank: ({ event }) => event.type === 'user.type' && event.query.trim() === '',
  },
}).createMachine({
  id: 'globalSearch',
  context: { query: '', answered: '', results: [], hasMore: {} },
  initial: 'idle',
  on: {
    'user.type': [
      {
        guard: 'blank',
        target: '.idle',
        // the field keeps what was typed (blanks included); the results of earlier words go
        actions: assign({
          query: ({ event }) => (event.type === 'user.type' ? event.query : ''),
          answered: '',
          results: [],
          hasMore: {},
        }),
      },
      {
        target: '.waiting',
        reenter: true,
        actions: assign({ query: ({ event }) => (event.type === 'user.type' ? event.query : '') }),
      },
    ],
  },
  states: {
    idle: {},
    waiting: { after: { debounce: 'searching' } },
    searching: {
      invoke: {
        src: 'search',
        input: ({ context }) => ({ query: context.query.trim() }),
        onDone: {
          target: 'shown',
          actions: assign({
            answered: ({ context }) => context.query.trim(),
            results: ({ event }) => event.output.data,
            hasMore: ({ event }) => event.output.meta.hasMore,
          }),
        },
        onError: 'failed',
      },
    },
    shown: {},
    failed: { on: { 'user.retry': 'searching' } },
  },
});
