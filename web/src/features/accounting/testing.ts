import { fakeJson, type FakeRequest } from '../../kit/testing/fake-api.ts';

/** What a list read asked for: its account filter, page, sort and includes. */
export interface ListRead {
  account: string | null;
  page: string | null;
  size: string | null;
  sort: string | null;
  include: string | null;
}

export interface FakeTransaction {
  id: string;
  amount: number;
  operation: 'credit' | 'debit';
  comment: string | null;
  createdAt: string;
}

export interface FakeDocument {
  id: string;
  documentType: string;
  name: string;
  comment: string | null;
  createdAt: string;
  /** its file; `included: false`: the answer names the file without including it */
  file: { id: string; name: string; included?: boolean } | null;
}

const readOf = (params: URLSearchParams): ListRead => ({
  account: params.get('filter[account]'),
  page: params.get('page[number]'),
  size: params.get('page[size]'),
  sort: params.get('sort'),
  include: params.get('include'),
});

/** One page of `items` as query-api's list answers it (meta.page), at the page and size the read asked for. */
function paged<T>(items: readonly T[], params: URLSearchParams, pageSize?: number) {
  const size = pageSize ?? Number(params.get('page[size]'));
  const number = Number(params.get('page[number]'));
  return {
    page: items.slice((number - 1) * size, number * size),
    meta: {
      total: items.length,
      page: { number, size, totalPages: Math.max(1, Math.ceil(items.length / size)) },
    },
  };
}

/**
 * GET /account-transactions and GET /account-documents, shaped like query-api's resource lists: the movements
 * (`meta.totals.balance` when filtered by the account, unless `withBalance` is false) and the documents with their
 * files included. `failing` answers the next reads with its statuses instead.
 */
export function accountingServer(
  options: {
    transactions?: FakeTransaction[];
    documents?: FakeDocument[];
    pageSize?: number;
    withBalance?: boolean;
  } = {},
) {
  const state = {
    transactions: [...(options.transactions ?? [])],
    documents: [...(options.documents ?? [])],
    transactionReads: [] as ListRead[],
    documentReads: [] as ListRead[],
    failing: [] as number[],
  };
  const failure = () => {
    const status = state.failing.shift();
    return status
      ? fakeJson(status, { errors: [{ status: String(status), code: 'internal', detail: 'Down' }] })
      : undefined;
  };
  const handler = (request: FakeRequest): Response | undefined => {
    if (request.method !== 'GET') return undefined;
    const params = request.url.searchParams;
    if (request.url.pathname === '/api/v1/account-transactions') {
      state.transactionReads.push(readOf(params));
      const failed = failure();
      if (failed) return failed;
      const { page, meta } = paged(state.transactions, params, options.pageSize);
      const balance = state.transactions.reduce(
        (sum, tx) => sum + (tx.operation === 'debit' ? -tx.amount : tx.amount),
        0,
      );
      return fakeJson(200, {
        data: page.map((tx) => ({
          type: 'account-transactions',
          id: tx.id,
          attributes: {
            amount: tx.amount,
            operation: tx.operation,
            comment: tx.comment,
            createdAt: tx.createdAt,
            updatedAt: tx.createdAt,
          },
          relationships: { account: { data: { type: 'users', id: params.get('filter[account]') } } },
        })),
        meta: {
          ...meta,
          ...(options.withBalance !== false && params.get('filter[account]') ? { totals: { balance } } : {}),
        },
        links: {},
      });
    }
    if (request.url.pathname === '/api/v1/account-documents') {
      state.documentReads.push(readOf(params));
      const failed = failure();
      if (failed) return failed;
      const { page, meta } = paged(state.documents, params, options.pageSize);
      return fakeJson(200, {
        data: page.map((d) => ({
          type: 'account-documents',
          id: d.id,
          attributes: {
            documentType: d.documentType,
            name: d.name,
            comment: d.comment,
            createdAt: d.createdAt,
            updatedAt: d.createdAt,
          },
          relationships: {
            account: { data: { type: 'users', id: params.get('filter[account]') } },
            file: { data: d.file ? { type: 'files', id: d.file.id } : null },
          },
        })),
        included: page.flatMap((d) =>
          d.file && d.file.included !== false
            ? [{ type: 'files', id: d.file.id, attributes: { name: d.file.name, size: 1200 } }]
            : [],
        ),
        meta,
        links: {},
      });
    }
    return undefined;
  };
  return { state, handler };
}
