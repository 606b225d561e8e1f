import { z } from 'zod/v4';

/**
 * The rental strategies (seed 000 §3, 001 §3): pick_up (no shipping address, no fees), ship_to_address
 * (shipping address and fees), internal, locked, and internal_shipping, the special internal one with a
 * shipping address and fees.
 */
export const RENTAL_STRATEGIES = [
  'pick_up',
  'ship_to_address',
  'internal',
  'locked',
  'internal_shipping',
] as const;
export const RentalStrategySchema = z.enum(RENTAL_STRATEGIES);
export type RentalStrategy = z.infer<typeof RentalStrategySchema>;

/**
 * What a strategy asks for. `kind` is the seed's grouping (001 §4): a shipping or a pickup strategy is
 * one whatever the addresses; internal and locked are mixed, and the command's shipping address decides.
 */
export const RENTAL_STRATEGY_RULES: Record<
  RentalStrategy,
  { needsShippingAddress: boolean; carriesShippingFees: boolean; kind: 'shipping' | 'pickup' | 'mixed' }
> = {
  pick_up: { needsShippingAddress: false, carriesShippingFees: false, kind: 'pickup' },
  ship_to_address: { needsShippingAddress: true, carriesShippingFees: true, kind: 'shipping' },
  internal: { needsShippingAddress: false, carriesShippingFees: false, kind: 'mixed' },
  locked: { needsShippingAddress: false, carriesShippingFees: false, kind: 'mixed' },
  internal_shipping: { needsShippingAddress: true, carriesShippingFees: true, kind: 'shipping' },
};

export function needsShippingAddress(strategy: RentalStrategy): boolean {
  return RENTAL_STRATEGY_RULES[strategy].needsShippingAddress;
}

/** Seed 001 §9: shipping fees are included for shipping strategies only. */
export function carriesShippingFees(strategy: RentalStrategy): boolean {
  return RENTAL_STRATEGY_RULES[strategy].carriesShippingFees;
}

export type RentalStrategyGroup = 'shipping' | 'pickup';

/**
 * Seed 001 §4: shipping, pickup or mixed; mixed counts as shipping if a shipping address exists, else
 * pickup; locked applies when the strategy is the locked one. A command or a cart carries one strategy;
 * several (a list of commands) group together only when they all are shipping or all pickup, otherwise
 * they are mixed; locked applies when any of them is locked.
 */
export function strategyGroup(
  strategies: RentalStrategy | readonly RentalStrategy[],
  hasShippingAddress: boolean,
): { group: RentalStrategyGroup; locked: boolean } {
  const list: readonly RentalStrategy[] = typeof strategies === 'string' ? [strategies] : strategies;
  const kinds = new Set(list.map((strategy) => RENTAL_STRATEGY_RULES[strategy].kind));
  const only = kinds.size === 1 ? [...kinds][0] : 'mixed';
  const group: RentalStrategyGroup =
    only === 'shipping' || only === 'pickup' ? only : hasShippingAddress ? 'shipping' : 'pickup';
  return { group, locked: list.includes('locked') };
}

/** The invoicing strategies' fixed ids that mean no VAT is applied (seed 001 §3 rental-invoicing-strategy). */
export const NO_VAT_INVOICING_STRATEGIES = ['no_vat', 'no_vat_debit_note'] as const;

/** Whether VAT applies to a member's invoicing strategy; none (null) means the ordinary, taxed invoicing. */
export function appliesVat(invoicingStrategyId: string | null): boolean {
  return !(NO_VAT_INVOICING_STRATEGIES as readonly string[]).includes(invoicingStrategyId ?? '');
}
