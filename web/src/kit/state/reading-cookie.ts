import type { Locale } from '@platform/contracts/enums';
import { DEFAULT_ACCESSIBILITY, parseAccessibility, type AccessibilityParameters } from './accessibility.ts';
import { normaliseLocale } from './locale-choice.ts';
import { READING_COOKIE } from './storage-keys.ts';

/**
 * The reader's settings as the server may know them (ADR 0018): the browser keeps them in local storage, which
 * a server never sees, so the app mirrors them in the reading_settings cookie, and the server paints a page
 * with them (the dark theme, larger text, another font, the chosen language) instead of the defaults that the
 * page's guard would have to drop. Only a reader who chose something has the cookie.
 */
export interface ReadingSettings {
  dark: boolean;
  /** the stored language choice, if any */
  locale: Locale | null;
  /** what is drawn (the toast timeout is not) */
  accessibility: Omit<AccessibilityParameters, 'toastTimeout'>;
}

export const DEFAULT_READING: ReadingSettings = {
  dark: false,
  locale: null,
  accessibility: withoutToast(DEFAULT_ACCESSIBILITY),
};

function withoutToast(a: AccessibilityParameters): ReadingSettings['accessibility'] {
  const { toastTimeout: _notDrawn, ...drawn } = a;
  return drawn;
}

/** A cookie's value (possibly hand-edited, possibly absent) as settings: anything unreadable is the default. */
export function parseReadingCookie(raw: string | null | undefined): ReadingSettings {
  if (!raw) return DEFAULT_READING;
  try {
    const o = JSON.parse(decodeURIComponent(raw)) as Record<string, unknown>;
    if (o === null || typeof o !== 'object') return DEFAULT_READING;
    return {
      dark: o.dark === true,
      locale: typeof o.locale === 'string' ? normaliseLocale(o.locale) : null,
      accessibility: withoutToast(parseAccessibility(o)),
    };
  } catch {
    return DEFAULT_READING;
  }
}

/** The reading_settings cookie's value among a Cookie header's, or null. */
export function readingCookieOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === READING_COOKIE.name) return part.slice(at + 1).trim();
  }
  return null;
}

const isDefault = (s: ReadingSettings) =>
  !s.dark &&
  s.locale === null &&
  (Object.keys(DEFAULT_READING.accessibility) as (keyof ReadingSettings['accessibility'])[]).every(
    (key) => s.accessibility[key] === DEFAULT_READING.accessibility[key],
  );

/**
 * The Set-Cookie string (for document.cookie) that mirrors these settings: the settings themselves, or the
 * cookie's removal when they are all the defaults (a reader who chose nothing sends no cookie).
 */
export function readingCookie(settings: ReadingSettings, secure: boolean): string {
  const attributes = `path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (isDefault(settings)) return `${READING_COOKIE.name}=; max-age=0; ${attributes}`;
  const value = encodeURIComponent(
    JSON.stringify({
      dark: settings.dark,
      ...(settings.locale ? { locale: settings.locale } : {}),
      ...settings.accessibility,
    }),
  );
  return `${READING_COOKIE.name}=${value}; max-age=${READING_COOKIE.maxAgeDays * 24 * 60 * 60}; ${attributes}`;
}

/** Mirrors the settings in the cookie (the app, whenever they change). */
export function mirrorReadingSettings(
  settings: { dark: boolean; locale: Locale | null; accessibility: AccessibilityParameters },
  doc: Document = document,
): void {
  const cookie = readingCookie(
    { dark: settings.dark, locale: settings.locale, accessibility: withoutToast(settings.accessibility) },
    doc.location?.protocol === 'https:',
  );
  // a cookie already as it should be is not written again
  const current = readingCookieOf(doc.cookie);
  const wanted = /^[^=]+=([^;]*)/.exec(cookie)?.[1] ?? '';
  if ((current ?? '') === wanted) return;
  doc.cookie = cookie;
}
