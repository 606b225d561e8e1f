/**
 * How the message files travel to the browser (issue 16: fewer, larger chunks). The first screen of a CMS page
 * reads the shell's words, the route fallback's and the top bar's account actions' only: those files of a locale
 * go in one chunk. Every other module's words for that locale go in a second chunk, which loads after the page
 * has painted or as soon as a screen that reads them opens. Two requests per locale, not one per file: on a cold
 * start the browser's six connections per host stay free for the screen's own code.
 *
 * Shared by the build (vite.config.ts, manualChunks) and the loader (load-messages.ts); no browser API here.
 */

/**
 * The folders (relative to web/src) whose message files the first screen of a CMS page reads. The shell's words
 * for the widgets and screens after it are apart, in kit/i18n/later/messages/ (use-t.ts).
 */
export const FIRST_SCREEN_MESSAGE_FOLDERS = [
  'kit/i18n/messages/',
  'frame/lazy/messages/',
  'features/accounts/account-menu/messages/',
  // a survey on a home page is answered there (half a kilobyte gzip a locale, against the rest's thirty)
  'features/surveys/messages/',
] as const;

const MESSAGE_FILE = /\/src\/((?:[^/]+\/)+?)messages\/([a-z]{2})\.json$/;

/** Whether a message file (its path relative to web/src, e.g. 'frame/lazy/messages/en.json') is a first screen's. */
export function isFirstScreenMessageFile(pathFromSrc: string): boolean {
  return FIRST_SCREEN_MESSAGE_FOLDERS.some((folder) => pathFromSrc.startsWith(folder));
}

/** A locale's bundle of message files (web/message-bundles.ts): `virtual:message-bundle/<locale>/<first|rest>`. */
const MESSAGE_BUNDLE = /virtual:message-bundle\/([a-z]{2})\/(first|rest)$/;

/** The chunk a module of the browser's build goes to when it is a message file or bundle, else undefined. */
export function messageChunkOf(moduleId: string): string | undefined {
  const bundle = MESSAGE_BUNDLE.exec(moduleId);
  if (bundle) return bundle[2] === 'first' ? `messages-first-${bundle[1]}` : `messages-${bundle[1]}`;
  const match = MESSAGE_FILE.exec(moduleId.split('?')[0]!);
  if (!match) return undefined;
  const [, folder, locale] = match;
  return isFirstScreenMessageFile(`${folder}messages/`) ? `messages-first-${locale}` : `messages-${locale}`;
}
