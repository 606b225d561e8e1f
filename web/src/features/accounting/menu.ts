import { FEATURES } from '../../kit/build-info.ts';
import { ACCOUNT_DOCUMENTS_PATH, ACCOUNT_TRANSACTIONS_PATH } from './paths.ts';

export interface AccountingMenuEntry {
  /** the entry's key in the account menu, and its words' (`auth.actions.<id>`) */
  id: 'transactions' | 'documents';
  href: string;
}

/**
 * The account menu's entries for the member's account pages: each only when its feature is built in (the account
 * menu is a signed-in member's only).
 */
export function accountingMenuEntries(
  features: Pick<typeof FEATURES, 'transactions' | 'documents'> = FEATURES,
): AccountingMenuEntry[] {
  const entries: AccountingMenuEntry[] = [];
  if (features.transactions) entries.push({ id: 'transactions', href: ACCOUNT_TRANSACTIONS_PATH });
  if (features.documents) entries.push({ id: 'documents', href: ACCOUNT_DOCUMENTS_PATH });
  return entries;
}
