import type { Locale } from '@platform/contracts/enums';
import type { Messages } from './load-messages.ts';

// Every message file, eagerly, for tests and tools (the app loads them lazily: load-messages.ts).
const shell = import.meta.glob<Messages>(['./messages/*.json', './later/messages/*.json'], {
  eager: true,
  import: 'default',
});
const modules = import.meta.glob<Messages>(['../../**/messages/*.json', '!../i18n/**'], {
  eager: true,
  import: 'default',
});

/** file path (relative to src/) -> messages, e.g. 'kit/i18n/messages/en.json', 'features/coupons/messages/fr.json' */
export const MESSAGE_FILES: Record<string, Messages> = {
  ...Object.fromEntries(Object.entries(shell).map(([p, m]) => [`kit/i18n/${p.slice(2)}`, m])),
  ...Object.fromEntries(Object.entries(modules).map(([p, m]) => [p.slice(6), m])),
};

/** The merged messages of one locale, as the app loads them. */
export function allMessages(locale: Locale): Messages {
  const suffix = `/messages/${locale}.json`;
  return Object.assign(
    {},
    ...Object.entries(MESSAGE_FILES)
      .filter(([path]) => path.endsWith(suffix))
      .map(([, m]) => m),
  ) as Messages;
}
