import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../../accounts/profile/testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consent, pageAnswer } from '../../../frame/testing/cms-testing.tsx';

const page = pageAnswer('/offers', 'Offers', [{ name: 'coupons', props: { title: 'Our coupons' } }]);

const coupons = (request: FakeRequest) => {
  if (request.url.pathname === '/api/v1/coupons') {
    return fakeJson(200, {
      data: [
        {
          type: 'coupons',
          id: 'c1',
          attributes: {
            name: 'Workshop seat',
            description: null,
            amount: 1500,
            purchaseLimitCount: null,
            purchaseIndividualLimitCount: null,
            purchaseLimitAt: null,
            purchasedCouponsCount: 0,
          },
        },
      ],
      meta: { total: 1 },
    });
  }
  if (request.url.pathname === '/api/v1/purchased-coupons')
    return fakeJson(200, { data: [], meta: { total: 0 } });
  return undefined;
};

describe('the coupons CMS component', () => {
  it('offers a visitor a sign-in link that comes back to the page', async () => {
    consent();
    renderApp('/offers', { routes: { '/offers': page } });
    const section = (
      await screen.findByRole('heading', { name: 'Our coupons' }, { timeout: 25_000 })
    ).closest('section')!;
    const link = await within(section).findByRole('link', { name: 'Sign in to buy coupons' });
    expect(link.getAttribute('href')).toBe('/auth/sign-in?redirectUrl=%2Foffers');
  });

  it('lists the coupons with Buy buttons for a signed-in member', async () => {
    consent();
    renderApp('/offers', { routes: { '/offers': page }, me: meDocument(), handlers: [coupons] });
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Workshop seat' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Workshop seat' })).toBeTruthy();
  });
});
