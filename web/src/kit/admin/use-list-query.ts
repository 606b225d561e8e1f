import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useNavigation } from '../routing/router.tsx';

/**
 * A list screen keeps its filters and page in the query string, so a reload or a shared link shows the same
 * list. Changing them replaces the history entry: Back leaves the screen rather than stepping through filters.
 */
export function useListQuery() {
  const [path] = useLocation();
  const search = useSearch();
  const { navigate } = useNavigation();
  const params = new URLSearchParams(search);
  /** the address with these changes (null or '' takes a parameter out): a link's href */
  const hrefWith = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      return query ? `${path}?${query}` : path;
    },
    [path, search],
  );
  const update = useCallback(
    (changes: Record<string, string | null>) => navigate(hrefWith(changes), { replace: true }),
    [navigate, hrefWith],
  );
  return { params, update, hrefWith };
}

/** A page number from the query string: a positive integer, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}
