import { useT } from '../../kit/i18n/use-t.ts';
import type en from './messages/en.json';

export type FormsAdminMessages = typeof en;
export const useFormsAdminT = () => useT<FormsAdminMessages>();
