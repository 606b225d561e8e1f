import { describe, expect, it } from 'vitest';
import { rentalAmounts, rentalInvoiceAmounts, type RentalAmountsInput } from './amounts.ts';

const WHEELCHAIR = '9b1c3f7e-2a4d-4c5e-8f6a-1b2c3d4e5f60';
const LIFT = '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b';

const base: RentalAmountsInput = {
  lines: [{ modelId: WHEELCHAIR, quantity: 1, rentingPrice: 333 }],
  days: 3,
  strategy: 'pick_up',
  shippingPrice: 1250,
  organizationTax: null,
  invoicingStrategyId: null,
};

describe('rental amounts in cents (seed 001 §9)', () => {
  it('multiplies the price per day by the quantity and the days, line by line', () => {
    const amounts = rentalAmounts({
      ...base,
      lines: [
        { modelId: WHEELCHAIR, quantity: 2, rentingPrice: 333 },
        { modelId: LIFT, quantity: 1, rentingPrice: 1500 },
      ],
    });
    expect(amounts).toEqual({
      lines: [
        { modelId: WHEELCHAIR, quantity: 2, exclTax: 1998 },
        { modelId: LIFT, quantity: 1, exclTax: 4500 },
      ],
      itemsExclTax: 6498,
      shipping: 0,
      exclTax: 6498,
      tax: 0,
      total: 6498,
    });
  });

  it("rounds a line's excl-tax amount up to the cent, once per line", () => {
    // a weekly price of 10.00 set down to a day: 2 × 3 × 1000/7 = 857.14… → 858
    const weekly = rentalAmounts({
      ...base,
      lines: [{ modelId: LIFT, quantity: 2, rentingPrice: 1000 / 7 }],
    });
    expect(weekly.lines[0]?.exclTax).toBe(858);
    // half a cent a day, 3 items, 3 days: 4.5 → 5 (rounding each day or item would make 9)
    const half = rentalAmounts({ ...base, lines: [{ modelId: LIFT, quantity: 3, rentingPrice: 0.5 }] });
    expect(half.lines[0]?.exclTax).toBe(5);
    expect(half.total).toBe(5);
  });

  it('adds no phantom cent where floating point leaves a trace', () => {
    // 0.07 × 100 is 7.000000000000001 in binary floating point
    const amounts = rentalAmounts({
      ...base,
      days: 100,
      lines: [{ modelId: LIFT, quantity: 1, rentingPrice: 0.07 }],
    });
    expect(amounts.lines[0]?.exclTax).toBe(7);
  });

  it('includes the shipping fees for the shipping strategies only, rounded up', () => {
    expect(rentalAmounts({ ...base, strategy: 'ship_to_address' })).toMatchObject({
      itemsExclTax: 999,
      shipping: 1250,
      exclTax: 2249,
      total: 2249,
    });
    expect(rentalAmounts({ ...base, strategy: 'internal_shipping' }).shipping).toBe(1250);
    expect(rentalAmounts({ ...base, strategy: 'ship_to_address', shippingPrice: 1249.2 }).shipping).toBe(
      1250,
    );
    for (const strategy of ['pick_up', 'internal', 'locked'] as const)
      expect(rentalAmounts({ ...base, strategy })).toMatchObject({ shipping: 0, exclTax: 999 });
  });

  it('adds the organisation tax on the excl-tax amount, shipping included, to the nearest cent', () => {
    // (999 + 1250) × 20 % = 449.8 → 450
    expect(rentalAmounts({ ...base, strategy: 'ship_to_address', organizationTax: 20 })).toMatchObject({
      exclTax: 2249,
      tax: 450,
      total: 2699,
    });
    // 999 × 5.5 % = 54.945 → 55
    expect(rentalAmounts({ ...base, organizationTax: 5.5 })).toMatchObject({ tax: 55, total: 1054 });
    // 1010 × 5 % = 50.5: a half cent goes up
    const even = { ...base, lines: [{ modelId: LIFT, quantity: 1, rentingPrice: 505 }], days: 2 };
    expect(rentalAmounts({ ...even, organizationTax: 5 })).toMatchObject({
      exclTax: 1010,
      tax: 51,
      total: 1061,
    });
    // 1000 × 19.6 % = 196 exactly, whatever 19.6's binary form
    const round = { ...base, lines: [{ modelId: LIFT, quantity: 1, rentingPrice: 500 }], days: 2 };
    expect(rentalAmounts({ ...round, organizationTax: 19.6 }).tax).toBe(196);
  });

  it('applies no tax for a no-VAT invoicing strategy or without a rate', () => {
    for (const invoicingStrategyId of ['no_vat', 'no_vat_debit_note'])
      expect(rentalAmounts({ ...base, organizationTax: 20, invoicingStrategyId })).toMatchObject({
        exclTax: 999,
        tax: 0,
        total: 999,
      });
    expect(rentalAmounts({ ...base, organizationTax: 20, invoicingStrategyId: 'standard' }).tax).toBe(200);
    expect(rentalAmounts({ ...base, organizationTax: null, invoicingStrategyId: 'standard' }).tax).toBe(0);
  });

  it('gives only whole cents', () => {
    const amounts = rentalAmounts({
      ...base,
      strategy: 'ship_to_address',
      shippingPrice: 999.99,
      organizationTax: 7.7,
      lines: [
        { modelId: WHEELCHAIR, quantity: 3, rentingPrice: 123.456 },
        { modelId: LIFT, quantity: 1, rentingPrice: 1 / 3 },
      ],
    });
    const values = [...amounts.lines.map((line) => line.exclTax), amounts.itemsExclTax, amounts.shipping];
    for (const value of [...values, amounts.exclTax, amounts.tax, amounts.total])
      expect(Number.isInteger(value)).toBe(true);
    expect(amounts.lines.map((line) => line.exclTax)).toEqual([1112, 1]);
    expect(amounts.total).toBe(amounts.exclTax + amounts.tax);
  });
});

describe('rentalInvoiceAmounts', () => {
  const confirmed = { itemsExclTax: 3500, shipping: 1500, exclTax: 5000, tax: 1000 };

  it('keeps the confirmed tax and its rate for a taxed strategy', () => {
    expect(rentalInvoiceAmounts(confirmed, 'standard', 20)).toEqual({
      itemsExclTax: 3500,
      shipping: 1500,
      exclTax: 5000,
      vat: true,
      taxRate: 20,
      tax: 1000,
      total: 6000,
    });
    expect(rentalInvoiceAmounts(confirmed, null, 20)).toMatchObject({ vat: true, tax: 1000, total: 6000 });
  });

  it.each(['no_vat', 'no_vat_debit_note'])('adds no tax for the %s strategy', (strategy) => {
    expect(rentalInvoiceAmounts(confirmed, strategy, 20)).toMatchObject({
      vat: false,
      taxRate: null,
      tax: 0,
      total: 5000,
    });
  });
});
