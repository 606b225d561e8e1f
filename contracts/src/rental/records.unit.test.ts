import { describe, expect, it } from 'vitest';
import { appliesVat } from './strategies.ts';
import {
  rentalInvoicingStrategyResource,
  rentalItemResource,
  rentalModelResource,
  RentalUnavailabilitySchema,
} from './records.ts';

describe('rental records', () => {
  it('refuse an unavailability that does not end after it starts, on its endAt', () => {
    const period = (startAt: string, endAt: string) =>
      RentalUnavailabilitySchema.safeParse({ startAt, endAt, reason: 'Repair' });
    expect(period('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z').success).toBe(true);
    // the same instant in two offsets is no period
    const same = period('2030-01-01T01:00:00+01:00', '2030-01-01T00:00:00Z');
    expect(same.success).toBe(false);
    expect(same.error?.issues.map((i) => i.path)).toEqual([['endAt']]);
    const items = rentalItemResource.attributes.safeParse({
      stockId: 'A-1',
      unavailabilities: [
        { startAt: '2030-01-01T00:00:00Z', endAt: '2030-01-05T00:00:00Z' },
        { startAt: '2030-01-05T00:00:00Z', endAt: '2030-01-04T00:00:00Z' },
      ],
    });
    expect(items.error?.issues.map((i) => i.path)).toEqual([['unavailabilities', 1, 'endAt']]);
  });

  it('derive a model’s slug from its name when none is given, and keep a given one', () => {
    const derive = rentalModelResource.beforeChange!;
    expect(derive({ name: 'Fauteuil roulant pliant — XL', rentingPrice: 1 }, null)).toEqual({
      slug: 'fauteuil-roulant-pliant-xl',
    });
    expect(derive({ name: 'Other', slug: 'kept', rentingPrice: 1 }, null)).toEqual({});
  });

  it('apply VAT but under the no_vat strategies, which exist from the start and are kept', () => {
    expect(appliesVat('no_vat')).toBe(false);
    expect(appliesVat('no_vat_debit_note')).toBe(false);
    expect(appliesVat('standard')).toBe(true);
    expect(appliesVat(null)).toBe(true);
    expect(appliesVat('0a000000-0000-4000-8000-00000000000a')).toBe(true);
    expect(rentalInvoicingStrategyResource.fixedRows.rows.map((r) => r.id)).toEqual([
      'standard',
      'no_vat',
      'no_vat_debit_note',
    ]);
    expect(rentalInvoicingStrategyResource.fixedRows.kept).toEqual([
      'standard',
      'no_vat',
      'no_vat_debit_note',
    ]);
  });
});
