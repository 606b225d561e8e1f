import type { Locale } from '@platform/contracts/enums';

export type Messages = Record<string, string>;

// One lazy chunk per locale and message file: a visitor downloads only the language they read. The shell's
// messages live in ./messages; a feature module keeps its own beside its screens (src/<module>/messages), so
// modules never edit each other's files. Keys are prefixed by module and must not repeat across files.
const shellLoaders = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const moduleLoaders = import.meta.glob<Messages>(['../*/messages/*.json', '!../i18n/**'], {
  import: 'default',
});

function loadersFor(locale: Locale) {
  const suffix = `/messages/${locale}.json`;
  const shell = shellLoaders[`.${suffix}`];
  if (!shell) return [];
  return [
    shell,
    ...Object.entries(moduleLoaders)
      .filter(([path]) => path.endsWith(suffix))
      .map(([, load]) => load),
  ];
}

export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaders = loadersFor(locale);
  if (loaders.length === 0) throw new Error(`No messages for locale ${locale}`);
  const parts = await Promise.all(loaders.map((load) => load()));
  return Object.assign({}, ...parts) as Messages;
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
