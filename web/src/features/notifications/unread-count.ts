import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { readUnreadCount } from './notifications-api.ts';

/** The signed-in member's unread notifications, as the top bar last read them (null before the first read). */
export const unreadCountAtom = atom<number | null>(null);

/** Bumped after the member changed a notification: the badge reads the count again, at that write's position. */
const unreadRefreshAtom = atom<{ sequence: number; minPosition?: string }>({ sequence: 0 });

export function useRefreshUnreadCount() {
  const set = useSetAtom(unreadRefreshAtom);
  return useCallback(
    (minPosition?: string) => set((previous) => ({ sequence: previous.sequence + 1, minPosition })),
    [set],
  );
}

/** Counts a "the reader came back" moment: the window regained focus, or the tab became visible again. */
function useReturns(): number {
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    const back = () => setReturns((n) => n + 1);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') back();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return returns;
}

/**
 * Reads the unread count for the signed-in member (`userId`), again after each refresh request and when the page
 * regains focus; null when nobody is signed in. Used once, by the top bar's button.
 */
export function useUnreadCount(userId: string | null): number | null {
  const api = useApi();
  const [count, setCount] = useAtom(unreadCountAtom);
  const refresh = useAtomValue(unreadRefreshAtom);
  const returns = useReturns();
  useEffect(() => {
    if (!userId) {
      setCount(null);
      return;
    }
    const controller = new AbortController();
    // a failed read keeps the last count: the badge is a hint, never a reason for an error dialog
    readUnreadCount(api, userId, refresh.minPosition, controller.signal).then(setCount, () => undefined);
    return () => controller.abort();
  }, [api, userId, refresh, returns, setCount]);
  return count;
}
