import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { RENTAL_BOOKING_STORAGE_KEY } from '@platform/contracts/rental/cart';
import { addDays, calendarDateIn } from '@platform/contracts/rental/period';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';

const HEADERS = { Accept: 'application/vnd.api+json', 'X-Requested-With': 'XMLHttpRequest' };
/** the smallest document a PDF reader opens */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** Types a date into a react-aria date field by its segments, from the keyboard (month, day, year in en-US). */
async function typeDate(page: Page, label: string, isoDay: string) {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().focus();
  const [year, month, day] = isoDay.split('-');
  await page.keyboard.type(`${month}${day}${year}`);
}

describe('rental: a member from the rental models page to a confirmed command', () => {
  test(
    'adds a model from the catalogue, chooses a period, addresses, holds the items and confirms; a reload resumes the step',
    { timeout: 240_000 },
    async () => {
      const { page } = await openPage();
      await signIn(page, 'member2@demo.example');

      await page.goto('/rental');
      const list = page.getByRole('list', { name: 'Rental models' });
      await list.getByRole('button', { name: 'Add to cart, Portable ramp' }).waitFor();
      await checkA11yInBothThemes(page, 'catalogue', 'rental-catalogue');
      // the keyboard: to the ramp's quantity, one more, then its button
      await page.getByRole('textbox', { name: 'Quantity of Portable ramp' }).focus();
      await page.keyboard.press('ArrowUp');
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Quantity of Portable ramp' }).inputValue())
        .toBe('2');
      await list.getByRole('button', { name: 'Add to cart, Portable ramp' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Portable ramp: 2 items added to the rental cart.').first().waitFor();
      const cart = page.getByRole('link', { name: 'Rental cart, 2 items' });
      await cart.waitFor();
      await cart.focus();
      await page.keyboard.press('Enter');

      // the cart
      await page.waitForURL('**/services/rentals/cart');
      await page.getByRole('heading', { level: 1, name: 'Rental cart' }).waitFor();
      await checkA11yInBothThemes(page, 'cart', 'rental-cart');
      await page.getByRole('button', { name: 'Continue' }).focus();
      await page.keyboard.press('Enter');

      // the period: ten days from a week ahead
      await page.getByRole('heading', { level: 1, name: 'Rental period' }).waitFor();
      const startAt = addDays(calendarDateIn(new Date()), 7);
      const endAt = addDays(startAt, 10);
      await typeDate(page, 'Start date', startAt);
      await typeDate(page, 'End date', endAt);
      await page
        .getByText(/free of/)
        .first()
        .waitFor();
      await checkA11yInBothThemes(page, 'period', 'rental-period');
      // a reload in the middle of the checkout resumes at the same step, with what was chosen
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Rental period' }).waitFor();
      await page
        .getByText(/free of/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Continue' }).focus();
      await page.keyboard.press('Enter');

      // the addresses
      await page.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
      await page.getByRole('radio', { name: 'I pick the items up' }).focus();
      await page.keyboard.press('Space');
      await page.getByLabel('Billing address').focus();
      await page.keyboard.type('12 rue des Acacias, 44000 Nantes');
      await page.getByLabel('Phone').focus();
      await page.keyboard.type('+33 2 40 12 34 56');
      await checkA11yInBothThemes(page, 'addresses', 'rental-addresses');
      await page.getByRole('button', { name: 'Continue' }).focus();
      await page.keyboard.press('Enter');

      // the summary holds the items until its expiry, then the member confirms
      await page.getByRole('heading', { level: 1, name: 'Summary' }).waitFor();
      await page.getByText(/held for you until/).waitFor();
      await expect.poll(() => page.getByText('2 × Portable ramp').count()).toBeGreaterThan(0);
      await checkA11yInBothThemes(page, 'summary', 'rental-summary');
      await page.getByRole('button', { name: 'Confirm the rental' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/services/rentals/commands/**');
      const commandId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByText('Coming').filter({ visible: true }).first().waitFor();
      await checkA11yInBothThemes(page, 'command-member', 'rental-command-member');

      // the rental desk takes the command through every step to its closure, by keyboard, and reads its history
      const desk = (await openPage()).page;
      await signIn(desk, 'admin@demo.example');
      await desk.goto(`/admin/rental/commands/${commandId}`);
      await desk.getByRole('heading', { level: 1, name: /Rental command/ }).waitFor();
      await checkA11yInBothThemes(desk, 'command-desk', 'rental-command-desk');
      const act = async (name: string) => {
        const button = desk.getByRole('button', { name, exact: true });
        await button.waitFor();
        await button.focus();
        await desk.keyboard.press('Enter');
        await desk.getByText(`Done: ${name}`).first().waitFor();
      };
      await act('Validate');

      // the member uploads the signed contract, as the member's command page does it
      const file = await page.request.post(`${baseUrl()}/api/v1/services/files`, {
        headers: HEADERS,
        multipart: {
          file: { name: 'signed-contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) },
        },
      });
      expect(file.status(), await file.text()).toBe(201);
      const fileId = ((await file.json()) as { data: { id: string } }).data.id;
      const uploaded = await page.request.post(
        `${baseUrl()}/api/v1/services/rentals/commands/${commandId}/actions`,
        {
          headers: { ...HEADERS, 'Content-Type': 'application/vnd.api+json' },
          data: JSON.stringify({
            data: { type: 'rental-command-actions', attributes: { action: 'uploadContract', fileId } },
          }),
        },
      );
      expect(uploaded.status(), await uploaded.text()).toBe(200);
      await desk.reload();
      await desk.getByRole('heading', { level: 1, name: /Rental command/ }).waitFor();

      for (const step of [
        'Accept the contract',
        'Record the payment',
        'Mark as prepared',
        'Ready for collection',
        'Mark as collected',
        'Record the return',
        'Close the command',
      ])
        await act(step);
      await desk.getByText('Current step: none, the command is closed').waitFor();
      const history = desk.getByRole('table', { name: 'History' });
      for (const what of ['Command placed', 'Validated', 'Signed contract uploaded', 'Contract accepted'])
        await history.getByRole('cell', { name: what }).first().waitFor();
      await shot(desk, 'rental-command-desk-closed');
    },
  );

  test('the desk names the items set aside by their stock ids, each a link to the item', async () => {
    // a demo command the desk has closed: its item was set aside
    const asAdmin = async (path: string) =>
      (await (
        await fetch(`${baseUrl()}/api/v1${path}`, {
          headers: { ...HEADERS, Authorization: `Bearer ${inject('e2eAdminToken')}` },
        })
      ).json()) as unknown;
    const commands = (await asAdmin('/services/rentals/commands?page[size]=50')) as {
      data: Array<{ id: string; attributes: { closed: boolean; status: string } }>;
    };
    // (another test of this file closes a command of its own, with no item set aside)
    let closed: { id: string } | undefined;
    let itemId: string | undefined;
    for (const candidate of commands.data.filter((c) => c.attributes.status === 'finished')) {
      const command = (await asAdmin(`/services/rentals/commands/${candidate.id}`)) as {
        included?: Array<{ type: string; attributes: { itemIds?: string[] } }>;
      };
      itemId = (command.included ?? [])
        .filter((i) => i.type === 'rental-command-items')
        .flatMap((i) => i.attributes.itemIds ?? [])[0];
      closed = candidate;
      if (itemId) break;
    }
    if (!closed || !itemId) throw new Error('no finished command with an item set aside');
    const item = ((await asAdmin(`/rental-items/${itemId}`)) as { data: { attributes: { stockId: string } } })
      .data;

    const desk = (await openPage()).page;
    await signIn(desk, 'rental-admin@demo.example');
    await desk.goto(`/admin/rental/commands/${closed.id}`);
    const items = desk.getByRole('table', { name: 'Items' });
    const link = items.getByRole('link', { name: item.attributes.stockId, exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/admin/resources/rental-items/show/${itemId}`);
    expect(await items.innerText()).not.toContain(itemId);
  });

  test(
    'a hold lapses at its expiry with no request: another member sees the model free again',
    { timeout: 240_000 },
    async () => {
      // the environment's hold, one minute for this test (the file's tests run one after another; no other file
      // holds items), given back whatever happens
      const asAdmin = (method: string, path: string, body?: unknown) =>
        fetch(`${baseUrl()}/api/v1${path}`, {
          method,
          headers: {
            ...HEADERS,
            'Content-Type': 'application/vnd.api+json',
            Authorization: `Bearer ${inject('e2eAdminToken')}`,
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const environment = (await (await asAdmin('GET', '/app-environments/main')).json()) as {
        data: { attributes: { rentalBookingExpirationDelay: number | null } };
      };
      const previous = environment.data.attributes.rentalBookingExpirationDelay;
      const delay = (value: number | null) =>
        asAdmin('PATCH', '/app-environments/main', {
          data: { type: 'app-environments', id: 'main', attributes: { rentalBookingExpirationDelay: value } },
        });
      const shortened = await delay(1);
      const shortenedText = await shortened.text();
      expect(shortened.status, shortenedText).toBe(200);
      const position = (JSON.parse(shortenedText) as { meta: { position: string } }).meta.position;
      try {
        // a member holds every free ramp over a period of this test's own
        const { page: holder } = await openPage();
        await signIn(holder, 'friendly@demo.example');
        const json = { ...HEADERS, 'Content-Type': 'application/vnd.api+json' };
        const model = await holder.request.get(`${baseUrl()}/api/v1/rental-models/portable-ramp`, {
          headers: HEADERS,
        });
        const modelId = ((await model.json()) as { data: { id: string } }).data.id;
        const startAt = addDays(calendarDateIn(new Date()), 400 + Math.floor(Math.random() * 300));
        const endAt = addDays(startAt, 7);
        const availability = await holder.request.get(
          `${baseUrl()}/api/v1/services/rentals/availability?startAt=${startAt}&endAt=${endAt}&models=${modelId}`,
          { headers: HEADERS },
        );
        const free = ((await availability.json()) as { data: Array<{ attributes: { free: number } }> })
          .data[0]!.attributes.free;
        expect(free).toBeGreaterThan(0);
        const booked = await holder.request.post(
          `${baseUrl()}/api/v1/services/rentals/bookings?minPosition=${position}`,
          {
            headers: json,
            data: JSON.stringify({
              data: {
                type: 'rental-bookings',
                attributes: {
                  models: [{ modelId, quantity: free }],
                  startAt,
                  endAt,
                  strategy: 'pick_up',
                  phone: '+33 6 12 34 56 78',
                  billingAddress: '1 rue de la Paix, 75002 Paris',
                  shippingAddress: null,
                },
              },
            }),
          },
        );
        expect(booked.status(), await booked.text()).toBe(201);
        const expiresAt = ((await booked.json()) as { data: { attributes: { expiresAt: string } } }).data
          .attributes.expiresAt;
        expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(61_000);

        // another member, who chose that period, reads the ramp's page: none is free while the hold lasts
        const { page } = await openPage();
        await signIn(page, 'member2@demo.example');
        const stored = {
          step: 'period',
          period: { startAt, endAt },
          addresses: { billingAddress: '', shippingAddress: '', phone: '' },
          bookingId: null,
          booking: null,
          commandId: null,
        };
        // the period as the checkout keeps it in the browser, there before the page's own scripts run
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          RENTAL_BOOKING_STORAGE_KEY,
          JSON.stringify(stored),
        ] as const);
        await page.goto('/rental/portable-ramp');
        await page.getByRole('heading', { level: 1, name: 'Portable ramp' }).waitFor();
        await page.getByText(/none is free/).waitFor();
        await checkA11yInBothThemes(page, 'a model held by another member', 'rental-model-held');

        // the hold lapses at expiresAt: the page read again shows the ramps free, the first member silent
        const freeAgain = page.getByText(new RegExp(`${free} (is|are) free`));
        await expect
          .poll(
            async () => {
              await page.reload();
              await page.getByRole('heading', { level: 1, name: 'Portable ramp' }).waitFor();
              return freeAgain.count();
            },
            { timeout: 150_000, interval: 5_000 },
          )
          .toBe(1);
        expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(expiresAt));
        await shot(page, 'rental-model-free-again');
      } finally {
        const restored = await delay(previous);
        expect(restored.status, await restored.text()).toBe(200);
      }
    },
  );

  test('a member cancels a command by keyboard; it shows as cancelled on its page and in the list', async () => {
    const { page } = await openPage();
    await signIn(page, 'friendly@demo.example');
    const json = { ...HEADERS, 'Content-Type': 'application/vnd.api+json' };
    // a command of this test, placed as the checkout places one (its flow is the test above)
    const model = await page.request.get(`${baseUrl()}/api/v1/rental-models/portable-ramp`, {
      headers: HEADERS,
    });
    expect(model.status(), await model.text()).toBe(200);
    const modelId = ((await model.json()) as { data: { id: string } }).data.id;
    const startAt = addDays(calendarDateIn(new Date()), 40 + Math.floor(Math.random() * 200));
    const booked = await page.request.post(`${baseUrl()}/api/v1/services/rentals/bookings`, {
      headers: json,
      data: JSON.stringify({
        data: {
          type: 'rental-bookings',
          attributes: {
            models: [{ modelId, quantity: 1 }],
            startAt,
            endAt: addDays(startAt, 7),
            strategy: 'pick_up',
            phone: '+33 6 12 34 56 78',
            billingAddress: '1 rue de la Paix, 75002 Paris',
            shippingAddress: null,
          },
        },
      }),
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const bookingId = ((await booked.json()) as { data: { id: string } }).data.id;
    const placed = await page.request.post(`${baseUrl()}/api/v1/services/rentals/commands`, {
      headers: json,
      data: JSON.stringify({ data: { type: 'rental-commands', attributes: { bookingId } } }),
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const command = (await placed.json()) as { data: { id: string }; meta: { position: string } };

    await page.goto(`/services/rentals/commands/${command.data.id}?minPosition=${command.meta.position}`);
    const cancel = page.getByRole('button', { name: 'Cancel the rental' });
    await cancel.waitFor();
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this rental?' });
    const yes = dialog.getByRole('button', { name: 'Yes, cancel it' });
    await yes.waitFor();
    await yes.focus();
    await page.keyboard.press('Enter');
    await page.getByText('The rental was cancelled.').first().waitFor();
    await page.getByText('Nothing is expected from you at the moment.').waitFor();
    expect(await cancel.count()).toBe(0);
    await checkA11yInBothThemes(page, 'command-cancelled', 'rental-command-cancelled');

    // the list of the member's commands says so too
    await page.goto('/services/rentals/commands');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/services/rentals/commands/${command.data.id}"]`) });
    await card.getByText('Cancelled', { exact: true }).filter({ visible: true }).waitFor();
  }, 240_000);
});
