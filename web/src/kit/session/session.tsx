import { shellEndpoints } from '@platform/contracts/shell-endpoints';
import { atom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useApi, useAuthApi } from '../api/api-context.tsx';
import { useNavigation } from '../routing/router.tsx';
import { ApiError } from '../api/errors.ts';
import { useT } from '../i18n/use-t.ts';
import { FullPageLoader } from '../loading/chrome.tsx';
import { broadcast, onBroadcast } from '../state/broadcast.ts';
import { shape } from '../api/shape.ts';
import type { AuthStateAnswer } from './auth-state.ts';
import {
  FeaturesDocumentSchema,
  ME_INCLUDE,
  MeDocumentSchema,
  NO_FEATURES,
  toSessionUser,
  type AccountFeatures,
  type SessionUser,
} from './documents.ts';
import { landingPath, ROUTES, safeRedirectUrl, type SessionState } from './guard.ts';

/** Who is signed in (seed 000 §4 account states); 'loading' until the first read of 'me' answers. */
export const sessionAtom = atom<SessionState>({ status: 'loading', user: null });
/** The account features this deployment has on (GET /services/features). */
export const featuresAtom = atom<AccountFeatures>(NO_FEATURES);

export interface SessionActions {
  /**
   * Reads 'me' again (after a profile save, an organization switch, a sign-in). `minPosition` is the command
   * answer's position, so the read sees the write. Resolves to the user, or null when nobody is signed in.
   */
  refresh: (minPosition?: string) => Promise<SessionUser | null>;
  /**
   * Follows an answer of /auth/login, /auth/register or /auth/two-factor/login (seed 000 §4): authenticated →
   * read the user, broadcast the login, go to the redirect URL or the landing of rule 7; two_factor_required →
   * the two-factor screen with its strategy, keeping the redirect URL; registration_required → register.
   */
  completeSignIn: (answer: AuthStateAnswer, redirectUrl?: unknown) => Promise<void>;
  /** shellEndpoints.logout, clear the user, tell the other tabs, go to sign-in (seed 000 §4 logout). */
  signOut: () => Promise<void>;
  /** shellEndpoints.stopImpersonating, then reload at the root (seed 000 §7). */
  stopImpersonation: () => Promise<void>;
}

const SessionActionsContext = createContext<SessionActions | null>(null);

export function useSession(): SessionState & { features: AccountFeatures } & SessionActions {
  const session = useAtomValue(sessionAtom);
  const features = useAtomValue(featuresAtom);
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSession must be used inside <SessionProvider>');
  return { ...session, features, ...actions };
}

/** The signed-in user; throws outside a guarded screen (the guard renders nothing until someone is there). */
export function useSignedInUser(): SessionUser {
  const session = useAtomValue(sessionAtom);
  if (!session.user) throw new Error('useSignedInUser needs a signed-in user (wrap the screen in <Guarded>)');
  return session.user;
}

const LoggedOutSchema = shape.object({ state: shape.string() });
const Anything = shape.unknown();

/**
 * Loads the features and the signed-in user before the routes render (seed 000 §2.10 rule 1), keeps the
 * session in step with the other tabs (login and logout broadcasts) and offers the session actions.
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const api = useApi();
  const authApi = useAuthApi();
  const store = useStore();
  const { navigate } = useNavigation();
  const setSession = useSetAtom(sessionAtom);
  const setFeatures = useSetAtom(featuresAtom);
  const [booted, setBooted] = useState(false);
  const t = useT();

  const refresh = useCallback(
    async (minPosition?: string): Promise<SessionUser | null> => {
      try {
        const doc = await api.call(shellEndpoints.me, {
          schema: MeDocumentSchema,
          query: { include: ME_INCLUDE, ...(minPosition ? { minPosition } : {}) },
          quiet: true,
        });
        const user = toSessionUser(doc);
        setSession({ status: 'authenticated', user });
        return user;
      } catch (error) {
        // 401: nobody is signed in; 404: the machine credential has no account. Anything else (network) keeps
        // what we knew, so a flaky connection does not sign anybody out.
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
          setSession({ status: 'anonymous', user: null });
          return null;
        }
        if (store.get(sessionAtom).status === 'loading') setSession({ status: 'anonymous', user: null });
        throw error;
      }
    },
    [api, setSession, store],
  );

  useEffect(() => {
    const controller = new AbortController();
    void Promise.allSettled([
      api
        .call(shellEndpoints.features, {
          schema: FeaturesDocumentSchema,
          signal: controller.signal,
          quiet: true,
        })
        .then((d) => setFeatures(d.data.features)),
      refresh(),
    ]).then(() => {
      if (!controller.signal.aborted) setBooted(true);
    });
    return () => controller.abort();
  }, [api, refresh, setFeatures]);

  // another tab signed in or out: this one follows (seed 000 §4 cross-tab broadcasts)
  useEffect(
    () =>
      onBroadcast((message) => {
        if (message.type === 'login') void refresh().catch(() => undefined);
        if (message.type === 'logout') {
          setSession({ status: 'anonymous', user: null });
          navigate(ROUTES.signIn, { replace: true });
        }
      }),
    [refresh, setSession, navigate],
  );

  const actions = useMemo<SessionActions>(
    () => ({
      refresh,
      completeSignIn: async (answer, redirectUrl) => {
        const redirect = safeRedirectUrl(redirectUrl);
        if (answer.state === 'two_factor_required') {
          const query = redirect ? `?${new URLSearchParams({ redirectUrl: redirect })}` : '';
          navigate(`/auth/two-factor/${answer.strategy}${query}`);
          return;
        }
        if (answer.state === 'registration_required') {
          navigate(ROUTES.register);
          return;
        }
        const user = await refresh(answer.meta?.position);
        broadcast({ type: 'login' });
        if (!user) return;
        navigate(redirect ?? landingPath(user, store.get(featuresAtom)), { replace: true });
      },
      signOut: async () => {
        try {
          await authApi.call(shellEndpoints.logout, { schema: LoggedOutSchema, quiet: true });
        } finally {
          setSession({ status: 'anonymous', user: null });
          broadcast({ type: 'logout' });
          navigate(ROUTES.signIn, { replace: true });
        }
      },
      stopImpersonation: async () => {
        await api.call(shellEndpoints.stopImpersonating, { schema: Anything });
        window.location.assign('/');
      },
    }),
    [refresh, navigate, authApi, api, setSession, store],
  );

  return (
    <SessionActionsContext.Provider value={actions}>
      {booted ? children : <FullPageLoader label={t('app.loading')} />}
    </SessionActionsContext.Provider>
  );
}

const NO_ACTIONS: SessionActions = {
  refresh: () => Promise.resolve(null),
  completeSignIn: () => Promise.resolve(),
  signOut: () => Promise.resolve(),
  stopImpersonation: () => Promise.resolve(),
};

/**
 * The session of a page rendered on the server for an anonymous visitor (first-paint/server-entry.tsx): the
 * session and features atoms are set by the caller, and nothing runs (the server paints, the app acts).
 */
export function StaticSessionProvider({ children }: { children: React.ReactNode }) {
  return <SessionActionsContext.Provider value={NO_ACTIONS}>{children}</SessionActionsContext.Provider>;
}
