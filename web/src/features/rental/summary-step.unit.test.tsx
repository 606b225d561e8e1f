import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { daysFromToday, rentalServer, storeCheckout, WHEELCHAIR } from './testing.ts';

const atSummary = () => ({
  step: 'summary',
  period: { startAt: daysFromToday(5), endAt: daysFromToday(9) },
  addresses: { billingAddress: '1 rue de la Paix', shippingAddress: '', phone: '0102030405' },
  bookingId: null,
  booking: null,
  commandId: null,
});

const booked = (request: FakeRequest) => {
  const body = request.body as { data: { id: string } };
  return fakeJson(201, {
    data: {
      type: 'rental-bookings',
      id: body.data.id,
      attributes: { expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() },
    },
  });
};

function openSummary(options: Parameters<typeof rentalServer>[0], me = meDocument()) {
  storeCheckout({ [WHEELCHAIR]: 2 }, atSummary(), 'pick_up');
  const server = rentalServer(options);
  const view = renderApp('/services/rentals/summary', { me, handlers: [server.handler] });
  return { ...view, server };
}

describe('the rental summary step', () => {
  it('holds the items, shows the amounts in euros, and confirming by keyboard opens the command', async () => {
    const user = userEvent.setup();
    const { server, location } = openSummary({
      book: booked,
      command: () => fakeJson(201, { data: { type: 'rental-commands', id: 'c-9' } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Summary' }, { timeout: 25_000 });
    expect(await screen.findByText(/^The items are held for you until/)).toBeTruthy();
    const amounts = screen.getByRole('table', { name: 'Amounts' });
    // 2 items × €2.50 × 4 days, then 20 % tax
    expect(within(amounts).getByRole('row', { name: '2 × Folding wheelchair €20.00' })).toBeTruthy();
    expect(within(amounts).getByRole('row', { name: 'Tax (20 %) €4.00' })).toBeTruthy();
    expect(within(amounts).getByRole('row', { name: 'Total €24.00' })).toBeTruthy();

    screen.getByRole('button', { name: 'Confirm the rental' }).focus();
    await user.keyboard('{Enter}');
    // the checkout is confirmed with its command and the cart emptied; the command's page is the commands
    // feature's (not among this build's routes yet, so the address it opens is replaced by not-found)
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.rentalBooking)!)).toMatchObject({
        step: 'confirmed',
        commandId: 'c-9',
      }),
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.rentalCart)!).models).toEqual({});
    await waitFor(() => expect(location.history?.at(-1)).not.toBe('/services/rentals/summary'));
    const command = server.sent.find((r) => r.url.pathname.endsWith('/commands'))!;
    const booking = server.sent.find((r) => r.url.pathname.endsWith('/bookings'))!;
    expect(command.body).toEqual({
      data: {
        type: 'rental-commands',
        attributes: { bookingId: (booking.body as { data: { id: string } }).data.id },
      },
    });
  });

  it('leaves the tax out for a member whose profile says no VAT, as the placed command will', async () => {
    openSummary({ book: booked }, meDocument({}, { rentalInvoicingStrategyId: 'no_vat' }));
    const amounts = await screen.findByRole('table', { name: 'Amounts' }, { timeout: 25_000 });
    expect(await within(amounts).findByRole('row', { name: '2 × Folding wheelchair €20.00' })).toBeTruthy();
    expect(within(amounts).queryByRole('row', { name: /^Tax/ })).toBeNull();
    expect(within(amounts).getByRole('row', { name: 'No tax (your invoicing) €0.00' })).toBeTruthy();
    expect(within(amounts).getByRole('row', { name: 'Total €20.00' })).toBeTruthy();
  });

  it('shows a failed hold once, with its retry button', async () => {
    const detail = 'The rental desk is closing the season: try again in a minute';
    openSummary({
      book: () => fakeJson(409, { errors: [{ status: '409', code: 'conflict.rental_season', detail }] }),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 25_000 });
    // once on the summary, beside its retry button (the step's own notice leaves it to the summary)
    expect(screen.getAllByText(detail)).toHaveLength(1);
    expect(retry.closest('[role="alert"]')?.textContent).toContain(detail);
  });

  it('a refusal of the start date goes back to the period, the server’s word on the start date', async () => {
    const { location } = openSummary({
      book: () =>
        fakeJson(422, {
          errors: [
            {
              status: '422',
              code: 'validation.invalid',
              detail: 'must start after the last inventory day',
              source: { pointer: '/data/attributes/startAt' },
            },
          ],
        }),
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/services/rentals/period'), {
      timeout: 25_000,
    });
    const message = await screen.findByText('must start after the last inventory day', {
      selector: '[slot="errorMessage"]',
    });
    expect(message.closest('[data-invalid]')).toBeTruthy();
  });

  it('Back gives the hold back (DELETE) and shows the addresses', async () => {
    const user = userEvent.setup();
    const { server, location } = openSummary({ book: booked });
    await screen.findByText(/^The items are held for you until/, undefined, { timeout: 25_000 });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/services/rentals/addresses'));
    await waitFor(() => expect(server.sent.some((r) => r.method === 'DELETE')).toBe(true));
  });
});
