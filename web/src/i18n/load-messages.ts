import type { Locale } from '@platform/contracts/enums';

export type Messages = Record<string, string>;

// one lazy chunk per locale: a visitor downloads only the language they read
const loaders = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`./messages/${locale}.json`];
  if (!load) throw new Error(`No messages for locale ${locale}`);
  return load();
}

/** Native names: a language is listed in its own language, whatever the interface language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ca: 'Català',
  da: 'Dansk',
  ro: 'Română',
};
