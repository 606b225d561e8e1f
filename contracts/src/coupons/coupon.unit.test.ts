import { describe, expect, it } from 'vitest';
import { couponAvailability } from './coupon.ts';

const now = new Date('2026-11-25T12:00:00Z');
const open = { purchaseLimitCount: null, purchaseIndividualLimitCount: null, purchaseLimitAt: null };

describe('coupon availability (seed 001 §4)', () => {
  it('is available without limits', () => {
    expect(couponAvailability(open, { total: 1000, byViewer: 50 }, now)).toEqual({ available: true });
  });

  it('ends at the purchase limit date', () => {
    const dated = { ...open, purchaseLimitAt: '2026-11-25T12:00:00Z' };
    expect(couponAvailability(dated, { total: 0, byViewer: 0 }, now)).toEqual({
      available: false,
      reason: 'expired',
    });
    expect(couponAvailability(dated, { total: 0, byViewer: 0 }, new Date('2026-11-25T11:59:59Z'))).toEqual({
      available: true,
    });
  });

  it('is sold out once purchaseLimitCount coupons were bought', () => {
    const limited = { ...open, purchaseLimitCount: 10 };
    expect(couponAvailability(limited, { total: 9, byViewer: null }, now)).toEqual({ available: true });
    expect(couponAvailability(limited, { total: 10, byViewer: null }, now)).toEqual({
      available: false,
      reason: 'soldOut',
    });
  });

  it('stops a member at purchaseIndividualLimitCount, and says nothing of it for no one in particular', () => {
    const individual = { ...open, purchaseIndividualLimitCount: 2 };
    expect(couponAvailability(individual, { total: 5, byViewer: 1 }, now)).toEqual({ available: true });
    expect(couponAvailability(individual, { total: 5, byViewer: 2 }, now)).toEqual({
      available: false,
      reason: 'individualLimit',
    });
    expect(couponAvailability(individual, { total: 5, byViewer: null }, now)).toEqual({ available: true });
  });
});
