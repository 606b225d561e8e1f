import { publicationEndpoints } from '@platform/contracts/publications/endpoints';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { z } from 'zod/v4';
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { ROUTES } from '../session/guard.ts';
import { useNavigation } from './router.tsx';

const ExistsSchema = z.object({ data: z.object({ exists: z.boolean() }) });

/**
 * Seed 001 §6: "a not-found answer is turned into an unauthorized error when the item exists but is unpublished or
 * not accessible". A record read that answers 404 asks `/services/publishables/{type}/{id or slug}` whether the
 * record exists, and a record that does becomes a `forbidden` error (the unauthorized screen, with a way to sign in
 * with another account). Any other failure, and a failure of the question itself, is the read's own.
 */
export async function hiddenAsForbidden<T>(
  api: ApiClient,
  type: string,
  key: string,
  read: Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'not-found') throw error;
    const exists = await api
      .call(publicationEndpoints.publishable, { params: { type, id: key }, schema: ExistsSchema, signal })
      .then((d) => d.data.exists)
      .catch(() => false);
    if (!exists) throw error;
    throw new ApiError('forbidden', error.message, { status: 403, errors: error.errors });
  }
}

/**
 * A read refused as the web shows such answers everywhere: not found → the not-found screen, forbidden → the
 * unauthorized screen (with the way back here once signed in with another account); a 401 is the shell's
 * expired-session dialog. `only` limits it to one kind, for a screen that words "not found" in place. Returns
 * whether it navigates away.
 */
export function useRefusedRead(error: unknown, only?: 'forbidden' | 'not-found'): boolean {
  const { navigate } = useNavigation();
  const [path] = useLocation();
  const search = useSearch();
  const found = error instanceof ApiError ? error.kind : null;
  const kind = found === 'not-found' || found === 'forbidden' ? found : null;
  const handled = kind !== null && (only === undefined || only === kind);
  useEffect(() => {
    if (!handled) return;
    if (kind === 'not-found') navigate(ROUTES.notFound, { replace: true });
    else
      navigate(
        `${ROUTES.unauthorized}?redirectUrl=${encodeURIComponent(search ? `${path}?${search}` : path)}`,
        { replace: true },
      );
  }, [handled, kind, navigate, path, search]);
  return handled;
}
