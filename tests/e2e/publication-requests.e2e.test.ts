import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';

const JSON_API = {
  Accept: 'application/vnd.api+json',
  'Content-Type': 'application/vnd.api+json',
  'X-Requested-With': 'XMLHttpRequest',
};

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** A repository item written through the API by the signed-in member: its id and the position of its creation. */
async function writeItem(page: Page, title: string): Promise<{ id: string; position: string }> {
  const answer = await page.request.post(`${baseUrl()}/api/v1/repository-items`, {
    headers: JSON_API,
    data: JSON.stringify({
      data: {
        type: 'repository-items',
        attributes: {
          title,
          description: '<p>A 3.5 mm jack adapter that lets a toy be used with a switch.</p>',
        },
      },
    }),
  });
  const body = (await answer.json()) as { data: { id: string }; meta: { position: string } };
  expect(answer.status(), JSON.stringify(body)).toBe(201);
  return { id: body.data.id, position: body.meta.position };
}

/** The item as the platform serves it, read with the machine credential (whatever its publication). */
async function itemAsStored(id: string, minPosition = '0'): Promise<Record<string, unknown>> {
  const answer = await fetch(`${baseUrl()}/api/v1/repository-items/${id}?minPosition=${minPosition}`, {
    headers: { Accept: JSON_API.Accept, Authorization: `Bearer ${inject('e2eAdminToken')}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

describe('publication requests, end to end', () => {
  test('a contributor requests the publication of a repository item; an administrator accepts it by keyboard and reads its history', async () => {
    const id = randomBytes(3).toString('hex');
    const title = `Toy switch adapter ${id}`;

    // a contributor writes an item, then asks for its publication from its screen in the back office
    const { page } = await openPage();
    await signIn(page, 'contributor@demo.example');
    const item = await writeItem(page, title);
    await page.goto(`/admin/resources/repository-items/show/${item.id}?minPosition=${item.position}`);
    await page.getByRole('heading', { level: 1, name: `Repository items: “${title}”` }).waitFor();
    await page.getByText('This item is not published. Ask the publishers to publish it.').waitFor();
    await page.getByRole('button', { name: 'Request publication' }).click();
    const dialog = page.getByRole('dialog', { name: `Request the publication of “${title}”` });
    await dialog.getByLabel('Description').fill('A tested adapter, with its wiring diagram.');
    await dialog.getByRole('group', { name: 'Targeted publication date' }).waitFor();
    await checkA11yInBothThemes(page, 'the request dialog', 'publication-request-dialog');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await toast(page, `Your publication request for “${title}” is sent.`).waitFor();
    const requestLink = page.getByRole('link', { name: 'Open the publication request' });
    await requestLink.waitFor();
    await page.getByText(/A publication request is waiting for a decision since/).waitFor();
    await checkA11yInBothThemes(page, 'an item with a pending request', 'publication-request-pending-item');
    const requestPath = await requestLink.getAttribute('href');
    expect(requestPath).toMatch(/^\/admin\/resources\/publication-requests\/show\/[0-9a-f-]{36}$/);
    // the contributor decides nothing
    expect(await page.getByRole('button', { name: 'Accept the request' }).count()).toBe(0);

    // the administrator finds it among the pending requests, and accepts it with the keyboard alone
    const admin = await openPage();
    await signIn(admin.page, 'admin@demo.example');
    await admin.page.goto('/admin/resources/publication-requests/index');
    await admin.page.getByRole('heading', { level: 1, name: 'Publication requests' }).waitFor();
    await admin.page.getByRole('table', { name: /Publication requests: \d+ record/ }).waitFor();
    await admin.page.goto(requestPath!);
    const accept = admin.page.getByRole('button', { name: 'Accept the request' });
    await accept.waitFor();
    await checkA11yInBothThemes(admin.page, 'a pending publication request', 'publication-request-pending');
    // past the admin menu as a keyboard user goes: the skip link first, then into the content
    await admin.page.keyboard.press('Tab');
    expect(await isFocused(admin.page.getByRole('link', { name: 'Skip to main content' }))).toBe(true);
    await admin.page.keyboard.press('Enter');
    await tabTo(admin.page, accept, 30);
    await admin.page.keyboard.press('Enter');
    await toast(admin.page, `The publication request of “${title}” is accepted.`).waitFor();
    await admin.page.locator('dd', { hasText: /^Accepted$/ }).waitFor();
    expect(await accept.count()).toBe(0);

    // published at once (no targeted date)
    await expect.poll(async () => (await itemAsStored(item.id)).publishedAt).not.toBeNull();

    // the item's history, reached by the keyboard, tells the request and its acceptance beside the creation
    const history = admin.page.getByRole('link', { name: `History of “${title}”` });
    // the decided request's buttons are gone: the focus waits on the section's heading, just before the links
    const section = admin.page.getByRole('heading', { level: 2, name: 'Publication request', exact: true });
    await expect.poll(() => isFocused(section)).toBe(true);
    await tabTo(admin.page, history, 5);
    await admin.page.keyboard.press('Enter');
    await admin.page.waitForURL(`**/admin/resources/repository-items/history/${item.id}`);
    const entry = (name: RegExp) =>
      admin.page.getByRole('listitem').filter({ has: admin.page.getByRole('heading', { level: 2, name }) });
    await entry(/^Publication requested — /)
      .getByText('By Chloe Demo.')
      .waitFor();
    await entry(/^Publication request accepted — /)
      .getByText('By Alice Demo.')
      .waitFor();
    await entry(/^Publication request accepted — /)
      .locator('.after', { hasText: 'Accepted' })
      .waitFor();
    await entry(/^Published as requested — /).waitFor();
    await checkA11yInBothThemes(admin.page, 'the item history', 'publication-request-history');
    await shot(admin.page, 'publication-request-history');
  }, 300_000);
});
