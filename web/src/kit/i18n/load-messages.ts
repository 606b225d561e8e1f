import type { Locale } from '@platform/contracts/enums';
import { languageLines, withLanguageLines, type Messages } from './language-lines.ts';

export type { Messages };

type Bundle = () => Promise<{ default: Messages }>;

// A locale's messages travel in two bundles (web/message-bundles.ts, one chunk each: message-chunks.ts): the first
// screen's (the shell's words, the route fallback's, the top bar's account actions') and the rest. A visitor
// downloads only the language they read. The shell's messages live in ./messages; a feature (or a part of the kit)
// keeps its own beside its screens (src/features/<module>/messages), so modules never edit each other's files. Keys
// are prefixed by module and must not repeat across files.
const BUNDLES: Record<Locale, { first: Bundle; rest: Bundle }> = {
  en: {
    first: () => import('virtual:message-bundle/en/first'),
    rest: () => import('virtual:message-bundle/en/rest'),
  },
  fr: {
    first: () => import('virtual:message-bundle/fr/first'),
    rest: () => import('virtual:message-bundle/fr/rest'),
  },
  it: {
    first: () => import('virtual:message-bundle/it/first'),
    rest: () => import('virtual:message-bundle/it/rest'),
  },
  es: {
    first: () => import('virtual:message-bundle/es/first'),
    rest: () => import('virtual:message-bundle/es/rest'),
  },
  ca: {
    first: () => import('virtual:message-bundle/ca/first'),
    rest: () => import('virtual:message-bundle/ca/rest'),
  },
  da: {
    first: () => import('virtual:message-bundle/da/first'),
    rest: () => import('virtual:message-bundle/da/rest'),
  },
  ro: {
    first: () => import('virtual:message-bundle/ro/first'),
    rest: () => import('virtual:message-bundle/ro/rest'),
  },
};

function loadBundled(locale: Locale, which: 'all' | 'first-screen'): Promise<Messages> {
  const bundles = BUNDLES[locale];
  if (!bundles) return Promise.reject(new Error(`No messages for locale ${locale}`));
  const parts = which === 'all' ? [bundles.first, bundles.rest] : [bundles.first];
  return Promise.all(parts.map((load) => load())).then(
    (loaded) => Object.assign({}, ...loaded.map((m) => m.default)) as Messages,
  );
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
