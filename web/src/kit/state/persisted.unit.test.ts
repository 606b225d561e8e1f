import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_NAME, type BroadcastMessage } from './broadcast.ts';
import { accessibilityAtom, darkThemeAtom, heroCarouselCycleAtom, syncStoredVersion } from './settings.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** Another tab: its own channel object on the same name. */
const otherTab = new BroadcastChannel(CHANNEL_NAME);
const received: BroadcastMessage[] = [];
otherTab.onmessage = (e: MessageEvent<BroadcastMessage>) => received.push(e.data);
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => {
  received.length = 0;
});

describe('persisted settings', () => {
  it('read what is stored, per store, repairing bad values', () => {
    localStorage.setItem(STORAGE_KEYS.accessibilityParameters, '{"fontSize": 20, "lineHeight": "x"}');
    localStorage.setItem(STORAGE_KEYS.heroCarouselCycle, '0');
    const store = createStore();
    expect(store.get(accessibilityAtom)).toMatchObject({ fontSize: 20, lineHeight: 1.5 });
    expect(store.get(heroCarouselCycleAtom)).toBe(false);
    localStorage.setItem(STORAGE_KEYS.accessibilityParameters, 'not json');
    expect(createStore().get(accessibilityAtom).fontSize).toBe(16);
  });

  it('a write stores the value and tells the other tabs', async () => {
    const store = createStore();
    store.set(darkThemeAtom, true);
    expect(localStorage.getItem(STORAGE_KEYS.darkTheme)).toBe('true');
    store.set(heroCarouselCycleAtom, false);
    expect(localStorage.getItem(STORAGE_KEYS.heroCarouselCycle)).toBe('0');
    await tick();
    expect(received).toEqual([{ type: 'dark-theme' }]);
  });

  it('a tab told by another re-reads the storage', async () => {
    const store = createStore();
    const stop = store.sub(accessibilityAtom, () => undefined); // mounted, as in a rendered app
    expect(store.get(accessibilityAtom).fontSize).toBe(16);
    localStorage.setItem(STORAGE_KEYS.accessibilityParameters, '{"fontSize": 24}');
    expect(store.get(accessibilityAtom).fontSize).toBe(16);
    otherTab.postMessage({ type: 'accessibility' } satisfies BroadcastMessage);
    await tick();
    expect(store.get(accessibilityAtom).fontSize).toBe(24);
    stop();
  });
});

describe('syncStoredVersion', () => {
  it('records a new version and clears session caches only when the version changed', () => {
    sessionStorage.setItem('environment-revision', '7');
    expect(syncStoredVersion('1.0.0')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe('1.0.0');
    expect(sessionStorage.getItem('environment-revision')).toBeNull();
    sessionStorage.setItem('environment-revision', '8');
    expect(syncStoredVersion('1.0.0')).toBe(false);
    expect(sessionStorage.getItem('environment-revision')).toBe('8');
  });
});
