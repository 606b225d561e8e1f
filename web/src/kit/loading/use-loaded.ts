import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

/**
 * Reads something when the screen opens and again whenever `deps` change or `retry` is called; a read the screen
 * no longer waits for (it moved on, or unmounted) is aborted and its answer ignored. With `keep`, what was read
 * stays on screen while the next read is on its way (a list changing page, re-read after an action), rather
 * than giving way to the loading state.
 */
export function useLoaded<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { keep = false }: { keep?: boolean } = {},
): { state: Loaded<T>; retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (keep && s.status === 'ready' ? s : { status: 'loading' }));
    load(controller.signal).then(
      (value) => controller.signal.aborted || setState({ status: 'ready', value }),
      (error: unknown) => controller.signal.aborted || setState({ status: 'failed', error }),
    );
    return () => controller.abort();
    // `load` is a new function each render; what it reads is in `deps`
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/**
 * useLoaded for what a command changes: `reload(position)` reads again at least at a command's position, once
 * the read models have what it did (the first read at `position`, e.g. the `minPosition` of a link).
 * `reloadAndWait(position)` does the same and resolves once the screen shows what it read (or that the read
 * failed): a command's confirmation, and where focus goes next, follow what the screen shows.
 */
export function useLoadedAt<T>(
  load: (options: { signal: AbortSignal; minPosition?: string }) => Promise<T>,
  deps: DependencyList,
  { keep = false, position }: { keep?: boolean; position?: string } = {},
): {
  state: Loaded<T>;
  reload: (minPosition?: string) => void;
  reloadAndWait: (minPosition?: string) => Promise<void>;
} {
  const [reading, setReading] = useState<{ n: number; minPosition?: string }>({
    n: 0,
    minPosition: position,
  });
  const { state } = useLoaded(
    (signal) => load({ signal, minPosition: reading.minPosition }),
    [...deps, reading],
    {
      keep,
    },
  );
  const reload = useCallback((minPosition?: string) => setReading((r) => ({ n: r.n + 1, minPosition })), []);
  const shown = useRef(state);
  shown.current = state;
  const waiting = useRef<Array<{ from: Loaded<T>; resolve: () => void }>>([]);
  useEffect(() => {
    if (state.status === 'loading') return;
    waiting.current = waiting.current.filter((w) => {
      if (w.from === state) return true;
      w.resolve();
      return false;
    });
  }, [state]);
  const reloadAndWait = useCallback(
    (minPosition?: string) =>
      new Promise<void>((resolve) => {
        waiting.current.push({ from: shown.current, resolve });
        reload(minPosition);
      }),
    [reload],
  );
  return { state, reload, reloadAndWait };
}
