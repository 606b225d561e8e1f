import { useT } from '../../kit/i18n/use-t.ts';
import type adminEn from '../../kit/admin/messages/en.json';
import type en from './messages/en.json';

/** The module's messages, with the admin area's shared ones (cancel, retry, roles and access levels). */
export const useMenuEditorT = () => useT<typeof en & typeof adminEn>();
export type MenuEditorT = ReturnType<typeof useMenuEditorT>;
