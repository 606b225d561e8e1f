import { couponAvailability, type CouponUnavailable } from '@platform/contracts/coupons/coupon';
import { couponEndpoints } from '@platform/contracts/coupons/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';

/** A coupon as GET /coupons lists it to a signed-in member (contracts/src/coupons/coupon.ts). */
const CouponSchema = z.object({
  type: z.literal('coupons'),
  id: z.string(),
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    /** in cents */
    amount: z.number(),
    purchaseLimitCount: z.number().nullable(),
    purchaseIndividualLimitCount: z.number().nullable(),
    purchaseLimitAt: z.string().nullable(),
    purchasedCouponsCount: z.number().nullable().default(0),
    firstPurchaseAt: z.string().nullable().optional(),
  }),
});
export type Coupon = z.infer<typeof CouponSchema>;

const ListMeta = z.object({ total: z.number().optional() }).passthrough();
const Links = z.object({ next: z.string().nullable().optional() }).passthrough().optional();

const CouponListSchema = z.object({ data: z.array(CouponSchema), meta: ListMeta.optional(), links: Links });

const PurchasedCouponSchema = z.object({
  type: z.literal('purchased-coupons'),
  id: z.string(),
  attributes: z.object({ amount: z.number(), usedAt: z.string().nullable(), createdAt: z.string() }),
  relationships: z.object({
    coupon: z.object({ data: z.object({ type: z.literal('coupons'), id: z.string() }).nullable() }),
  }),
});
const IncludedCouponSchema = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z.object({ name: z.string().optional() }).passthrough(),
});
const PurchasedListSchema = z.object({
  data: z.array(PurchasedCouponSchema),
  included: z.array(IncludedCouponSchema).optional(),
  meta: ListMeta.optional(),
  links: Links,
});

export interface Purchase {
  id: string;
  couponId: string | null;
  couponName: string | null;
  amount: number;
  usedAt: string | null;
  createdAt: string;
}

/** The answer of POST /coupons/{id}/purchase (201). */
const PurchaseAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string() }).passthrough(),
});

/** Enough pages for any member's purchases; the list endpoints give at most 100 a page. */
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

const consistency = (minPosition?: string) => (minPosition ? { minPosition } : {});

export async function readCoupons(api: ApiClient, minPosition?: string, signal?: AbortSignal) {
  const coupons: Coupon[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const doc = await api.call(couponEndpoints.coupons, {
      schema: CouponListSchema,
      query: { 'page[size]': PAGE_SIZE, 'page[number]': page, sort: 'name', ...consistency(minPosition) },
      signal,
    });
    coupons.push(...doc.data);
    if (!doc.links?.next || doc.data.length < PAGE_SIZE) break;
  }
  return coupons;
}

/** The member's own purchases, newest first, each naming its coupon. */
export async function readPurchases(api: ApiClient, minPosition?: string, signal?: AbortSignal) {
  const purchases: Purchase[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const doc = await api.call(couponEndpoints.purchases, {
      schema: PurchasedListSchema,
      query: {
        include: 'coupon',
        'page[size]': PAGE_SIZE,
        'page[number]': page,
        ...consistency(minPosition),
      },
      signal,
    });
    const names = new Map(
      (doc.included ?? []).filter((i) => i.type === 'coupons').map((i) => [i.id, i.attributes.name ?? null]),
    );
    for (const p of doc.data) {
      const couponId = p.relationships.coupon.data?.id ?? null;
      purchases.push({
        id: p.id,
        couponId,
        couponName: couponId ? (names.get(couponId) ?? null) : null,
        amount: p.attributes.amount,
        usedAt: p.attributes.usedAt,
        createdAt: p.attributes.createdAt,
      });
    }
    if (!doc.links?.next || doc.data.length < PAGE_SIZE) break;
  }
  return purchases;
}

/** One purchase; the Idempotency-Key makes a retried request the same purchase. Answers the write's position. */
export async function purchaseCoupon(api: ApiClient, couponId: string, idempotencyKey: string) {
  const answer = await api.call(couponEndpoints.purchase, {
    params: { id: couponId },
    schema: PurchaseAnswerSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { purchaseId: answer.data.id, position: answer.meta.position };
}

export interface CouponOffer {
  coupon: Coupon;
  /** how many of this coupon the member bought */
  bought: number;
  availability: { available: true } | { available: false; reason: CouponUnavailable };
}

/** The coupons with what the availability rule (seed 001 §4) says of each for this member. */
export function couponOffers(
  coupons: readonly Coupon[],
  purchases: readonly Purchase[],
  now: Date,
): CouponOffer[] {
  const bought = new Map<string, number>();
  for (const p of purchases) if (p.couponId) bought.set(p.couponId, (bought.get(p.couponId) ?? 0) + 1);
  return coupons.map((coupon) => {
    const mine = bought.get(coupon.id) ?? 0;
    return {
      coupon,
      bought: mine,
      availability: couponAvailability(
        coupon.attributes,
        { total: coupon.attributes.purchasedCouponsCount ?? 0, byViewer: mine },
        now,
      ),
    };
  });
}

/** The refusal codes of a purchase (409) as availability reasons. */
export const REFUSAL_REASONS: Record<string, CouponUnavailable> = {
  'conflict.coupon_sold_out': 'soldOut',
  'conflict.coupon_individual_limit': 'individualLimit',
  'conflict.coupon_expired': 'expired',
};

/** Seed 000 §9: the currency is configured (infra/src/config.ts CURRENCY, default EUR); the web has no setting yet. */
export const COUPON_CURRENCY = 'EUR';
