import { describe, it } from 'vitest';
import { ConflictError, NotFoundError } from '@platform/contracts/errors';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { couponPurchaseDecider, type PurchaseCoupon } from './purchase.ts';

const spec = deciderSpec(couponPurchaseDecider);
const metadata = specMetadata({ now: new Date('2026-11-25T12:00:00Z') });
const COUPON = '0c000000-0000-4000-8000-00000000000c';
const MEMBER = '0d000000-0000-4000-8000-00000000000d';
const OTHER = '0e000000-0000-4000-8000-00000000000e';
const purchase = (userId = MEMBER, purchaseId = '0f000000-0000-4000-8000-00000000000f'): PurchaseCoupon => ({
  type: 'PurchaseCoupon',
  data: { couponId: COUPON, purchaseId, userId },
  metadata,
});
const created = (limits: Record<string, unknown> = {}) => ({
  type: 'CouponCreated',
  data: {
    id: COUPON,
    attributes: {
      name: 'Workshop',
      description: null,
      amount: 1500,
      purchaseLimitCount: null,
      purchaseIndividualLimitCount: null,
      purchaseLimitAt: null,
      ...limits,
    },
    relationships: {},
  },
});
const bought = (userId: string, n: number) => ({
  type: 'CouponPurchased',
  data: {
    couponId: COUPON,
    purchaseId: `0a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId,
    amount: 1500,
  },
});

describe('coupon purchase', () => {
  it('records a purchase at the coupon’s amount', () => {
    spec
      .given([created()])
      .when(purchase())
      .then([
        {
          type: 'CouponPurchased',
          data: {
            couponId: COUPON,
            purchaseId: '0f000000-0000-4000-8000-00000000000f',
            userId: MEMBER,
            amount: 1500,
          },
        },
      ]);
  });

  it('refuses a purchase past purchaseLimitCount', () => {
    spec
      .given([created({ purchaseLimitCount: 2 }), bought(OTHER, 1), bought(OTHER, 2)])
      .when(purchase())
      .thenThrows(ConflictError, { code: 'conflict.coupon_sold_out' });
  });

  it('refuses a member past purchaseIndividualLimitCount, not the others', () => {
    const given = [created({ purchaseIndividualLimitCount: 1 }), bought(MEMBER, 1)];
    spec
      .given(given)
      .when(purchase())
      .thenThrows(ConflictError, { code: 'conflict.coupon_individual_limit' });
    spec
      .given(given)
      .when(purchase(OTHER))
      .then([
        {
          type: 'CouponPurchased',
          data: {
            couponId: COUPON,
            purchaseId: '0f000000-0000-4000-8000-00000000000f',
            userId: OTHER,
            amount: 1500,
          },
        },
      ]);
  });

  it('refuses a purchase once purchaseLimitAt is past', () => {
    spec
      .given([created({ purchaseLimitAt: '2026-11-25T11:00:00Z' })])
      .when(purchase())
      .thenThrows(ConflictError, { code: 'conflict.coupon_expired' });
  });

  it('does not sell a coupon that is soft-deleted or does not exist', () => {
    spec.given([]).when(purchase()).thenThrows(NotFoundError);
    spec
      .given([created(), { type: 'CouponSoftDeleted', data: { id: COUPON } }])
      .when(purchase())
      .thenThrows(NotFoundError);
  });
});
