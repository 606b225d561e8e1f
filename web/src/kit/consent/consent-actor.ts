import { createActor } from 'xstate';
import { consentMachine } from '../machines/consent.machine.ts';
import type { CookieConsent } from '../state/consent.ts';

/**
 * The running consent machine (consent.machine.ts), in a chunk of its own: xstate loads after the page has
 * painted, or when the reader asks for the cookie settings (consent-context.tsx).
 */
export function startConsentActor(saved: CookieConsent, persist: (consent: CookieConsent) => void) {
  const actor = createActor(
    consentMachine.provide({ actions: { persist: (_, { consent }) => persist(consent) } }),
    { input: { saved } },
  );
  actor.start();
  return actor;
}

export type ConsentActor = ReturnType<typeof startConsentActor>;
