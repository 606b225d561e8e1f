import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { daysFromToday, rentalServer, storeCheckout, WHEELCHAIR } from './testing.ts';

const atAddresses = () => ({
  step: 'addresses',
  period: { startAt: daysFromToday(5), endAt: daysFromToday(9) },
  addresses: { billingAddress: '', shippingAddress: '', phone: '' },
  bookingId: null,
  booking: null,
  commandId: null,
});

describe('the rental addresses step', () => {
  it('sends an anonymous visitor to sign in, coming back to this step', async () => {
    storeCheckout({ [WHEELCHAIR]: 1 }, atAddresses());
    const server = rentalServer();
    const { location } = renderApp('/services/rentals/addresses', { handlers: [server.handler] });
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toMatch(
          /^\/auth\/sign-in\?.*redirectUrl=%2Fservices%2Frentals%2Faddresses/,
        ),
      { timeout: 25_000 },
    );
  });

  it('keyboard: the strategy by arrows, a shipping address is then asked for and said to be missing', async () => {
    const user = userEvent.setup();
    storeCheckout({ [WHEELCHAIR]: 1 }, atAddresses());
    const server = rentalServer();
    renderApp('/services/rentals/addresses', { me: meDocument(), handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'Addresses' }, { timeout: 25_000 });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/^To fix:/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Billing address/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    screen.getByRole('radio', { name: 'I pick the items up' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect((screen.getByRole('radio', { name: 'Ship to my address' }) as HTMLInputElement).checked).toBe(
      true,
    );
    const shipping = await screen.findByRole('textbox', { name: /Shipping address/ });
    await user.type(screen.getByRole('textbox', { name: /Billing address/ }), '1 rue de la Paix');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '0102030405');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shipping.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This is required.')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.rentalCart)!).strategy).toBe('ship_to_address');
    expect(server.sent.filter((r) => r.url.pathname.endsWith('/bookings'))).toEqual([]);
  });
});
