import { useAtomValue, useSetAtom, useStore } from 'jotai';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useDeferredGate } from '../lazy/deferred.tsx';
import { onBroadcast } from '../state/broadcast.ts';
import { allows, parseConsent, type CookieId } from '../state/consent.ts';
import { readStorage } from '../state/persisted.ts';
import { STORAGE_KEYS } from '../state/storage-keys.ts';
import { cookieConsentAtom } from '../state/settings.ts';
import type { ConsentActor } from './consent-actor.ts';

interface ConsentApi {
  /** the consent machine; only there once it runs (useConsentStarted), which the cookie dialog waits for */
  actor: ConsentActor;
  /** whether a cookie id (essentials, youtube, vimeo) may be used now */
  allows: (id: CookieId) => boolean;
  /** opens the cookie settings dialog (footer button, a video placeholder's configure button) */
  openSettings: () => void;
}

const ConsentContext = createContext<ConsentApi | null>(null);
const StartedContext = createContext(false);

/**
 * The visitor's cookie consent. What a page needs to render (whether a provider is allowed) is read from the
 * saved choice; the consent machine (consent.machine.ts, with xstate) starts after the page has painted, or at
 * once when the reader asks for the settings: a first visit's dialog then opens by itself (issue 10).
 */
export function ConsentProvider({ children }: { children: React.ReactNode }) {
  const consent = useAtomValue(cookieConsentAtom);
  const setConsent = useSetAtom(cookieConsentAtom);
  const store = useStore();
  const gate = useDeferredGate();
  const [wanted, setWanted] = useState(false);
  const [actor, setActor] = useState<ConsentActor | null>(null);
  const openWhenStarted = useRef(false);
  const start = gate || wanted;

  useEffect(() => {
    if (!start) return;
    let cancelled = false;
    let running: ConsentActor | null = null;
    import('./consent-actor.ts').then(
      ({ startConsentActor }) => {
        if (cancelled) return;
        running = startConsentActor(store.get(cookieConsentAtom), setConsent);
        if (openWhenStarted.current) running.send({ type: 'dialog.open' });
        openWhenStarted.current = false;
        setActor(running);
      },
      () => undefined,
    ); // a chunk that cannot load: main.tsx's preload-error handler reloads
    return () => {
      cancelled = true;
      running?.stop();
      setActor(null);
    };
  }, [start, store, setConsent]);

  // another tab saved a choice: this tab's first-visit dialog has nothing left to ask
  useEffect(() => {
    if (!actor) return;
    return onBroadcast((m) => {
      if (m.type === 'consent' && actor.getSnapshot().value === 'firstVisit') {
        actor.send({
          type: 'consent.save',
          choices: parseConsent(readStorage(STORAGE_KEYS.cookieConsent)),
        });
      }
    });
  }, [actor]);

  const openSettings = useCallback(() => {
    if (actor) {
      actor.send({ type: 'dialog.open' });
      return;
    }
    openWhenStarted.current = true;
    setWanted(true);
  }, [actor]);

  const api = useMemo<ConsentApi>(
    () => ({
      get actor(): ConsentActor {
        if (!actor) throw new Error('the consent machine is not running yet (see useConsentStarted)');
        return actor;
      },
      allows: (id) => allows(consent, id),
      openSettings,
    }),
    [actor, consent, openSettings],
  );
  return (
    <ConsentContext.Provider value={api}>
      <StartedContext.Provider value={actor !== null}>{children}</StartedContext.Provider>
    </ConsentContext.Provider>
  );
}

export function useConsent(): ConsentApi {
  const api = useContext(ConsentContext);
  if (!api) throw new Error('useConsent must be used inside <ConsentProvider>');
  return api;
}

/** Whether the consent machine runs (the cookie dialog renders only then). */
export function useConsentStarted(): boolean {
  return useContext(StartedContext);
}

export function useConsentDialogState() {
  const { actor } = useConsent();
  const snapshot = useSyncExternalStore(
    useCallback(
      (notify: () => void) => {
        const subscription = actor.subscribe(notify);
        return () => subscription.unsubscribe();
      },
      [actor],
    ),
    () => actor.getSnapshot(),
  );
  return useMemo(
    () => ({
      open: snapshot.hasTag('open'),
      persistent: snapshot.hasTag('persistent'),
      saved: snapshot.context.saved,
    }),
    [snapshot],
  );
}
