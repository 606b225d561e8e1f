import { describe, expect, it } from 'vitest';
import { chooseBootLocale, normaliseLocale } from './locale-choice.ts';

describe('normaliseLocale', () => {
  it('lowercases and keeps the first segment', () => {
    expect(normaliseLocale('FR-ca')).toBe('fr');
    expect(normaliseLocale('da_DK')).toBe('da');
    expect(normaliseLocale(' RO ')).toBe('ro');
  });
  it('ignores unsupported, empty and non-string values', () => {
    expect(normaliseLocale('de')).toBeNull();
    expect(normaliseLocale('')).toBeNull();
    expect(normaliseLocale('-fr')).toBeNull();
    expect(normaliseLocale(undefined)).toBeNull();
    expect(normaliseLocale(42)).toBeNull();
    expect(normaliseLocale('frr')).toBeNull();
  });
});

describe('chooseBootLocale', () => {
  const none = { stored: null, query: null, browser: [], fallback: 'en' as const };
  it('prefers the stored choice over the query and the browser', () => {
    expect(chooseBootLocale({ ...none, stored: 'it', query: 'fr', browser: ['es'] })).toBe('it');
  });
  it('uses ?lang when nothing valid is stored', () => {
    expect(chooseBootLocale({ ...none, stored: 'xx', query: 'FR-be', browser: ['es'] })).toBe('fr');
  });
  it('takes the first supported browser language', () => {
    expect(chooseBootLocale({ ...none, query: 'de', browser: ['de-DE', 'ca-ES', 'es'] })).toBe('ca');
  });
  it('falls back to the default', () => {
    expect(chooseBootLocale({ ...none, browser: ['de', 'pt-BR'], fallback: 'ro' })).toBe('ro');
  });
});
