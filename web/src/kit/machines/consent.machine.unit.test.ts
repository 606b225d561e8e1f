import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CookieConsent } from '../state/consent.ts';
import { consentMachine } from './consent.machine.ts';

function start(saved: CookieConsent) {
  const persisted: CookieConsent[] = [];
  const actor = createActor(
    consentMachine.provide({
      actions: { persist: (_, params) => void persisted.push(params.consent) },
    }),
    { input: { saved } },
  ).start();
  return { actor, persisted };
}

describe('consentMachine', () => {
  it('opens on a first visit and cannot be dismissed until a choice is saved', () => {
    const { actor, persisted } = start({});
    expect(actor.getSnapshot().value).toBe('firstVisit');
    expect(actor.getSnapshot().hasTag('persistent')).toBe(true);
    actor.send({ type: 'dialog.dismiss' });
    expect(actor.getSnapshot().value).toBe('firstVisit');
    actor.send({ type: 'consent.rejectAll' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(persisted).toEqual([{ essentials: true, youtube: false, vimeo: false }]);
  });

  it('stays closed when a choice was saved before', () => {
    const { actor } = start({ essentials: true, youtube: true });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('reopens from the settings button, dismissable, saving individual choices with essentials forced on', () => {
    const { actor, persisted } = start({ essentials: true });
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'dialog.dismiss' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(persisted).toEqual([]);
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'consent.save', choices: { essentials: false, vimeo: true } });
    expect(persisted).toEqual([{ essentials: true, youtube: false, vimeo: true }]);
    expect(actor.getSnapshot().context.saved).toEqual({ essentials: true, youtube: false, vimeo: true });
  });

  it('accept all turns every provider on', () => {
    const { actor, persisted } = start({});
    actor.send({ type: 'consent.acceptAll' });
    expect(persisted).toEqual([{ essentials: true, youtube: true, vimeo: true }]);
  });
});
