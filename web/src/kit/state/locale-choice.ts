import { LOCALES, type Locale } from '@platform/contracts/enums';

/**
 * A locale from the query string, a browser language or storage is lowercased and cut to its first segment
 * ('fr-CA' -> 'fr'); it counts only when the platform supports it (seed 000 §5).
 */
export function normaliseLocale(raw: unknown): Locale | null {
  if (typeof raw !== 'string') return null;
  const first = raw.trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  return (LOCALES as readonly string[]).includes(first) ? (first as Locale) : null;
}

export interface BootLocaleSources {
  /** what the user chose before (local storage) */
  stored: string | null;
  /** the `lang` query parameter of the first URL */
  query: string | null;
  /** navigator.languages, most preferred first */
  browser: readonly string[];
  fallback: Locale;
}

/** Boot order (seed 000 §4): stored preference, then ?lang, then browser languages, then the default. */
export function chooseBootLocale(sources: BootLocaleSources): Locale {
  return (
    normaliseLocale(sources.stored) ??
    normaliseLocale(sources.query) ??
    sources.browser.map(normaliseLocale).find((l): l is Locale => l !== null) ??
    sources.fallback
  );
}
