import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What a media query answers where there is no window: on the server, whose paint of a page is drawn once for
 * the phone and once for wider windows (frame/first-paint/server-entry.tsx, ADR 0018). False outside such a paint.
 */
export const ServerMediaContext = createContext<(query: string) => boolean>(() => false);

export function useMediaQuery(query: string): boolean {
  const serverMedia = useContext(ServerMediaContext);
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => serverMedia(query),
  );
}
