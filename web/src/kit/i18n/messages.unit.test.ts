import { LOCALES } from '@platform/contracts/enums';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { MESSAGE_FILES } from './all-messages.ts';

// Message files come in sets of seven: the shell's (kit/i18n/messages) and one per feature module (features/<module>/messages).
const directories = [
  ...new Set(Object.keys(MESSAGE_FILES).map((p) => p.slice(0, p.lastIndexOf('/')))),
].sort();
const load = (dir: string, locale: string): Record<string, string> =>
  MESSAGE_FILES[`${dir}/${locale}.json`] ?? {};
const argumentsOf = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('message files', () => {
  it('include the shell messages', () => {
    expect(directories).toContain('kit/i18n/messages');
  });

  it.each(directories)('%s has a file for every locale and nothing else', (dir) => {
    const files = Object.keys(MESSAGE_FILES).filter((p) => p.startsWith(`${dir}/`));
    expect(files.sort()).toEqual(LOCALES.map((l) => `${dir}/${l}.json`).sort());
  });

  it('never define the same key in two directories', () => {
    const owner = new Map<string, string>();
    const repeated: string[] = [];
    for (const dir of directories) {
      for (const key of Object.keys(load(dir, 'en'))) {
        if (owner.has(key)) repeated.push(`${key} (${owner.get(key)} and ${dir})`);
        owner.set(key, dir);
      }
    }
    expect(repeated).toEqual([]);
  });

  describe.each(directories)('%s', (dir) => {
    const english = load(dir, 'en');

    it.each(LOCALES)('%s has every key of en and no other', (locale) => {
      const messages = load(dir, locale);
      const missing = Object.keys(english).filter((k) => !Object.hasOwn(messages, k));
      const extra = Object.keys(messages).filter((k) => !Object.hasOwn(english, k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(LOCALES)('%s has no empty message, uses the same placeholders as en and parses', (locale) => {
      const messages = load(dir, locale);
      for (const [key, message] of Object.entries(messages)) {
        expect(message.trim(), `${locale} ${key}`).not.toBe('');
        expect(argumentsOf(message), `${locale} ${key}`).toEqual(argumentsOf(english[key] ?? ''));
        expect(() => new IntlMessageFormat(message, locale), `${locale} ${key}`).not.toThrow();
      }
    });
  });
});
