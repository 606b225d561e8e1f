import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { APP_ADMINS_ONLY } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

const count = z.number().int().min(1).max(1_000_000).nullable().default(null);

/** A coupon members buy (seed 001 §3, §4); its purchases are events of its own stream (coupon purchase). */
export const couponResource = defineResource({
  type: 'coupons',
  singular: 'coupon',
  category: 'coupon',
  eventPrefix: 'Coupon',
  module: 'coupons',
  menu: { group: 'community', icon: 'confirmation_number' },
  attributes: z.object({
    name: z.string().trim().min(1).max(255),
    description: z.string().max(10_000).nullable().default(null),
    /** in cents */
    amount: z.number().int().min(0).max(100_000_000).default(0),
    purchaseLimitCount: count,
    purchaseIndividualLimitCount: count,
    purchaseLimitAt: z.string().datetime({ offset: true }).nullable().default(null),
  }),
  computed: { purchasedCouponsCount: 'integer', firstPurchaseAt: 'datetime' },
  softDeletable: true,
  access: { ...APP_ADMINS_ONLY, index: 'signedIn', show: 'signedIn' },
  search: ['name', 'description'],
  sorts: ['name', 'amount', 'purchaseLimitAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** A member bought a coupon: appended to the coupon's stream, whose version guards the limits. */
export const CouponPurchased = defineEvent(
  'CouponPurchased',
  z.object({
    couponId: z.string().uuid(),
    /** the purchased-coupon's id */
    purchaseId: z.string().uuid(),
    userId: z.string(),
    amount: z.number().int().min(0),
  }),
);
export type CouponPurchasedData = z.infer<typeof CouponPurchased.schema>;

export const couponEventContracts: EventContract[] = [CouponPurchased];

export interface CouponLimits {
  purchaseLimitCount: number | null;
  purchaseIndividualLimitCount: number | null;
  purchaseLimitAt: string | null;
}

export type CouponUnavailable = 'expired' | 'soldOut' | 'individualLimit';

/**
 * Seed 001 §4: a coupon is available while its purchase limit date is not past and fewer than
 * purchaseLimitCount were bought; for one member, also while they bought fewer than
 * purchaseIndividualLimitCount. The same rule decides a purchase and shows the buy button.
 */
export function couponAvailability(
  coupon: CouponLimits,
  purchases: { total: number; byViewer: number | null },
  now: Date,
): { available: true } | { available: false; reason: CouponUnavailable } {
  if (coupon.purchaseLimitAt !== null && new Date(coupon.purchaseLimitAt).getTime() <= now.getTime())
    return { available: false, reason: 'expired' };
  if (coupon.purchaseLimitCount !== null && purchases.total >= coupon.purchaseLimitCount)
    return { available: false, reason: 'soldOut' };
  if (
    purchases.byViewer !== null &&
    coupon.purchaseIndividualLimitCount !== null &&
    purchases.byViewer >= coupon.purchaseIndividualLimitCount
  )
    return { available: false, reason: 'individualLimit' };
  return { available: true };
}
