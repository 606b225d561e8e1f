import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoaded, useLoadedAt } from './use-loaded.ts';

/** A read the test answers by hand: each call waits until `answer(value)` or `fail(error)`. */
function handRead<T>() {
  const calls: Array<{
    minPosition?: string;
    signal: AbortSignal;
    answer: (value: T) => void;
    fail: (error: unknown) => void;
  }> = [];
  const read = ({ signal, minPosition }: { signal: AbortSignal; minPosition?: string }) =>
    new Promise<T>((answer, fail) => calls.push({ minPosition, signal, answer, fail }));
  return { calls, read };
}

describe('useLoaded', () => {
  it('ignores the answer of a read it no longer waits for, even a successful one', async () => {
    const { calls, read } = handRead<string>();
    const { result, rerender } = renderHook(({ id }) => useLoaded((signal) => read({ signal }), [id]), {
      initialProps: { id: 'a' },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ id: 'b' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    act(() => calls[1]!.answer('b'));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'b' }));
    act(() => calls[0]!.answer('a, late'));
    await act(() => Promise.resolve());
    expect(result.current.state).toEqual({ status: 'ready', value: 'b' });
  });
});

describe('useLoadedAt', () => {
  it('reloadAndWait reads at the position given, and resolves once the screen has what it read', async () => {
    const { calls, read } = handRead<string>();
    const { result } = renderHook(() => useLoadedAt(read, [], { keep: true }));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.answer('first'));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'first' }));

    let shown: unknown = null;
    let settled = false;
    act(() => {
      void result.current.reloadAndWait('42').then(() => {
        shown = result.current.state;
        settled = true;
      });
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.minPosition).toBe('42');
    // kept on screen while the next read is on its way, and not yet settled
    await act(() => Promise.resolve());
    expect(result.current.state).toEqual({ status: 'ready', value: 'first' });
    expect(settled).toBe(false);
    act(() => calls[1]!.answer('second'));
    await waitFor(() => expect(settled).toBe(true));
    expect(shown).toEqual({ status: 'ready', value: 'second' });
  });

  it('reloadAndWait resolves too when the read fails', async () => {
    const { calls, read } = handRead<string>();
    const { result } = renderHook(() => useLoadedAt(read, []));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]!.answer('first'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    let settled = false;
    act(() => {
      void result.current.reloadAndWait().then(() => (settled = true));
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => calls[1]!.fail(new Error('down')));
    await waitFor(() => expect(settled).toBe(true));
    expect(result.current.state.status).toBe('failed');
  });
});
