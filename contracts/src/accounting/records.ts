import { z } from 'zod/v4';
import { APP_ADMINS, either } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { file } from '../resources/files.ts';

/**
 * A member's account (seed 001 §3 "Coupons, transactions, documents"; seed 000 §2: /account/transactions with the
 * transactions feature, /account/documents with the documents feature): the money movements the platform's
 * administrators record on it, and the documents they give the member (an invoice, a certificate).
 *
 * Both belong to one member (`ownedBy: 'account'`): the member reads their own, and nobody else's; administrators
 * and application administrators read every one and write them. Nothing of them is public.
 */

/** The two kinds of movement: money in (credit) and money out (debit). */
export const ACCOUNT_OPERATIONS = ['credit', 'debit'] as const;
export type AccountOperation = (typeof ACCOUNT_OPERATIONS)[number];

/** What an account's documents are. */
export const ACCOUNT_DOCUMENT_TYPES = [
  'invoice',
  'receipt',
  'contract',
  'certificate',
  'statement',
  'other',
] as const;
export type AccountDocumentType = (typeof ACCOUNT_DOCUMENT_TYPES)[number];

/** The most one movement moves, in cents: a million in the platform's currency. */
export const ACCOUNT_TRANSACTION_MAX = 100_000_000;

/** The owner reads; the back office reads every account and writes. */
const OWNER_READS = either(APP_ADMINS, 'owner');

/**
 * A money movement on a member's account (seed 001 §3: amount, operation, comment, account). A ledger line: its
 * amount, its operation and its account never change once recorded, and it is never deleted; a wrong movement is
 * undone by the opposite one, so the account's history and balance always agree. Only its comment may be
 * corrected (the history keeps what it said). The account's balance, credits less debits, is the list's
 * `meta.totals.balance` when the list is filtered by the account.
 */
export const accountTransactionResource = defineResource({
  type: 'account-transactions',
  singular: 'account-transaction',
  category: 'accounttransaction',
  eventPrefix: 'AccountTransaction',
  module: 'accounting',
  feature: 'transactions',
  menu: { group: 'accounts', icon: 'account_balance_wallet' },
  attributes: z.object({
    /** in cents, always positive: the operation says which way it goes */
    amount: z.number().int().min(1).max(ACCOUNT_TRANSACTION_MAX),
    operation: z.enum(ACCOUNT_OPERATIONS),
    comment: z.string().trim().max(1000).nullable().default(null),
  }),
  relationships: {
    account: { type: 'users', required: true, immutable: true },
  },
  ownedBy: 'account',
  immutable: ['amount', 'operation'],
  access: {
    see: APP_ADMINS,
    index: OWNER_READS,
    show: OWNER_READS,
    create: APP_ADMINS,
    update: APP_ADMINS,
  },
  filters: ['operation'],
  search: ['comment'],
  sorts: ['amount'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  totals: {
    balance: { of: 'amount', per: 'account', negativeWhen: { attribute: 'operation', values: ['debit'] } },
  },
});

/**
 * A document given to a member (seed 001 §3: documentType, name, comment, account, file): its file is not public,
 * served to the member and the back office only (a private file field), and never through its URL alone.
 */
export const accountDocumentResource = defineResource({
  type: 'account-documents',
  singular: 'account-document',
  category: 'accountdocument',
  eventPrefix: 'AccountDocument',
  module: 'accounting',
  feature: 'documents',
  menu: { group: 'accounts', icon: 'folder_shared' },
  attributes: z.object({
    documentType: z.enum(ACCOUNT_DOCUMENT_TYPES).default('other'),
    name: z.string().trim().min(1).max(255),
    comment: z.string().trim().max(1000).nullable().default(null),
  }),
  relationships: {
    account: { type: 'users', required: true, immutable: true },
    file: { ...file({ family: ['doc', 'image'], private: true }), required: true },
  },
  ownedBy: 'account',
  softDeletable: true,
  access: {
    see: APP_ADMINS,
    index: OWNER_READS,
    show: OWNER_READS,
    create: APP_ADMINS,
    update: APP_ADMINS,
    softDelete: APP_ADMINS,
    restore: APP_ADMINS,
    delete: APP_ADMINS,
  },
  filters: ['documentType'],
  search: ['name', 'comment'],
  sorts: ['name', 'documentType'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'name',
});

export const accountingResources = [accountTransactionResource, accountDocumentResource];

/**
 * A transaction's amount with its sign as the account sees it: a credit adds, a debit takes away (in cents).
 */
export const signedAmount = (transaction: { amount: number; operation: AccountOperation }): number =>
  transaction.operation === 'debit' ? -transaction.amount : transaction.amount;
