import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { recordEndpoints } from '../resources/endpoints.ts';

/**
 * The coupons a member buys (command-api/src/coupons/routes.ts, query-api/src/coupons/routes.ts): the coupons are
 * records of the layer; a purchase is one append on the coupon's stream (the Idempotency-Key makes a retried
 * request the same purchase), and the member reads their purchased coupons.
 */
export const couponEndpoints = {
  coupons: recordEndpoints('coupons').list,
  /** 201 `{ data: { type: 'purchased-coupons', id } }` */
  purchase: defineEndpoint({ method: 'POST', path: '/coupons/:id/purchase' }),
  /** the member's own purchases (`include=coupon`) */
  purchases: recordEndpoints('purchased-coupons').list,
} satisfies Record<string, AnyEndpoint>;
