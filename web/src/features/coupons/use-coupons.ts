import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../kit/api/api-context.tsx';
import {
  couponOffers,
  COUPON_CURRENCY,
  readCoupons,
  readPurchases,
  type Coupon,
  type Purchase,
} from './coupons-api.ts';

export type CouponData =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; coupons: Coupon[]; purchases: Purchase[]; readAt: Date };

/**
 * The coupons on offer and the member's purchases, read together (the availability of each coupon for the
 * member needs both); `reload(position)` reads them again at least at a command's position.
 */
export function useCouponData() {
  const api = useApi();
  const [data, setData] = useState<CouponData>({ status: 'loading' });

  const load = useCallback(
    async (minPosition?: string, signal?: AbortSignal) => {
      try {
        const [coupons, purchases] = await Promise.all([
          readCoupons(api, minPosition, signal),
          readPurchases(api, minPosition, signal),
        ]);
        if (!signal?.aborted) setData({ status: 'ready', coupons, purchases, readAt: new Date() });
      } catch {
        // network and unexpected failures also raise the shell's dialog; the screen offers to try again
        if (!signal?.aborted) setData({ status: 'failed' });
      }
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  const offers = useMemo(
    () => (data.status === 'ready' ? couponOffers(data.coupons, data.purchases, data.readAt) : []),
    [data],
  );
  return { data, offers, reload: load };
}

/** Amounts are in cents: 1500 → "€15.00" in the reader's language. */
export function useFormatAmount() {
  const intl = useIntl();
  return useCallback(
    (cents: number) => intl.formatNumber(cents / 100, { style: 'currency', currency: COUPON_CURRENCY }),
    [intl],
  );
}
