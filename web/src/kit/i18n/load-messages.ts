import type { Locale } from '@platform/contracts/enums';
import { languageLines, withLanguageLines, type Messages } from './language-lines.ts';
import { isFirstScreenMessageFile } from './message-chunks.ts';

export type { Messages };

// Each message file is a lazy import, and the build puts a locale's files in two chunks (message-chunks.ts): a
// visitor downloads only the language they read. The shell's
// messages live in ./messages; a feature (or a part of the kit) keeps its own beside its screens (src/features/<module>/messages), so
// modules never edit each other's files. Keys are prefixed by module and must not repeat across files.
const shellLoaders = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const moduleLoaders = import.meta.glob<Messages>(['../../**/messages/*.json', '!../i18n/**'], {
  import: 'default',
});

/** A glob key (relative to this folder) as a path from web/src, for isFirstScreenMessageFile. */
const fromSrc = (key: string) =>
  key.startsWith('./') ? `kit/i18n/${key.slice(2)}` : key.replace(/^\.\.\/\.\.\//, '');

function loadersFor(locale: Locale, which: 'all' | 'first-screen' = 'all') {
  const suffix = `/messages/${locale}.json`;
  const shell = shellLoaders[`.${suffix}`];
  if (!shell) return [];
  return [
    shell,
    ...Object.entries(moduleLoaders)
      .filter(([path]) => path.endsWith(suffix))
      .filter(([path]) => which === 'all' || isFirstScreenMessageFile(fromSrc(path)))
      .map(([, load]) => load),
  ];
}

function loadBundled(locale: Locale, which: 'all' | 'first-screen'): Promise<Messages> {
  const loaders = loadersFor(locale, which);
  if (loaders.length === 0) return Promise.reject(new Error(`No messages for locale ${locale}`));
  return Promise.all(loaders.map((load) => load())).then((parts) => Object.assign({}, ...parts) as Messages);
}

/** The messages the web ships for a locale, without the administrators' language lines (the server's first paint). */
export function loadBundledMessages(locale: Locale): Promise<Messages> {
  return loadBundled(locale, 'all');
}

const lines = new Map<Locale, Promise<Record<string, string>>>();
/** the administrators' language lines of a locale, asked once (language-lines.ts; never rejects) */
const linesOf = (locale: Locale) => {
  let found = lines.get(locale);
  if (!found) lines.set(locale, (found = languageLines(locale)));
  return found;
};

const loading = new Map<string, Promise<Messages>>();

function merged(locale: Locale, which: 'all' | 'first-screen'): Promise<Messages> {
  const key = `${which}:${locale}`;
  let messages = loading.get(key);
  if (!messages) {
    // the administrators' language lines override the bundled messages
    messages = Promise.all([loadBundled(locale, which), linesOf(locale)]).then(([bundled, found]) =>
      withLanguageLines(bundled, found),
    );
    // a failed load is forgotten, so that a later call tries again
    messages.catch(() => loading.delete(key));
    loading.set(key, messages);
  }
  return messages;
}

/**
 * The messages of a locale the first screen needs (FIRST_SCREEN_MESSAGE_FOLDERS, message-chunks.ts), with the language lines over them.
 * main.tsx starts this before the first render and the app asks again: both get the same promise.
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  return merged(locale, 'first-screen');
}

/** Every message of a locale, with the language lines over them: what the screens past the first one read. */
export function loadAllMessages(locale: Locale): Promise<Messages> {
  return merged(locale, 'all');
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
