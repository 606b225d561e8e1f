import { useEffect, useState, type DependencyList } from 'react';

export type Loaded<T> =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

/**
 * Reads something when the screen opens and again whenever `deps` change or `retry` is called; a read the screen
 * no longer waits for (it moved on, or unmounted) is aborted and its answer ignored.
 */
export function useLoaded<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): { state: Loaded<T>; retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (value) => setState({ status: 'ready', value }),
      (error: unknown) => controller.signal.aborted || setState({ status: 'failed', error }),
    );
    return () => controller.abort();
    // `load` is a new function each render; what it reads is in `deps`
  }, [...deps, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
