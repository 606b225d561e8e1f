import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation, useRouter } from 'wouter';
import { PlainLinkRouter } from '../ui/plain.tsx';
import { preventLeaveAtom } from '../state/app-status.ts';
import { leaveConfirmedAtom } from '../state/leave-guard.ts';

interface Navigation {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** a navigation held back by the prevent-leave guard, waiting for the user's answer */
  pending: string | null;
  confirmLeave: () => void;
  cancelLeave: () => void;
}

const NavigationContext = createContext<Navigation | null>(null);

/** Paths typed or pasted with '//' runs are rewritten to one '/' (seed 000 §2.7). */
export function collapseSlashes(to: string): string {
  const at = to.search(/[?#]/);
  const path = at === -1 ? to : to.slice(0, at);
  const rest = at === -1 ? '' : to.slice(at);
  return path.replace(/\/{2,}/g, '/') + rest;
}

/**
 * Client-side navigation for every link and menu item (react-aria's and the first screen's native links,
 * ui/plain.tsx), with the prevent-leave guard (seed 000
 * §2.10 rule 6): while a screen has unsaved changes, a navigation waits for the prevent-leave dialog.
 */
export function NavigationProvider({ children }: { children: React.ReactNode }) {
  const [location, setLocation] = useLocation();
  const store = useStore();
  const preventLeave = useAtomValue(preventLeaveAtom);
  const leaveConfirmed = useSetAtom(leaveConfirmedAtom);
  const [pending, setPending] = useState<string | null>(null);

  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      const target = collapseSlashes(to);
      // read now, not at the last render: a form that has just saved releases the guard and navigates at once
      if (store.get(preventLeaveAtom)) setPending(target);
      else setLocation(target, options);
    },
    [store, setLocation],
  );

  // a URL opened with '//' in it is rewritten in place, without a history entry
  useEffect(() => {
    if (/\/\/+/.test(location)) setLocation(collapseSlashes(location) + currentSearch(), { replace: true });
  }, [location, setLocation]);

  // leaving the site (reload, closing the tab) with unsaved changes asks the browser's own question
  useEffect(() => {
    if (!preventLeave) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [preventLeave]);

  const value: Navigation = {
    navigate,
    pending,
    confirmLeave: () => {
      leaveConfirmed();
      if (pending) setLocation(pending);
      setPending(null);
    },
    cancelLeave: () => setPending(null),
  };
  return (
    <NavigationContext.Provider value={value}>
      <RouterProvider navigate={(to) => navigate(to)}>
        <PlainLinkRouter value={navigate}>{children}</PlainLinkRouter>
      </RouterProvider>
    </NavigationContext.Provider>
  );
}

/**
 * The query string of the current address as the address has it (without its "?"): wouter's useSearch gives it
 * decoded (decodeURI), in which a searched "two words" has a space, which the server's route resolver refuses in a
 * raw query (a 400, and the page could not be loaded). Re-renders when the query changes, as useSearch does.
 */
export function useRawSearch(): string {
  const router = useRouter();
  const raw = router.searchHook(router);
  return raw.startsWith('?') ? raw.slice(1) : raw;
}

function currentSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search + window.location.hash;
}

export function useNavigation(): Navigation {
  const value = useContext(NavigationContext);
  if (!value) throw new Error('useNavigation must be used inside <NavigationProvider>');
  return value;
}
