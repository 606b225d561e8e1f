import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoadedAt } from '../../kit/loading/use-loaded.ts';
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
  const { state, reloadAndWait } = useLoadedAt(
    async ({ signal, minPosition }) => {
      const [coupons, purchases] = await Promise.all([
        readCoupons(api, minPosition, signal),
        readPurchases(api, minPosition, signal),
      ]);
      return { coupons, purchases, readAt: new Date() };
    },
    [api],
    { keep: true },
  );
  // network and unexpected failures also raise the shell's dialog; the screen offers to try again
  const data: CouponData =
    state.status === 'ready' ? { status: 'ready', ...state.value } : { status: state.status };
  const offers = useMemo(
    () =>
      state.status === 'ready'
        ? couponOffers(state.value.coupons, state.value.purchases, state.value.readAt)
        : [],
    [state],
  );
  return { data, offers, reload: reloadAndWait };
}

/** Amounts are in cents: 1500 → "€15.00" in the reader's language. */
export function useFormatAmount() {
  const intl = useIntl();
  return useCallback(
    (cents: number) => intl.formatNumber(cents / 100, { style: 'currency', currency: COUPON_CURRENCY }),
    [intl],
  );
}
