import { useT } from '../../kit/i18n/use-t.ts';
import type en from './messages/en.json';

export type ContactsAdminMessages = typeof en;
export const useContactsAdminT = () => useT<ContactsAdminMessages>();
