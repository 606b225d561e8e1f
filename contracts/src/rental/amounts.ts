import { appliesVat, carriesShippingFees, type RentalStrategy } from './strategies.ts';

export interface RentalAmountLineInput {
  modelId: string;
  quantity: number;
  /**
   * The model's price per item and per day of the period, excluding tax, in cents. It may hold a fraction
   * of a cent (a weekly price set down to a day); the line's amount is what gets rounded.
   */
  rentingPrice: number;
}

export interface RentalAmountsInput {
  lines: readonly RentalAmountLineInput[];
  /** the period's days (periodDays) */
  days: number;
  strategy: RentalStrategy;
  /** the command's shipping price excluding tax, in cents; counted only for a strategy that carries fees */
  shippingPrice: number;
  /** the app environment's rentalOrganizationTax, a percentage (20 for 20 %); null: no tax */
  organizationTax: number | null;
  /** the member's rental invoicing strategy; no_vat and no_vat_debit_note mean no tax */
  invoicingStrategyId: string | null;
}

export interface RentalAmounts {
  lines: { modelId: string; quantity: number; exclTax: number }[];
  itemsExclTax: number;
  shipping: number;
  exclTax: number;
  tax: number;
  total: number;
}

/**
 * A rental's amounts in whole cents (seed 001 §9). Rounding happens in exactly two places:
 * - each excl-tax amount is rounded up to a whole cent once: a line (price × quantity × days) and the
 *   shipping fees; the sums of whole cents need none;
 * - the tax, exclTax × rate, is rounded to the nearest cent, halves up (computed in basis points on
 *   integers, so 5.5 % or 19.6 % round the same on every machine).
 * Shipping counts only for a strategy that carries fees; no tax when the rate is unset or the invoicing
 * strategy is a no-VAT one.
 */
export function rentalAmounts(input: RentalAmountsInput): RentalAmounts {
  const lines = input.lines.map((line) => ({
    modelId: line.modelId,
    quantity: line.quantity,
    exclTax: roundUpCents(line.rentingPrice * line.quantity * input.days),
  }));
  const itemsExclTax = lines.reduce((sum, line) => sum + line.exclTax, 0);
  const shipping = carriesShippingFees(input.strategy) ? roundUpCents(input.shippingPrice) : 0;
  const exclTax = itemsExclTax + shipping;
  const tax =
    input.organizationTax !== null && appliesVat(input.invoicingStrategyId)
      ? taxOf(exclTax, input.organizationTax)
      : 0;
  return { lines, itemsExclTax, shipping, exclTax, tax, total: exclTax + tax };
}

/**
 * Math.ceil of a float product can land one cent high when binary arithmetic leaves a trace
 * (0.07 × 100 = 7.000000000000001); a millionth of a cent is no fraction a price means to hold.
 */
function roundUpCents(amount: number): number {
  return Math.ceil(Math.round(amount * 1e6) / 1e6);
}

function taxOf(exclTax: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((exclTax * basisPoints + 5_000) / 10_000);
}

/** What an invoice states of a command's amounts: the excl.-tax sums as confirmed, and the tax its strategy owes. */
export interface RentalInvoiceAmounts {
  itemsExclTax: number;
  shipping: number;
  exclTax: number;
  /** false for a no-VAT invoicing strategy (no_vat, no_vat_debit_note): the invoice says so and adds no tax */
  vat: boolean;
  /** the percentage applied, null when none */
  taxRate: number | null;
  tax: number;
  total: number;
}

/**
 * The invoice of a command from the amounts its member confirmed (rentalAmounts) and the member's invoicing
 * strategy: a no-VAT strategy owes no tax, whatever the confirmed amounts carried; otherwise the confirmed tax
 * stands (its rate is the one of the confirmation, kept with the amounts).
 */
export function rentalInvoiceAmounts(
  confirmed: Pick<RentalAmounts, 'itemsExclTax' | 'shipping' | 'exclTax' | 'tax'>,
  invoicingStrategyId: string | null,
  taxRate: number | null,
): RentalInvoiceAmounts {
  const vat = appliesVat(invoicingStrategyId);
  const tax = vat ? confirmed.tax : 0;
  return {
    itemsExclTax: confirmed.itemsExclTax,
    shipping: confirmed.shipping,
    exclTax: confirmed.exclTax,
    vat,
    taxRate: vat && tax > 0 ? taxRate : null,
    tax,
    total: confirmed.exclTax + tax,
  };
}
