import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { catalogueServer, daysFromToday, storeCheckout, WALKER, WHEELCHAIR } from './testing.ts';

const page = pageAnswer('/rental', 'Equipment rental', [{ name: 'rental-models', props: { title: '' } }]);
const storedCart = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.rentalCart)!);

function openCatalogue(path = '/rental', free?: Record<string, number>, hidden?: string[]) {
  const server = catalogueServer({ free, hidden });
  const view = renderApp(path, { routes: { '/rental': page }, handlers: [server.handler] });
  return { ...view, server };
}

describe('the rental models CMS component', () => {
  it('lists the models as cards; by keyboard a quantity is chosen and added, and the top bar counts it', async () => {
    const user = userEvent.setup();
    storeCheckout({});
    openCatalogue();
    const list = await screen.findByRole('list', { name: 'Rental models' }, { timeout: 25_000 });
    const card = within(list).getByRole('heading', { level: 2, name: 'Folding wheelchair' }).closest('li')!;
    expect(within(card).getByText('Light, folds into a car boot.')).toBeTruthy();
    expect(within(card).getByText('€2.50 per item and per day, excl. tax')).toBeTruthy();
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/api/v1/services/files/f1/preview.jpg');
    expect(within(card).getByRole('link', { name: 'Folding wheelchair' }).getAttribute('href')).toBe(
      '/rental/folding-wheelchair',
    );
    const topBar = await screen.findByRole('link', { name: 'Rental cart, empty' });

    // keyboard only: into the quantity, one more, on to the button, Enter
    const quantity = within(card).getByRole('textbox', { name: 'Quantity of Folding wheelchair' });
    quantity.focus();
    await user.keyboard('{ArrowUp}');
    expect((quantity as HTMLInputElement).value).toBe('2');
    const add = within(card).getByRole('button', { name: 'Add to cart, Folding wheelchair' });
    while (document.activeElement !== add) await user.tab();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(storedCart().models).toEqual({ [WHEELCHAIR]: 2 }));
    expect(topBar.getAttribute('aria-label')).toBe('Rental cart, 2 items');
    expect(topBar.getAttribute('href')).toBe('/services/rentals/cart');
    expect(await screen.findByText('Folding wheelchair: 2 items added to the rental cart.')).toBeTruthy();

    // adding again adds to what the cart holds
    screen.getByRole('button', { name: 'Add to cart, Rollator walker' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(storedCart().models).toEqual({ [WHEELCHAIR]: 2, [WALKER]: 1 }));
    expect(screen.getByRole('link', { name: 'Rental cart, 3 items' })).toBe(topBar);
  });

  it('filters the cards by category', async () => {
    const user = userEvent.setup();
    storeCheckout({});
    openCatalogue();
    const list = await screen.findByRole('list', { name: 'Rental models' }, { timeout: 25_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Walking aids' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('heading', { name: 'Rollator walker' })).toBeTruthy();
  });

  it('shows one model at {path}/{slug}, with its availability over the checkout’s period, and adds it', async () => {
    const user = userEvent.setup();
    const period = { startAt: daysFromToday(5), endAt: daysFromToday(9) };
    storeCheckout(
      {},
      {
        step: 'period',
        period,
        addresses: { billingAddress: '', shippingAddress: '', phone: '' },
        bookingId: null,
        booking: null,
        commandId: null,
      },
    );
    const { server } = openCatalogue('/rental/folding-wheelchair', { [WHEELCHAIR]: 3 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Folding wheelchair' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Category: Wheelchairs')).toBeTruthy();
    expect(screen.getByText(/^Seat width 45 cm\./)).toBeTruthy();
    expect(await screen.findByText(/^Over your rental period, from .* to .*: 3 are free\.$/)).toBeTruthy();
    const asked = server.sent.at(-1)!.url.searchParams;
    expect([asked.get('startAt'), asked.get('endAt'), asked.get('models')]).toEqual([
      period.startAt,
      period.endAt,
      WHEELCHAIR,
    ]);
    expect(screen.getByRole('link', { name: 'Back to the rental models' }).getAttribute('href')).toBe(
      '/rental',
    );
    await waitFor(() => expect(document.title).toMatch(/^Folding wheelchair \|/));

    screen.getByRole('button', { name: 'Add to cart, Folding wheelchair' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(storedCart().models).toEqual({ [WHEELCHAIR]: 1 }));
  });

  it('a slug no model has is said so, with the way back', async () => {
    storeCheckout({});
    openCatalogue('/rental/no-such-model');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This model is not offered for rent.' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
  });

  it('a model that exists but is hidden from this reader opens the unauthorized screen, which leads back here', async () => {
    storeCheckout({});
    const { location } = openCatalogue('/rental/members-only-hoist', undefined, ['members-only-hoist']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access denied' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(location.history?.at(-1)).toBe(
      `/errors/unauthorized?redirectUrl=${encodeURIComponent('/rental/members-only-hoist')}`,
    );
    expect(screen.queryByRole('heading', { name: 'This model is not offered for rent.' })).toBeNull();
  });
});
