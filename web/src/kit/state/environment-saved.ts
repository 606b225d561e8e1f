import { useStore } from 'jotai';
import { useCallback } from 'react';
import { environmentRevisionAtom } from './app-status.ts';
import { broadcast } from './broadcast.ts';

/**
 * A tab that changed the site's content itself (a page, a menu item, a redirection: seed 000 §4) takes the
 * environment's new revision as its own, so that its watcher does not offer it a refresh for its own change, and
 * tells the other tabs, which do offer one. A revision the tab already has (a change that did not touch the
 * environment, such as a draft's) is nobody's news.
 */
export function useEnvironmentSaved(): (revision: string) => void {
  const store = useStore();
  return useCallback(
    (revision: string) => {
      if (store.get(environmentRevisionAtom) === revision) return;
      store.set(environmentRevisionAtom, revision);
      broadcast({ type: 'environment-updated', revision });
    },
    [store],
  );
}
