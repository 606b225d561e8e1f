import type { CouponPurchasedData } from '@platform/contracts/coupons/coupon';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

/**
 * Coupon purchases in the coupons projection: `purchased_coupons` (one row per purchase, a member's list) and
 * the coupon's computed purchasedCouponsCount and firstPurchaseAt.
 */
export const couponPurchasesExtension: ResourceProjectionExtension = {
  eventTypes: ['CouponPurchased'],
  tables: ['purchased_coupons'],
  async setup(tx) {
    await tx.unsafe(`
      create table purchased_coupons (
        id uuid primary key,
        coupon_id uuid not null,
        user_id text not null,
        amount bigint not null,
        used_at timestamptz null,
        created_at timestamptz not null
      );
      create index purchased_coupons_user on purchased_coupons (user_id, created_at desc, id);
      create index purchased_coupons_coupon on purchased_coupons (coupon_id);
    `);
  },
  async apply(tx, event, table) {
    const data = event.data as CouponPurchasedData;
    const at = event.metadata.recordedAt;
    const row = {
      id: data.purchaseId,
      coupon_id: data.couponId,
      user_id: data.userId,
      amount: data.amount,
      used_at: null,
      created_at: at,
    };
    const inserted =
      await tx`insert into purchased_coupons ${tx(row)} on conflict (id) do nothing returning id`;
    if (!inserted.length) return;
    await tx`
      update ${tx(table)}
         set purchased_coupons_count = purchased_coupons_count + 1,
             first_purchase_at = coalesce(first_purchase_at, ${at}),
             version = ${event.streamVersion.toString()}
       where id = ${data.couponId}`;
  },
};
