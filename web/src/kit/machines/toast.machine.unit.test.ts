import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { TOAST_REPLACE_DELAY_MS, toastMachine, type Toast } from './toast.machine.ts';

const toast = (id: number, timeout = 3500): Toast => ({ id, message: `t${id}`, tone: 'info', timeout });

describe('toastMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a toast and closes it after its timeout', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: toast(1) });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.current?.id).toBe(1);
    vi.advanceTimersByTime(3499);
    expect(actor.getSnapshot().value).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.current).toBeNull();
  });

  it('keeps a toast with timeout -1 until dismissed', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: toast(1, -1) });
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().context.current?.id).toBe(1);
    actor.send({ type: 'toast.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('replaces the current toast after a short delay, the last one asked winning', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: toast(1) });
    actor.send({ type: 'toast.show', toast: toast(2) });
    expect(actor.getSnapshot().value).toBe('replacing');
    expect(actor.getSnapshot().context.current).toBeNull();
    actor.send({ type: 'toast.show', toast: toast(3) });
    vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.current?.id).toBe(3);
    expect(actor.getSnapshot().context.next).toBeNull();
  });

  it('uses the new toast timeout after a replacement', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: toast(1, 7000) });
    actor.send({ type: 'toast.show', toast: toast(2, 1000) });
    vi.advanceTimersByTime(TOAST_REPLACE_DELAY_MS + 1000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a dismissal during the pause drops the waiting toast', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: toast(1) });
    actor.send({ type: 'toast.show', toast: toast(2) });
    actor.send({ type: 'toast.dismiss' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.current).toBeNull();
  });
});
