/** Where the member's account pages live on the web (seed 000 §2), each behind its feature. */

/** The member's movements and balance (the transactions feature). */
export const ACCOUNT_TRANSACTIONS_PATH = '/account/transactions';

/** The documents given to the member (the documents feature). */
export const ACCOUNT_DOCUMENTS_PATH = '/account/documents';
