import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useNavigation } from '../routing/router.tsx';
import { ADMIN_ROUTES } from './access.ts';

/** The unauthorized screen (seed 001 §8), with the way back here after signing in as someone else. */
export function useUnauthorizedPath(): string {
  const [path] = useLocation();
  const search = useSearch();
  const here = `${path}${search ? `?${search}` : ''}`;
  return `${ADMIN_ROUTES.unauthorized}?redirectUrl=${encodeURIComponent(here)}`;
}

/** Sends the reader on, in place of this address, when a route has decided they belong elsewhere. */
export function useRedirect(to: string | null): void {
  const { navigate } = useNavigation();
  useEffect(() => {
    if (to) navigate(to, { replace: true });
  }, [to, navigate]);
}
