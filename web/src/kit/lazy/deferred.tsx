import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { AllMessages } from '../i18n/later-messages.tsx';
import { routeAnnouncementAtom } from '../routing/page-title.ts';

/**
 * Code a page does not need to show itself (closed drawers and dialogs, menus' popovers, machines of later
 * steps) loads once the page has painted its content (issue 10): "the gate" opens on the first animation frame
 * after a screen named itself (usePageTitle), or after FALLBACK_MS whatever happens. One gate per window.
 */
const FALLBACK_MS = 3_000;

let open = false;
const listeners = new Set<() => void>();
/** the deferred components' loaders: all start when the gate opens, rendered yet or not (a closed drawer's entries) */
const loaders: Array<() => unknown> = [];

export function openDeferredGate(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): void {
  if (open) return;
  open = true;
  for (const notify of listeners) notify();
  // once every deferred module has loaded (or failed), the document says so: what a browser test waits for
  // before it asserts that something was not loaded, and a bench's "everything is there" mark
  void Promise.allSettled(loaders.map((start) => start())).then(() => {
    if (doc) doc.documentElement.dataset.deferredLoaded = '';
  });
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
  };
};

/** Whether deferred code may load now. */
export function useDeferredGate(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

const nextFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);

/** Opens the gate after the first page has painted (rendered once, near the root of the app). */
export function DeferredGateOpener() {
  const announcement = useAtomValue(routeAnnouncementAtom);
  useEffect(() => {
    const timer = setTimeout(openDeferredGate, FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    // the frame that paints the page, then the task after it
    if (announcement) nextFrame(() => setTimeout(openDeferredGate, 0));
  }, [announcement]);
  return null;
}

/**
 * A component whose code loads when the gate opens, or at once when `useNeeded` says the reader needs it now
 * (a drawer being opened, an error dialog raised). Renders nothing until then, and nothing while it loads. Once
 * loaded it renders at once, without suspending: a drawer opened later shows its content in the same frame.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  useNeeded: (props: P) => boolean = () => false,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let failure: { error: unknown } | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  loaders.push(() => start().catch(() => undefined));
  // one element type from the first render on, loading or loaded: a component that appeared while its code
  // loaded must not be mounted anew when it re-renders later (a drawer would lose the focus a reader put in it)
  function Resolved(props: P) {
    // a chunk that cannot load is an error, as React.lazy has it (main.tsx reloads on a deployment's missing chunk)
    if (failure) throw failure.error;
    // until the code is there the boundary shows nothing (a thrown promise is Suspense's signal to wait)
    if (!loaded) throw start().catch(() => undefined);
    const Component = loaded;
    // a widget past the first screen: its module's words may not be loaded yet (kit/i18n/load-messages.ts)
    return (
      <AllMessages>
        <Component {...props} />
      </AllMessages>
    );
  }
  function Deferred(props: P) {
    const gate = useDeferredGate();
    const neededNow = useNeeded(props);
    const [needed, setNeeded] = useState(neededNow);
    useEffect(() => {
      if (neededNow) setNeeded(true);
    }, [neededNow]);
    if (!gate && !needed && !neededNow) return null;
    // loaded: renders at once, without suspending (a drawer opened later shows its content in the same frame)
    return (
      <Suspense fallback={null}>
        <Resolved {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
