import { useActorRef, useSelector } from '@xstate/react';
import { useAtom } from 'jotai';
import { createContext, useContext, useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { consentMachine } from '../machines/consent.machine.ts';
import { onBroadcast } from '../state/broadcast.ts';
import { allows, parseConsent, type CookieId } from '../state/consent.ts';
import { readStorage } from '../state/persisted.ts';
import { STORAGE_KEYS } from '../state/storage-keys.ts';
import { cookieConsentAtom } from '../state/settings.ts';

interface ConsentApi {
  actor: ActorRefFrom<typeof consentMachine>;
  /** whether a cookie id (essentials, youtube, vimeo) may be used now */
  allows: (id: CookieId) => boolean;
  /** opens the cookie settings dialog (footer button, a video placeholder's configure button) */
  openSettings: () => void;
}

const ConsentContext = createContext<ConsentApi | null>(null);

export function ConsentProvider({ children }: { children: React.ReactNode }) {
  const [consent, setConsent] = useAtom(cookieConsentAtom);
  const actor = useActorRef(
    consentMachine.provide({ actions: { persist: (_, { consent: next }) => setConsent(next) } }),
    { input: { saved: consent } },
  );
  // another tab saved a choice: this tab's first-visit dialog has nothing left to ask
  useEffect(
    () =>
      onBroadcast((m) => {
        if (m.type === 'consent' && actor.getSnapshot().value === 'firstVisit') {
          actor.send({
            type: 'consent.save',
            choices: parseConsent(readStorage(STORAGE_KEYS.cookieConsent)),
          });
        }
      }),
    [actor],
  );
  const api = useMemo<ConsentApi>(
    () => ({
      actor,
      allows: (id) => allows(consent, id),
      openSettings: () => actor.send({ type: 'dialog.open' }),
    }),
    [actor, consent],
  );
  return <ConsentContext.Provider value={api}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentApi {
  const api = useContext(ConsentContext);
  if (!api) throw new Error('useConsent must be used inside <ConsentProvider>');
  return api;
}

export function useConsentDialogState() {
  const { actor } = useConsent();
  return useSelector(actor, (s) => ({
    open: s.hasTag('open'),
    persistent: s.hasTag('persistent'),
    saved: s.context.saved,
  }));
}
