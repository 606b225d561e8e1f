import { LOCALES } from '@platform/contracts/enums';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, string>>('./messages/*.json', {
  eager: true,
  import: 'default',
});
const load = (locale: string): Record<string, string> => files[`./messages/${locale}.json`] ?? {};

const english = load('en');
const argumentsOf = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('message files', () => {
  it('exist for every locale and nothing else', () => {
    expect(Object.keys(files).sort()).toEqual(LOCALES.map((l) => `./messages/${l}.json`).sort());
  });

  it.each(LOCALES)('%s has every key of en and no other', (locale) => {
    const messages = load(locale);
    const missing = Object.keys(english).filter((k) => !Object.hasOwn(messages, k));
    const extra = Object.keys(messages).filter((k) => !Object.hasOwn(english, k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES)('%s has no empty message, uses the same placeholders as en and parses', (locale) => {
    const messages = load(locale);
    for (const [key, message] of Object.entries(messages)) {
      expect(message.trim(), `${locale} ${key}`).not.toBe('');
      expect(argumentsOf(message), `${locale} ${key}`).toEqual(argumentsOf(english[key] ?? ''));
      expect(() => new IntlMessageFormat(message, locale), `${locale} ${key}`).not.toThrow();
    }
  });
});
