import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const coupon = (id: string, name: string, attributes: Record<string, unknown> = {}) => ({
  type: 'coupons',
  id,
  attributes: {
    name,
    description: null,
    amount: 1500,
    purchaseLimitCount: null,
    purchaseIndividualLimitCount: null,
    purchaseLimitAt: null,
    purchasedCouponsCount: 0,
    firstPurchaseAt: null,
    ...attributes,
  },
});

const purchase = (id: string, couponId: string, usedAt: string | null = null) => ({
  type: 'purchased-coupons',
  id,
  attributes: { amount: 1500, usedAt, createdAt: '2026-02-01T10:00:00.000Z' },
  relationships: { coupon: { data: { type: 'coupons', id: couponId } } },
});

/** GET /coupons, GET /purchased-coupons and POST /coupons/{id}/purchase, with what each read asked for. */
function couponServer(purchaseAnswer: () => Response) {
  const state = {
    coupons: [
      coupon('c1', 'Workshop seat', { purchaseIndividualLimitCount: 1, description: 'One seat.' }),
      coupon('c2', 'Print credit', { purchaseLimitCount: 3, purchasedCouponsCount: 3, amount: 250 }),
    ],
    purchases: [purchase('p0', 'c2', '2026-02-03T09:00:00.000Z')],
    reads: [] as Array<string | null>,
    posts: [] as FakeRequest[],
  };
  const included = () =>
    state.coupons.map((c) => ({
      type: 'coupons',
      id: c.id,
      attributes: { name: c.attributes.name, amount: c.attributes.amount },
    }));
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/api/v1/coupons') {
      state.reads.push(request.url.searchParams.get('minPosition'));
      return fakeJson(200, {
        data: state.coupons,
        meta: { total: state.coupons.length },
        links: { next: null },
      });
    }
    if (request.method === 'GET' && path === '/api/v1/purchased-coupons') {
      return fakeJson(200, {
        data: state.purchases,
        included: included(),
        meta: { total: state.purchases.length },
        links: { next: null },
      });
    }
    if (request.method === 'POST' && path === '/api/v1/coupons/c1/purchase') {
      state.posts.push(request);
      return purchaseAnswer();
    }
    return undefined;
  };
  return { state, handler };
}

async function openCoupons(purchaseAnswer: () => Response) {
  decided();
  const server = couponServer(purchaseAnswer);
  const view = renderApp('/account/coupons', { me: meDocument(), handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1, name: 'Coupons' }, { timeout: 25_000 });
  await screen.findByRole('heading', { level: 3, name: 'Workshop seat' });
  return { ...view, server };
}

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('the coupons screen', () => {
  it('sends an anonymous visitor to sign-in', async () => {
    decided();
    const { location } = renderApp('/account/coupons');
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fcoupons'),
    );
  });

  it('lists the coupons with amounts, limits and what the member may do, and the purchases', async () => {
    await openCoupons(() => fakeJson(500, {}));
    const seat = within(card('Workshop seat'));
    expect(seat.getByText('€15.00')).toBeTruthy();
    expect(seat.getByText('Up to 1 per member (you bought 0)')).toBeTruthy();
    expect(seat.getByText('You can buy this coupon')).toBeTruthy();
    expect(seat.getByRole('button', { name: 'Buy Workshop seat' })).toBeTruthy();
    const credit = within(card('Print credit'));
    expect(credit.getByText('€2.50')).toBeTruthy();
    expect(credit.getByText('0 of 3 left')).toBeTruthy();
    expect(credit.getByText('Sold out')).toBeTruthy();
    expect(credit.queryByRole('button')).toBeNull();
    const purchases = screen.getByRole('region', { name: 'My purchases' });
    expect(within(purchases).getByText('Print credit')).toBeTruthy();
    expect(within(purchases).getByText(/^Used on /)).toBeTruthy();
  });

  it('buys after confirmation with an idempotency key, then reads the lists at the purchase position', async () => {
    const user = userEvent.setup();
    const { server } = await openCoupons(() =>
      fakeJson(201, { data: { type: 'purchased-coupons', id: 'p1' }, meta: { position: '42' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Buy Workshop seat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy this coupon?' });
    expect(within(dialog).getByText('You are buying Workshop seat for €15.00.')).toBeTruthy();
    server.state.purchases = [purchase('p1', 'c1'), ...server.state.purchases];
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the purchase' }));

    expect(await screen.findByText('You bought Workshop seat. It is listed in your purchases.')).toBeTruthy();
    await waitFor(() => expect(server.state.reads).toContain('42'));
    expect(server.state.posts).toHaveLength(1);
    expect(server.state.posts[0]!.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
    const seat = within(card('Workshop seat'));
    await waitFor(() => expect(seat.getByText('You have bought as many as one member may')).toBeTruthy());
    expect(seat.queryByRole('button', { name: 'Buy Workshop seat' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'My purchases' })).getByText('Workshop seat'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refusal as a translated message and reads the lists again', async () => {
    const user = userEvent.setup();
    const { server } = await openCoupons(() =>
      fakeJson(409, { errors: [{ status: '409', code: 'conflict.coupon_sold_out', detail: 'sold out' }] }),
    );
    await user.click(screen.getByRole('button', { name: 'Buy Workshop seat' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm the purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'The purchase did not go through' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Workshop seat is sold out: nobody can buy it any more.',
    );
    await waitFor(() => expect(server.state.reads.length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
