import { describe, expect, it } from 'vitest';
import { accountingMenuEntries } from './menu.ts';

describe('the account menu’s accounting entries', () => {
  it('follow the features built in', () => {
    expect(accountingMenuEntries({ transactions: true, documents: true })).toEqual([
      { id: 'transactions', href: '/account/transactions' },
      { id: 'documents', href: '/account/documents' },
    ]);
    expect(accountingMenuEntries({ transactions: false, documents: true })).toEqual([
      { id: 'documents', href: '/account/documents' },
    ]);
    expect(accountingMenuEntries({ transactions: true, documents: false })).toEqual([
      { id: 'transactions', href: '/account/transactions' },
    ]);
    expect(accountingMenuEntries({ transactions: false, documents: false })).toEqual([]);
  });
});
