import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ENVIRONMENT_POLL_MS, environmentWatchMachine } from './environment-watch.machine.ts';

function start(initial: string | null, answers: Array<string | Error>) {
  const announced: string[] = [];
  let reloads = 0;
  const machine = environmentWatchMachine.provide({
    actors: {
      fetchRevision: fromPromise(async () => {
        const next = answers.shift();
        if (next === undefined || next instanceof Error) throw next ?? new Error('no answer scripted');
        return next;
      }),
    },
    actions: {
      announce: (_, { revision }) => void announced.push(revision),
      reload: () => void reloads++,
    },
  });
  const actor = createActor(machine, { input: { revision: initial } }).start();
  return { actor, announced, reloads: () => reloads };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('environmentWatchMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps watching while the revision is the same', async () => {
    const { actor, announced } = start('7', ['7']);
    await vi.advanceTimersByTimeAsync(ENVIRONMENT_POLL_MS);
    expect(actor.getSnapshot().value).toBe('watching');
    expect(announced).toEqual([]);
  });

  it('shows the banner and tells the other tabs when the revision grew', async () => {
    const { actor, announced, reloads } = start('7', ['8']);
    actor.send({ type: 'window.focused' });
    await flush();
    expect(actor.getSnapshot().value).toBe('updated');
    expect(actor.getSnapshot().hasTag('banner')).toBe(true);
    expect(announced).toEqual(['8']);
    actor.send({ type: 'user.refresh' });
    expect(reloads()).toBe(1);
  });

  it('takes the first answer as its reference when it booted without one', async () => {
    const { actor } = start(null, ['3', '3', '4']);
    actor.send({ type: 'window.focused' });
    await flush();
    expect(actor.getSnapshot().context.revision).toBe('3');
    expect(actor.getSnapshot().value).toBe('watching');
    actor.send({ type: 'window.focused' });
    await flush();
    expect(actor.getSnapshot().value).toBe('watching');
    actor.send({ type: 'window.focused' });
    await flush();
    expect(actor.getSnapshot().value).toBe('updated');
  });

  it('shows the banner when another tab announces, without asking the server', () => {
    const { actor, announced } = start('7', []);
    actor.send({ type: 'broadcast.updated', revision: '9' });
    expect(actor.getSnapshot().value).toBe('updated');
    expect(announced).toEqual([]);
  });

  it('a revision this tab saved itself is adopted: no banner when the server then answers it', async () => {
    const { actor, announced } = start('7', ['8']);
    actor.send({ type: 'revision.adopted', revision: '8' });
    actor.send({ type: 'window.focused' });
    await flush();
    expect(actor.getSnapshot().hasTag('banner')).toBe(false);
    expect(actor.getSnapshot().context.revision).toBe('8');
    expect(announced).toEqual([]);
  });

  it('tries again later when a check fails', async () => {
    const { actor } = start('7', [new Error('Network Error'), '8']);
    actor.send({ type: 'window.focused' });
    await flush();
    expect(actor.getSnapshot().value).toBe('watching');
    await vi.advanceTimersByTimeAsync(ENVIRONMENT_POLL_MS);
    expect(actor.getSnapshot().value).toBe('updated');
  });
});
