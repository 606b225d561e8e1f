/*
 * What the accounting feature offers (seed 001 §3 "Coupons, transactions, documents"): the member's movements and
 * balance, and their documents, each a screen behind its feature and loaded when first visited, with their entries
 * in the account menu. The back office's screens of both types are the resource layer's (kit/admin/resources).
 */
export { accountingRoutes } from './routes.tsx';
export { accountingMenuEntries, type AccountingMenuEntry } from './menu.ts';
export { ACCOUNT_DOCUMENTS_PATH, ACCOUNT_TRANSACTIONS_PATH } from './paths.ts';
