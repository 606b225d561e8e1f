import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { defineResource } from '../resources/definition.ts';
import { accountDocumentResource, accountTransactionResource, signedAmount } from './records.ts';

describe("a member's account", () => {
  it('counts a credit in and a debit out', () => {
    expect(signedAmount({ amount: 1250, operation: 'credit' })).toBe(1250);
    expect(signedAmount({ amount: 1250, operation: 'debit' })).toBe(-1250);
  });

  it('sums the balance per account, negative for debits', () => {
    expect(accountTransactionResource.totals).toEqual({
      balance: { of: 'amount', per: 'account', negativeWhen: { attribute: 'operation', values: ['debit'] } },
    });
    expect(accountTransactionResource.immutable).toEqual(['amount', 'operation']);
    expect(accountTransactionResource.access.delete).toBe('nobody');
  });

  it("keeps a document's file private", () => {
    expect(accountDocumentResource.relationships.file!.file).toEqual({
      families: ['doc', 'image'],
      private: true,
    });
    expect(accountDocumentResource.ownedBy).toBe('account');
  });

  it('refuses a total over an attribute or a relationship it does not have', () => {
    const base = {
      type: 'test-ledger',
      singular: 'test-ledger',
      category: 'testledger',
      eventPrefix: 'TestLedger',
      module: 'tests',
      menu: { group: 'application', icon: 'receipt', hidden: true },
      attributes: z.object({ amount: z.number().int() }),
      relationships: { account: { type: 'users' }, tags: { type: 'tags', many: true } },
      access: {},
    } as const;
    expect(() => defineResource({ ...base, totals: { sum: { of: 'price', per: 'account' } } })).toThrow(
      /total sum/,
    );
    expect(() => defineResource({ ...base, totals: { sum: { of: 'amount', per: 'tags' } } })).toThrow(
      /total sum/,
    );
    expect(defineResource({ ...base, totals: { sum: { of: 'amount', per: 'account' } } }).totals.sum).toEqual(
      { of: 'amount', per: 'account' },
    );
  });
});
