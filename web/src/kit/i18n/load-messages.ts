import type { Locale } from '@platform/contracts/enums';
import { languageLines, withLanguageLines, type Messages } from './language-lines.ts';

export type { Messages };

// One lazy chunk per locale and message file: a visitor downloads only the language they read. The shell's
// messages live in ./messages; a feature (or a part of the kit) keeps its own beside its screens (src/features/<module>/messages), so
// modules never edit each other's files. Keys are prefixed by module and must not repeat across files.
const shellLoaders = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const moduleLoaders = import.meta.glob<Messages>(['../../**/messages/*.json', '!../i18n/**'], {
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

/** The messages the web ships for a locale, without the administrators' language lines (the server's first paint). */
export function loadBundledMessages(locale: Locale): Promise<Messages> {
  const loaders = loadersFor(locale);
  if (loaders.length === 0) return Promise.reject(new Error(`No messages for locale ${locale}`));
  return Promise.all(loaders.map((load) => load())).then((parts) => Object.assign({}, ...parts) as Messages);
}

const loading = new Map<Locale, Promise<Messages>>();

/**
 * The merged messages of a locale. main.tsx starts this before the first render and the app asks again: both get
 * the same promise (a failed load is forgotten, so that a later call tries again).
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loading.get(locale);
  if (!messages) {
    // the administrators' language lines override the bundled messages (language-lines.ts; never rejects)
    messages = Promise.all([loadBundledMessages(locale), languageLines(locale)]).then(([bundled, lines]) =>
      withLanguageLines(bundled, lines),
    );
    messages.catch(() => loading.delete(locale));
    loading.set(locale, messages);
  }
  return messages;
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
