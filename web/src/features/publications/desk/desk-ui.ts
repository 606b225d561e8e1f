import { useT } from '../../../kit/i18n/use-t.ts';
import type en from '../messages/en.json';

/** The publication desk's words (features/publications/messages, `publications.desk.*`). */
export const useDeskT = () => useT<typeof en>();
