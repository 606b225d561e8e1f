import { describe, expect, it } from 'vitest';
import {
  appliesVat,
  carriesShippingFees,
  NO_VAT_INVOICING_STRATEGIES,
  needsShippingAddress,
  RentalStrategySchema,
  strategyGroup,
} from './strategies.ts';

describe('rental strategies (seed 000 §3, 001 §3)', () => {
  it('asks a shipping address and fees of ship_to_address and the special internal one only', () => {
    expect(needsShippingAddress('pick_up')).toBe(false);
    expect(carriesShippingFees('pick_up')).toBe(false);
    expect(needsShippingAddress('ship_to_address')).toBe(true);
    expect(carriesShippingFees('ship_to_address')).toBe(true);
    expect(needsShippingAddress('internal_shipping')).toBe(true);
    expect(carriesShippingFees('internal_shipping')).toBe(true);
    for (const strategy of ['internal', 'locked'] as const) {
      expect(needsShippingAddress(strategy)).toBe(false);
      expect(carriesShippingFees(strategy)).toBe(false);
    }
  });

  it('refuses an unknown strategy', () => {
    expect(RentalStrategySchema.safeParse('ship').success).toBe(false);
  });
});

describe('rental strategy grouping (seed 001 §4)', () => {
  it('groups shipping and pickup strategies whatever the addresses', () => {
    expect(strategyGroup('ship_to_address', false)).toEqual({ group: 'shipping', locked: false });
    expect(strategyGroup('internal_shipping', false)).toEqual({ group: 'shipping', locked: false });
    expect(strategyGroup('pick_up', true)).toEqual({ group: 'pickup', locked: false });
  });

  it('counts a mixed strategy as shipping with a shipping address, else pickup', () => {
    expect(strategyGroup('internal', true)).toEqual({ group: 'shipping', locked: false });
    expect(strategyGroup('internal', false)).toEqual({ group: 'pickup', locked: false });
  });

  it('applies locked when the strategy is the locked one', () => {
    expect(strategyGroup('locked', true)).toEqual({ group: 'shipping', locked: true });
    expect(strategyGroup('locked', false)).toEqual({ group: 'pickup', locked: true });
  });

  it('groups several strategies together only when they agree; otherwise they are mixed', () => {
    expect(strategyGroup(['ship_to_address', 'internal_shipping'], false).group).toBe('shipping');
    expect(strategyGroup(['pick_up', 'pick_up'], true).group).toBe('pickup');
    expect(strategyGroup(['pick_up', 'ship_to_address'], true)).toEqual({ group: 'shipping', locked: false });
    expect(strategyGroup(['pick_up', 'ship_to_address'], false)).toEqual({ group: 'pickup', locked: false });
    expect(strategyGroup(['pick_up', 'locked'], false)).toEqual({ group: 'pickup', locked: true });
  });
});

describe('VAT by invoicing strategy (seed 001 §3)', () => {
  it('applies no VAT for no_vat and no_vat_debit_note', () => {
    expect(NO_VAT_INVOICING_STRATEGIES).toEqual(['no_vat', 'no_vat_debit_note']);
    expect(appliesVat('no_vat')).toBe(false);
    expect(appliesVat('no_vat_debit_note')).toBe(false);
  });

  it('applies VAT for any other strategy and for none', () => {
    expect(appliesVat('standard')).toBe(true);
    expect(appliesVat(null)).toBe(true);
  });
});
