import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type later from './later/messages/en.json';
import type en from './messages/en.json';

/**
 * Message ids are the keys of the shell's English files; every other locale must have the same keys (messages
 * test). The shell's words are in two files: those a page's first screen shows (./messages, the top bar, the footer,
 * the CMS blocks) and those of the widgets and screens after it (./later/messages: dialogs, drawers, server errors,
 * the shell's own screens), which travel with the rest of the words (message-chunks.ts).
 */
export type MessageId = keyof typeof en | keyof typeof later;
export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * `t('footer.cookieSettings')`: a typed shortcut over react-intl's formatMessage. A feature module with its own
 * message files passes their English shape: `useT<typeof authEn>()` accepts the shell's ids and the module's.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function useT<Extra extends Record<string, string> = {}>() {
  const intl = useIntl();
  return useCallback(
    (id: MessageId | (keyof Extra & string), values?: MessageValues) =>
      intl.formatMessage({ id }, values) as string,
    [intl],
  );
}

/** For server codes: the translation when the locale has one, else undefined (api/field-errors.ts). */
export function useMessageLookup() {
  const intl = useIntl();
  return useCallback(
    (id: string) => (Object.hasOwn(intl.messages, id) ? (intl.formatMessage({ id }) as string) : undefined),
    [intl],
  );
}
