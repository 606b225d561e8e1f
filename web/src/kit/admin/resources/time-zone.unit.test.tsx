import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { commandAnswer, consentDecided, FIRST_RENDER, meDocument, route } from '../admin-testing.ts';

const ID = '0b6c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a11';
const coupon = {
  type: 'coupons',
  id: ID,
  attributes: {
    name: 'Spring',
    description: null,
    amount: 500,
    purchaseLimitCount: null,
    purchaseIndividualLimitCount: null,
    // 08:30 in London, 04:30 in New York, 17:30 in Tokyo
    purchaseLimitAt: '2026-05-01T08:30:00.000Z',
    purchasedCouponsCount: 0,
    firstPurchaseAt: null,
    createdAt: '2026-04-01T10:00:00.000Z',
    updatedAt: '2026-04-01T10:00:00.000Z',
    deletedAt: null,
  },
  relationships: {},
  meta: { version: '2' },
};

function open(path: string, timezone: string) {
  consentDecided();
  const writes: FakeRequest[] = [];
  renderApp(path, {
    me: meDocument({ roles: ['admin'], timezone }),
    handlers: [
      route('GET', `/api/v1/coupons/${ID}`, () => fakeJson(200, { data: coupon })),
      route(
        'PATCH',
        `/api/v1/coupons/${ID}`,
        () => fakeJson(200, commandAnswer('coupons', ID, '90')),
        writes,
      ),
    ],
  });
  return { writes };
}

/** The test process runs in UTC: a member whose profile names another zone reads and writes times in theirs. */
describe('times in the member’s own time zone', () => {
  it('shows a record’s date and time in the zone of the member’s profile', async () => {
    open(`/admin/resources/coupons/show/${ID}`, 'Asia/Tokyo');
    await screen.findByRole('heading', { level: 1, name: /Spring/ }, FIRST_RENDER);
    await waitFor(() => expect(screen.getByText(/May 1, 2026.*5:30\sPM/)).toBeTruthy());
  });

  it('edits a date and time as the member’s wall clock, says which zone, and sends the instant it names', async () => {
    const { writes } = open(`/admin/resources/coupons/update/${ID}`, 'America/New_York');
    const field = await screen.findByLabelText(/^Purchases end on/, {}, FIRST_RENDER);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('2026-05-01T04:30'));
    expect(screen.getByText(/Date and time in your time zone, America\/New_York/)).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '2026-05-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      data: { type: 'coupons', id: ID, attributes: { purchaseLimitAt: '2026-05-01T13:00:00.000Z' } },
    });
  });

  it('edits as the device’s clock when the profile names the device’s zone', async () => {
    open(`/admin/resources/coupons/update/${ID}`, 'UTC');
    const field = await screen.findByLabelText(/^Purchases end on/, {}, FIRST_RENDER);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('2026-05-01T08:30'));
    expect(screen.getByText(/Date and time in your time zone, UTC/)).toBeTruthy();
  });
});
