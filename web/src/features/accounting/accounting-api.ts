import {
  ACCOUNT_DOCUMENT_TYPES,
  ACCOUNT_OPERATIONS,
  type AccountDocumentType,
  type AccountOperation,
} from '@platform/contracts/accounting/records';
import { urlOf } from '@platform/contracts/endpoints';
import { fileEndpoints } from '@platform/contracts/files/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ListMetaSchema } from '../../kit/admin/list-meta.ts';
import type { ListPageOf } from '../../kit/loading/paged-list.tsx';

/**
 * What the member's account screens read (contracts/src/accounting/records.ts), through the resource API: their
 * own movements with the balance, and their own documents, newest first. Both lists are filtered by the signed-in
 * member's account: the owner reads only their own anyway, and an administrator, who reads every account's,
 * sees their own here too.
 */

/** Seed 000 §9: the currency is configured (infra/src/config.ts CURRENCY, default EUR); the web has no setting yet. */
export const ACCOUNT_CURRENCY = 'EUR';

/** A page of either list: a member's account is read twenty lines at a time. */
export const ACCOUNT_PAGE_SIZE = 20;

const Ref = z.object({ type: z.string(), id: z.string() });
const Included = z
  .array(
    z.object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()).optional() }),
  )
  .optional();

const TransactionSchema = z.object({
  type: z.literal('account-transactions'),
  id: z.string(),
  attributes: z.object({
    /** in cents, always positive: the operation says which way it goes */
    amount: z.number(),
    operation: z.enum(ACCOUNT_OPERATIONS),
    comment: z.string().nullable().optional(),
    createdAt: z.string(),
  }),
});

/** The list's meta, with the account's balance (`meta.totals.balance`) when the server sums it. */
const TransactionListSchema = z.object({
  data: z.array(TransactionSchema),
  meta: ListMetaSchema.extend({
    totals: z.object({ balance: z.number().optional() }).passthrough().optional(),
  }),
});

const DocumentSchema = z.object({
  type: z.literal('account-documents'),
  id: z.string(),
  attributes: z.object({
    documentType: z.enum(ACCOUNT_DOCUMENT_TYPES),
    name: z.string(),
    comment: z.string().nullable().optional(),
    createdAt: z.string(),
  }),
  relationships: z.object({ file: z.object({ data: Ref.nullable() }).optional() }).optional(),
});

const DocumentListSchema = z.object({
  data: z.array(DocumentSchema),
  included: Included,
  meta: ListMetaSchema,
});

export interface Transaction {
  id: string;
  /** in cents, always positive */
  amount: number;
  operation: AccountOperation;
  comment: string | null;
  createdAt: string;
}

/** A page of movements, and the account's balance over all of them (null: the server did not tell it). */
export interface TransactionsPage extends ListPageOf<Transaction> {
  /** credits less debits, in cents */
  balance: number | null;
}

export interface AccountDocument {
  id: string;
  documentType: AccountDocumentType;
  name: string;
  comment: string | null;
  createdAt: string;
  /** where its file is downloaded (its current content), or null when it names none */
  fileUrl: string | null;
  /** the name the file is saved under: the file's own when the answer included it, else the document's */
  fileName: string;
}

interface ReadOptions {
  signal?: AbortSignal;
  minPosition?: string;
}

const listQuery = (accountId: string, page: number, minPosition: string | undefined) => ({
  'filter[account]': accountId,
  sort: '-createdAt',
  'page[number]': page,
  'page[size]': ACCOUNT_PAGE_SIZE,
  ...(minPosition ? { minPosition } : {}),
});

const comment = (value: string | null | undefined) => (value?.trim() ? value : null);

const pages = (meta: z.infer<typeof ListMetaSchema>) => ({
  total: meta.total,
  totalPages: meta.page.totalPages,
  totalCapped: meta.totalCapped === true,
});

/** One page of the account's movements, newest first, with its balance. */
export async function readTransactions(
  api: ApiClient,
  accountId: string,
  page: number,
  { signal, minPosition }: ReadOptions = {},
): Promise<TransactionsPage> {
  const doc = await api.call(recordEndpoints('account-transactions').list, {
    schema: TransactionListSchema,
    query: listQuery(accountId, page, minPosition),
    signal,
  });
  return {
    items: doc.data.map((d) => ({
      id: d.id,
      amount: d.attributes.amount,
      operation: d.attributes.operation,
      comment: comment(d.attributes.comment),
      createdAt: d.attributes.createdAt,
    })),
    ...pages(doc.meta),
    balance: doc.meta.totals?.balance ?? null,
  };
}

/** A document's file as the member downloads it: GET /services/files/{id}, its current content. */
export const documentFileUrl = (fileId: string) => urlOf(fileEndpoints.file, { ref: fileId });

/** One page of the account's documents, newest first, each with where its file is downloaded. */
export async function readDocuments(
  api: ApiClient,
  accountId: string,
  page: number,
  { signal, minPosition }: ReadOptions = {},
): Promise<ListPageOf<AccountDocument>> {
  const doc = await api.call(recordEndpoints('account-documents').list, {
    schema: DocumentListSchema,
    query: { ...listQuery(accountId, page, minPosition), include: 'file' },
    signal,
  });
  const fileNames = new Map(
    (doc.included ?? [])
      .filter((i) => i.type === 'files' && typeof i.attributes?.name === 'string')
      .map((i) => [i.id, i.attributes!.name as string]),
  );
  return {
    items: doc.data.map((d) => {
      const file = d.relationships?.file?.data ?? null;
      return {
        id: d.id,
        documentType: d.attributes.documentType,
        name: d.attributes.name,
        comment: comment(d.attributes.comment),
        createdAt: d.attributes.createdAt,
        fileUrl: file ? documentFileUrl(file.id) : null,
        fileName: (file && fileNames.get(file.id)) || d.attributes.name,
      };
    }),
    ...pages(doc.meta),
  };
}
