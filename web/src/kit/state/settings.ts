import { atom } from 'jotai';
import type { Locale } from '@platform/contracts/enums';
import { DEFAULT_LOCALE } from '../build-info.ts';
import { parseAccessibility, type AccessibilityParameters } from './accessibility.ts';
import { broadcast } from './broadcast.ts';
import { consentCookie, normaliseConsent, parseConsent, type CookieConsent } from './consent.ts';
import { chooseBootLocale, normaliseLocale } from './locale-choice.ts';
import { jsonCodec, persistedAtom, readStorage, writeStorage, type Codec } from './persisted.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** Dark theme: the stored flag, else the system preference of a first visit. */
const darkCodec: Codec<boolean> = {
  parse: (raw) =>
    raw === 'true'
      ? true
      : raw === 'false'
        ? false
        : typeof window !== 'undefined' &&
          window.matchMedia?.('(prefers-color-scheme: dark)').matches === true,
  serialize: (v) => String(v),
};
export const darkThemeAtom = persistedAtom(STORAGE_KEYS.darkTheme, darkCodec, 'dark-theme');

export const accessibilityAtom = persistedAtom<AccessibilityParameters>(
  STORAGE_KEYS.accessibilityParameters,
  jsonCodec(parseAccessibility),
  'accessibility',
);

/** Hero carousel autoplay, '1' (default) or '0' (seed 000 §3); read by the hero component. */
export const heroCarouselCycleAtom = persistedAtom<boolean>(STORAGE_KEYS.heroCarouselCycle, {
  parse: (raw) => raw !== '0',
  serialize: (v) => (v ? '1' : '0'),
});

const consentStore = persistedAtom<CookieConsent>(
  STORAGE_KEYS.cookieConsent,
  { parse: parseConsent, serialize: (v) => JSON.stringify(v) },
  'consent',
);

/** The saved consent (empty until the visitor saves a choice). Writing also sets the cookies_consent cookie. */
export const cookieConsentAtom = atom(
  (get) => get(consentStore),
  (_get, set, choices: CookieConsent) => {
    const consent = normaliseConsent(choices);
    document.cookie = consentCookie(consent, location.protocol === 'https:');
    set(consentStore, consent);
  },
);

/** The session's locale, chosen once at boot (seed 000 §4) and changed only through a reload. */
export function bootLocale(): Locale {
  return chooseBootLocale({
    stored: readStorage(STORAGE_KEYS.locale),
    query: new URLSearchParams(location.search).get('lang'),
    browser: typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [],
    fallback: DEFAULT_LOCALE,
  });
}

export const localeAtom = atom<Locale>(DEFAULT_LOCALE);

/**
 * Changing the language stores it, tells the other tabs, and reloads: localized data (menu, pages, messages)
 * is fetched again in the new language everywhere (seed 000 §4).
 */
export function changeLocale(next: Locale, reload: () => void = () => location.reload()): void {
  if (normaliseLocale(next) === null) return;
  writeStorage(STORAGE_KEYS.locale, next);
  broadcast({ type: 'locale', locale: next });
  reload();
}

/**
 * Records the running app version (seed 000 §3 "version" key). A new version drops what earlier versions
 * cached in session storage (localized data), so nothing stale outlives a deployment. Returns whether it changed.
 */
export function syncStoredVersion(version: string): boolean {
  const previous = readStorage(STORAGE_KEYS.version);
  if (previous === version) return false;
  writeStorage(STORAGE_KEYS.version, version);
  try {
    sessionStorage.clear();
  } catch {
    /* storage disabled */
  }
  return true;
}
