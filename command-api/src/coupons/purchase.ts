import { ConflictError, NotFoundError, type ErrorCode } from '@platform/contracts/errors';
import {
  couponAvailability,
  couponResource,
  type CouponLimits,
  type CouponPurchasedData,
  type CouponUnavailable,
} from '@platform/contracts/coupons/coupon';
import {
  evolveResource,
  initialResourceState,
  type ResourceState,
} from '@platform/contracts/resources/state';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** The coupon's stream as a purchase sees it: the record, and how many were bought, in all and by whom. */
/**
 * The coupon's stream as a purchase sees it. The purchases by member grow in place as the stream is folded: a state
 * is folded once, from a fresh `initialState`, for one decision, and never kept (a copy at every purchase made the
 * fold quadratic in the coupon's buyers, as the survey answers' was).
 */
export interface CouponPurchaseState {
  coupon: ResourceState;
  total: number;
  byUser: ReadonlyMap<string, number>;
}

export type PurchaseCoupon = Command<
  'PurchaseCoupon',
  { couponId: string; purchaseId: string; userId: string }
>;
type CouponStreamEvent = DomainEvent<string, unknown>;

const REFUSALS: Record<
  CouponUnavailable,
  { code: Extract<ErrorCode, `conflict.${string}`>; detail: string }
> = {
  expired: { code: 'conflict.coupon_expired', detail: 'This coupon can no longer be bought' },
  soldOut: { code: 'conflict.coupon_sold_out', detail: 'This coupon is sold out' },
  individualLimit: {
    code: 'conflict.coupon_individual_limit',
    detail: 'You have bought this coupon as many times as one member may',
  },
};

/**
 * A purchase is decided on the coupon's own stream and appended with its expected version: two purchases racing
 * for the last coupon cannot both be stored, whatever the number of servers (never check-then-write).
 */
export const couponPurchaseDecider: Decider<PurchaseCoupon, CouponStreamEvent, CouponPurchaseState> = {
  initialState: () => ({ coupon: initialResourceState(), total: 0, byUser: new Map<string, number>() }),
  evolve(state, event) {
    if (event.type === 'CouponPurchased') {
      const { userId } = event.data as CouponPurchasedData;
      return {
        ...state,
        total: state.total + 1,
        byUser: (state.byUser as Map<string, number>).set(userId, (state.byUser.get(userId) ?? 0) + 1),
      };
    }
    return { ...state, coupon: evolveResource(couponResource, state.coupon, event) };
  },
  decide(command, state) {
    const { couponId, purchaseId, userId } = command.data;
    if (state.coupon.status !== 'active') throw new NotFoundError(`coupon ${couponId} not found`);
    const attributes = state.coupon.attributes as unknown as CouponLimits & { amount: number };
    const verdict = couponAvailability(
      attributes,
      { total: state.total, byViewer: state.byUser.get(userId) ?? 0 },
      command.metadata.now,
    );
    if (!verdict.available) {
      const refusal = REFUSALS[verdict.reason];
      throw new ConflictError(refusal.code, refusal.detail);
    }
    const data: CouponPurchasedData = { couponId, purchaseId, userId, amount: attributes.amount };
    return [{ type: 'CouponPurchased', data }];
  },
};
