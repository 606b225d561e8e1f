import { useT } from '../../../kit/i18n/use-t.ts';
import type adminEn from '../../../kit/admin/messages/en.json';
import type resourcesEn from '../../../kit/admin/resources/messages/en.json';
import type en from './messages/en.json';

/** The page editor's messages, and the admin back office's ones it shares (labels, limits, yes/no). */
export const usePageEditorT = () => useT<typeof en & typeof resourcesEn & typeof adminEn>();
export type PageEditorT = ReturnType<typeof usePageEditorT>;
