import { useT } from '../../kit/i18n/use-t.ts';
import type en from './messages/en.json';

export type NewslettersMessages = typeof en;
export const useNewslettersT = () => useT<NewslettersMessages>();
