import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { rentalServer, storeCheckout, WALKER, WHEELCHAIR } from './testing.ts';

const storedCart = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.rentalCart)!);

async function openCart(models: Record<string, number>) {
  storeCheckout(models);
  const server = rentalServer();
  const view = renderApp('/services/rentals/cart', { handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1, name: 'Rental cart' }, { timeout: 25_000 });
  return { ...view, server };
}

describe('the rental cart step', () => {
  it('shows the step indicator, each model with its price, and changes a quantity by keyboard', async () => {
    const user = userEvent.setup();
    await openCart({ [WHEELCHAIR]: 2 });
    const steps = screen.getByRole('navigation', { name: 'Rental steps' });
    expect(within(steps).getByText('Rental cart').closest('li')!.getAttribute('aria-current')).toBe('step');
    await screen.findByRole('heading', { level: 2, name: 'Folding wheelchair' });
    expect(screen.getByText('€2.50 per item and per day, excl. tax')).toBeTruthy();

    const quantity = screen.getByRole('textbox', { name: 'Quantity of Folding wheelchair' });
    expect((quantity as HTMLInputElement).value).toBe('2');
    await user.click(quantity);
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(storedCart().models).toEqual({ [WHEELCHAIR]: 3 }));
  });

  it('over the limit of items: the reason is announced and shown, and the cart stays', async () => {
    const user = userEvent.setup();
    const { location } = await openCart({ [WHEELCHAIR]: 3, [WALKER]: 2 });
    await screen.findByRole('heading', { level: 2, name: 'Rollator walker' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const reason = 'At most 4 items can be rented at once.';
    // told at once to screen readers, and shown below the lines
    const told = await screen.findByText(`To fix: ${reason}`);
    expect(told.getAttribute('role')).toBe('alert');
    expect(screen.getByText(reason)).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/services/rentals/cart');

    // keyboard only: remove the walker, then go on
    screen.getByRole('button', { name: 'Remove Rollator walker' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(storedCart().models).toEqual({ [WHEELCHAIR]: 3 }));
    screen.getByRole('button', { name: 'Continue' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/services/rentals/period'));
    await screen.findByRole('heading', { level: 1, name: 'Rental period' });
  });

  it('an empty cart says so and does not go on', async () => {
    const user = userEvent.setup();
    await openCart({});
    expect(screen.getByText('Your rental cart is empty.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The cart is empty: add a model from the catalogue.')).toBeTruthy();
  });
});

describe('a checkout confirmed earlier', () => {
  it('starts a new checkout at the cart when a step is shown again', async () => {
    storeCheckout(
      { [WALKER]: 1 },
      {
        step: 'confirmed',
        period: { startAt: '', endAt: '' },
        addresses: { billingAddress: '', shippingAddress: '', phone: '' },
        bookingId: null,
        booking: null,
        commandId: 'c-1',
      },
    );
    const server = rentalServer();
    const { location } = renderApp('/services/rentals/period', { handlers: [server.handler] });
    await screen.findByRole('heading', { level: 2, name: 'Rollator walker' }, { timeout: 25_000 });
    expect(location.history?.at(-1)).toBe('/services/rentals/cart');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.rentalBooking)!)).toMatchObject({
      step: 'cart',
      commandId: null,
    });
  });
});
