/**
 * The painted page is drawn with the reading settings the server knew (the reading_settings cookie, else the
 * defaults) for the locale it guessed (ADR 0018). A reader whose browser keeps other choices (a language, the
 * dark theme, larger text or spacing, another font, grey images; a cookie older than the storage, or none) must
 * not see a page flash from one look to another: this script, inlined right after the painted page, removes it
 * before the browser paints it, and that reader sees the app as before.
 */

export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/**
 * Set on the root element by the guard in the head when the paint is not for this reader; the paint's styles hide
 * it then. Written in the guard as literals, since the guard runs alone (its unit test holds them equal).
 */
export const FIRST_PAINT_DROPPED = { attribute: 'data-first-paint', value: 'dropped' } as const;

export interface FirstPaintGuardOptions {
  elementId: string;
  /** the locale the page was painted in */
  locale: string;
  /** whether it was painted with the dark theme */
  dark: boolean;
  /** the local-storage keys of the reader's choices (state/storage-keys.ts) */
  keys: { locale: string; darkTheme: string; accessibility: string };
  /** the reading settings the page was painted with (state/accessibility.ts, without the toast timeout) */
  painted: Record<string, unknown>;
}

/**
 * Runs in the browser as an inline script, turned into text with Function.prototype.toString: it must stand
 * alone (no imports, no helpers from outside, nothing a bundler would rename) and must never throw.
 */
export function firstPaintGuard(options: FirstPaintGuardOptions): void {
  // run twice: in the head, before any of the painted page is parsed, where the attribute hides it (a browser
  // may show a page it has parsed in part), and after it, where it is removed
  const drop = () => {
    document.documentElement.setAttribute('data-first-paint', 'dropped'); // FIRST_PAINT_DROPPED
    document.getElementById(options.elementId)?.remove();
  };
  try {
    const stored = (key: string) => window.localStorage.getItem(key);
    const storedLocale = stored(options.keys.locale);
    if (storedLocale && storedLocale.toLowerCase().split(/[-_]/)[0] !== options.locale) return drop();
    const dark = stored(options.keys.darkTheme);
    // as the app reads it (state/settings.ts): the stored flag, else the system's preference
    const readerDark =
      dark === 'true' || (dark !== 'false' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (readerDark !== options.dark) return drop();
    const raw = stored(options.keys.accessibility);
    if (raw) {
      const a = JSON.parse(raw) as Record<string, unknown>;
      for (const key of Object.keys(options.painted))
        if (key in a && a[key] !== options.painted[key]) return drop();
    }
  } catch {
    drop(); // storage unreadable or hand-edited: the app decides
  }
}
