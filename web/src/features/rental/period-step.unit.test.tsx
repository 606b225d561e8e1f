import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { daysFromToday, rentalServer, storeCheckout, WHEELCHAIR } from './testing.ts';

const atPeriod = (startAt: string, endAt: string) => ({
  step: 'period',
  period: { startAt, endAt },
  addresses: { billingAddress: '', shippingAddress: '', phone: '' },
  bookingId: null,
  booking: null,
  commandId: null,
});

async function openPeriod(startAt: string, endAt: string, free?: Record<string, number>) {
  storeCheckout({ [WHEELCHAIR]: 2 }, atPeriod(startAt, endAt));
  const server = rentalServer({ free });
  const view = renderApp('/services/rentals/period', { handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1, name: 'Rental period' }, { timeout: 25_000 });
  return { ...view, server };
}

describe('the rental period step', () => {
  it('a period too short: the reason on the end date, announced', async () => {
    const user = userEvent.setup();
    await openPeriod(daysFromToday(5), daysFromToday(6));
    const end = screen.getByRole('group', { name: 'End date' });
    expect(end).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const reason = 'The period must last at least 3 days.';
    expect(await screen.findByText(`To fix: ${reason}`)).toBeTruthy();
    // the message is the end date's own (its error slot, read with the field)
    const message = screen.getByText(reason, { selector: '[slot="errorMessage"]' });
    expect(message.closest('[data-invalid]')).toBeTruthy();
  });

  it('reads the availability of each model over a valid period; too few free is said on its line', async () => {
    const user = userEvent.setup();
    const { server, location } = await openPeriod(daysFromToday(5), daysFromToday(9), { [WHEELCHAIR]: 1 });
    const lines = screen.getByRole('list', { name: 'Availability over the period' });
    await within(lines).findByText('1 free of 4');
    expect(server.sent[0]!.url.searchParams.get('models')).toBe(WHEELCHAIR);

    // keyboard: Tab from Back to Continue, Enter
    screen.getByRole('button', { name: 'Back' }).focus();
    await user.keyboard('{Tab}{Enter}');
    expect(await within(lines).findByText('Only 1 is free over this period.')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/services/rentals/period');
  });

  it('Back goes to the cart', async () => {
    const user = userEvent.setup();
    const { location } = await openPeriod(daysFromToday(5), daysFromToday(9));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/services/rentals/cart'));
  });
});
