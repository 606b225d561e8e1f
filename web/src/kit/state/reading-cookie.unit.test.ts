import { describe, expect, test } from 'vitest';
import { DEFAULT_ACCESSIBILITY } from './accessibility.ts';
import {
  DEFAULT_READING,
  mirrorReadingSettings,
  parseReadingCookie,
  readingCookie,
  readingCookieOf,
} from './reading-cookie.ts';

describe('the reading settings cookie', () => {
  test('carries what the reader chose, and the server reads it back', () => {
    const chosen = {
      dark: true,
      locale: 'fr' as const,
      accessibility: { ...DEFAULT_READING.accessibility, fontSize: 24, fontFamily: 'andika' as const },
    };
    const cookie = readingCookie(chosen, true);
    expect(cookie).toMatch(/^reading_settings=[^;]+; max-age=31536000; path=\/; SameSite=Lax; Secure$/);
    const value = /^reading_settings=([^;]*)/.exec(cookie)![1]!;
    const header = `cookies_consent=x; reading_settings=${value}; atc_session=abc`;
    expect(parseReadingCookie(readingCookieOf(header))).toEqual(chosen);
  });

  test('is removed when every setting is the default', () => {
    expect(readingCookie(DEFAULT_READING, false)).toBe('reading_settings=; max-age=0; path=/; SameSite=Lax');
  });

  test.each([
    ['no cookie', undefined],
    ['an empty one', ''],
    ['text that is no JSON', '%7Bnot'],
    ['JSON that is no object', encodeURIComponent('42')],
  ])('reads the defaults from %s', (_name, raw) => {
    expect(parseReadingCookie(raw)).toEqual(DEFAULT_READING);
  });

  test('a hand-edited cookie is brought within the settings’ ranges', () => {
    const raw = encodeURIComponent(
      JSON.stringify({ dark: 'yes', locale: 'xx', fontSize: 200, fontFamily: 'comic' }),
    );
    const read = parseReadingCookie(raw);
    expect(read.dark).toBe(false);
    expect(read.locale).toBeNull();
    expect(read.accessibility.fontSize).toBe(32);
    expect(read.accessibility.fontFamily).toBe('configured');
  });

  test('the app mirrors its settings in the document’s cookie, and removes it for the defaults', () => {
    document.cookie = 'reading_settings=; max-age=0; path=/';
    mirrorReadingSettings({
      dark: true,
      locale: null,
      accessibility: { ...DEFAULT_ACCESSIBILITY, lineHeight: 2 },
    });
    const read = parseReadingCookie(readingCookieOf(document.cookie));
    expect(read.dark).toBe(true);
    expect(read.accessibility.lineHeight).toBe(2);
    mirrorReadingSettings({ dark: false, locale: null, accessibility: DEFAULT_ACCESSIBILITY });
    expect(readingCookieOf(document.cookie)).toBeNull();
  });
});
