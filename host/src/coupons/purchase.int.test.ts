import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app.close();
});

async function member(email: string): Promise<Browser> {
  await createUser(app, { email });
  const browser = app.browser();
  const login = await signIn(browser, email, 'correct horse battery');
  expect(login.status).toBe(200);
  return browser;
}

async function coupon(attributes: Record<string, unknown>) {
  const created = await app.admin('POST', '/coupons', {
    data: { type: 'coupons', attributes: { name: 'Workshop seat', amount: 1500, ...attributes } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

describe('coupon purchase', () => {
  it('stores exactly 10 of 50 concurrent purchases of a coupon limited to 10, and refuses 40', async () => {
    const id = await coupon({ purchaseLimitCount: 10 });
    const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => member(`buyer${i}@example.test`)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buyers[i % 5]!.call('POST', `/api/v1/coupons/${id}/purchase`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.errors[0].code).toBe('conflict.coupon_sold_out');

    const head = answers.map((a) => BigInt(a.body.meta?.position ?? 0)).reduce((a, b) => (a > b ? a : b));
    const read = await app.admin('GET', `/coupons/${id}?minPosition=${head}`);
    expect(read.body.data.attributes.purchasedCouponsCount).toBe(10);
    expect(read.body.data.attributes.firstPurchaseAt).not.toBeNull();
    const all = await app.admin('GET', `/purchased-coupons?filter[coupon]=${id}&minPosition=${head}`);
    expect(all.body.meta.total).toBe(10);
  });

  it('stops a member at the individual limit and after the limit date, with a clear 409', async () => {
    const buyer = await member('limited@example.test');
    const id = await coupon({ purchaseIndividualLimitCount: 1 });
    const first = await buyer.call('POST', `/api/v1/coupons/${id}/purchase`);
    expect(first.status).toBe(201);
    const second = await buyer.call('POST', `/api/v1/coupons/${id}/purchase`);
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ code: 'conflict.coupon_individual_limit' });

    const mine = await buyer.call(
      'GET',
      `/api/v1/purchased-coupons?include=coupon&minPosition=${first.body.meta.position}`,
    );
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ type: 'purchased-coupons', id: first.body.data.id });
    expect(mine.body.included[0].attributes.name).toBe('Workshop seat');

    const ended = await coupon({ purchaseLimitAt: '2020-01-01T00:00:00Z' });
    const late = await buyer.call('POST', `/api/v1/coupons/${ended}/purchase`);
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('conflict.coupon_expired');
  });

  it('answers 401 to a visitor, 404 to an unknown coupon, and one purchase to a retried request', async () => {
    const id = await coupon({});
    const anonymous = await fetch(app.url(`/api/v1/coupons/${id}/purchase`), {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(anonymous.status).toBe(401);
    const buyer = await member('retry@example.test');
    expect((await buyer.call('POST', '/api/v1/coupons/not-a-coupon/purchase')).status).toBe(404);
    expect(
      (await buyer.call('POST', '/api/v1/coupons/0a000000-0000-4000-8000-0000000000aa/purchase')).status,
    ).toBe(404);
    const headers = { 'Idempotency-Key': 'buy-once' };
    const one = await buyer.call('POST', `/api/v1/coupons/${id}/purchase`, { headers });
    const again = await buyer.call('POST', `/api/v1/coupons/${id}/purchase`, { headers });
    expect(again.body.data.id).toBe(one.body.data.id);
    const list = await buyer.call(
      'GET',
      `/api/v1/purchased-coupons?filter[coupon]=${id}&minPosition=${again.body.meta.position}`,
    );
    expect(list.body.meta.total).toBe(1);
  });
});
