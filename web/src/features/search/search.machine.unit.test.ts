import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { GlobalSearchDocument } from './search-api.ts';
import { SEARCH_DEBOUNCE_MS } from './search-api.ts';
import { searchMachine } from './search.machine.ts';

const answer = (query: string): GlobalSearchDocument => ({
  data: [
    {
      type: 'repository-items',
      id: `id-${query}`,
      title: query,
      description: '',
      path: null,
      highlights: { title: [{ text: query, match: true }], description: [] },
    },
  ],
  meta: { hasMore: { 'repository-items': false }, locale: 'en' },
});

/** The machine with a search whose answers the test releases, recording each ask and each abort. */
function started() {
  const clock = new SimulatedClock();
  const asked: string[] = [];
  const aborted: string[] = [];
  const pending = new Map<
    string,
    { resolve: (d: GlobalSearchDocument) => void; reject: (e: Error) => void }
  >();
  const actor = createActor(
    searchMachine.provide({
      actors: {
        search: fromPromise<GlobalSearchDocument, { query: string }>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => {
              asked.push(input.query);
              signal.addEventListener('abort', () => aborted.push(input.query));
              pending.set(input.query, { resolve, reject });
            }),
        ),
      },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, asked, aborted, pending };
}

describe('the global search as the reader types', () => {
  it('asks nothing for blank words', () => {
    const { actor, clock, asked } = started();
    actor.send({ type: 'user.type', query: '   ' });
    clock.increment(SEARCH_DEBOUNCE_MS * 2);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(asked).toEqual([]);
  });

  it('asks once the reader paused, for the last words only', async () => {
    const { actor, clock, asked, pending } = started();
    actor.send({ type: 'user.type', query: 'w' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'user.type', query: 'wheel ' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(asked).toEqual(['wheel']);
    pending.get('wheel')!.resolve(answer('wheel'));
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context).toMatchObject({ query: 'wheel ', answered: 'wheel' });
    expect(shown.context.results.map((r) => r.id)).toEqual(['id-wheel']);
  });

  it('aborts a search a newer keystroke supersedes, so its late answer is never shown', async () => {
    const { actor, clock, asked, aborted, pending } = started();
    actor.send({ type: 'user.type', query: 'chair' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(asked).toEqual(['chair']);
    actor.send({ type: 'user.type', query: 'chairs' });
    expect(aborted).toEqual(['chair']);
    pending.get('chair')!.resolve(answer('chair'));
    clock.increment(SEARCH_DEBOUNCE_MS);
    pending.get('chairs')!.resolve(answer('chairs'));
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context.results.map((r) => r.id)).toEqual(['id-chairs']);
  });

  it('clears the results when the words are erased, and retries a failed search', async () => {
    const { actor, clock, asked, pending } = started();
    actor.send({ type: 'user.type', query: 'grip' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    pending.get('grip')!.reject(new Error('network'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'user.retry' });
    expect(asked).toEqual(['grip', 'grip']);
    pending.get('grip')!.resolve(answer('grip'));
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'user.type', query: ' ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.query).toBe(' ');
    expect(actor.getSnapshot().context.results).toEqual([]);
  });
});
