import { JSON_API_ROOT } from '@platform/contracts/endpoints';
import { useSetAtom, useStore } from 'jotai';
import { createContext, useContext, useMemo } from 'react';
import { createApiClient, type ApiClient, type ApiClientEvent } from './client.ts';
import { pendingRequestsAtom, raiseDialogAtom } from '../state/app-status.ts';
import { localeAtom } from '../state/settings.ts';
import { withBootRequests } from './boot-requests.ts';

const ApiContext = createContext<ApiClient | null>(null);
const AuthApiContext = createContext<ApiClient | null>(null);

/** The app's one API client; its events drive the loading bar and the global dialogs (ARCHITECTURE.md §7). */
export function ApiProvider({ children, fetchFn }: { children: React.ReactNode; fetchFn?: typeof fetch }) {
  const store = useStore();
  const raise = useSetAtom(raiseDialogAtom);
  const [client, authClient] = useMemo(() => {
    const onEvent = (event: ApiClientEvent) => {
      if (event.type === 'request.started') {
        store.set(pendingRequestsAtom, (n) => n + 1);
        return;
      }
      store.set(pendingRequestsAtom, (n) => Math.max(0, n - 1));
      if (event.type !== 'request.failed') return;
      const { error } = event;
      if (error.kind === 'network' || error.kind === 'timeout') {
        store.set(pendingRequestsAtom, 0); // seed 000 §4: a network failure clears pending requests
        raise({ kind: 'network-error' });
      } else if (error.kind === 'session-expired') {
        raise({ kind: 'session-expired' });
      } else if (error.kind === 'unexpected') {
        raise({ kind: 'unexpected-error', reference: error.correlationId });
      }
    };
    const common = {
      // the boot reads main.tsx started before rendering are taken from there (boot-requests.ts)
      fetch: withBootRequests(fetchFn ?? ((...args) => globalThis.fetch(...args))),
      locale: () => store.get(localeAtom),
      isAdminContext: () => location.pathname.startsWith('/admin'),
      onEvent,
    };
    // the JSON:API's endpoints, and (rooted at the origin) the /auth calls of seed 000 §7 (sign-in, sign-out,
    // reset, two-factor)
    return [
      createApiClient({ baseUrl: JSON_API_ROOT, ...common }),
      createApiClient({ baseUrl: '', ...common }),
    ];
  }, [store, raise, fetchFn]);
  return (
    <ApiContext.Provider value={client}>
      <AuthApiContext.Provider value={authClient}>{children}</AuthApiContext.Provider>
    </ApiContext.Provider>
  );
}

/** The client of the /auth calls (same headers and shell events as useApi, rooted at the origin). */
export function useAuthApi(): ApiClient {
  const client = useContext(AuthApiContext);
  if (!client) throw new Error('useAuthApi must be used inside <ApiProvider>');
  return client;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <ApiProvider>');
  return client;
}
