import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { DEMO_REPOSITORY_SEARCH_PATH } from '@platform/host/seed/demo-content';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

const JSON_API = { Accept: 'application/vnd.api+json' };

const folder = mkdtempSync(join(tmpdir(), 'publication-requests-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** Past the menus as a keyboard user goes: the skip link first, then into the content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  expect(await isFocused(page.getByRole('link', { name: 'Skip to main content' }))).toBe(true);
  await page.keyboard.press('Enter');
}

/** No sideways scrolling at this width, and no text past the viewport's edges. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 700 });
  await expect
    .poll(async () => (await measureReflow(page)).overflow, { timeout: 5000 })
    .toBeLessThanOrEqual(0);
  const reflow = await measureReflow(page);
  expect(reflow.outside, reflow.outside.join('\n')).toEqual([]);
  expect(reflow.clipped, reflow.clipped.join('\n')).toEqual([]);
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
  test('a contributor writes a repository item with an attachment and requests its publication by keyboard; an administrator accepts it and reads its history; a visitor finds it through the repository search', async () => {
    const id = randomBytes(3).toString('hex');
    const title = `Toy switch adapter ${id}`;
    const fileName = `wiring-notes-${id}.txt`;
    const attachment = join(folder, fileName);
    writeFileSync(attachment, 'Tip to the switch, sleeve to the battery disc; 3.5 mm mono jack.\n');

    // a contributor writes the item in the back office's form with the keyboard alone, its wiring notes attached
    const { page } = await openPage();
    // listened for from the start: Playwright intercepts the browser's file chooser once a listener exists
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await signIn(page, 'contributor@demo.example');
    await page.goto('/admin/resources/repository-items/create');
    await page.getByRole('heading', { level: 1, name: 'Repository items: new record' }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('textbox', { name: 'Title (required)' }), 5);
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('textbox', { name: 'Description' }))).toBe(true);
    await page.keyboard.type('A 3.5 mm jack adapter that lets a battery toy be used with a switch.');
    const files = page.getByRole('group', { name: 'Attachments' });
    await tabTo(page, files.getByRole('button', { name: 'Choose files' }), 40);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(attachment);
    await files.getByText(fileName).waitFor();
    await expect.poll(() => files.getByRole('progressbar').count()).toBe(0);
    const categories = page.getByRole('combobox', { name: 'Categories' });
    await tabTo(page, categories, 15);
    await page.keyboard.type('Switches');
    await page.getByRole('option', { name: /Switches and controls/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page
      .getByRole('grid', { name: 'Chosen: Categories' })
      .getByRole('row', { name: 'Switches and controls' })
      .waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Save' }), 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/resources\/repository-items\/show\/[0-9a-f-]{36}/);
    const itemId = /show\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    // then asks for its publication from its screen, by keyboard too
    await page.getByRole('heading', { level: 1, name: `Repository items: “${title}”` }).waitFor();
    await page.getByText('This item is not published. Ask the publishers to publish it.').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Request publication' }), 40);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Request the publication of “${title}”` });
    await dialog.getByRole('group', { name: 'Targeted publication date' }).waitFor();
    // the dialog may open on its first field: a keyboard user types there at once
    const reason = dialog.getByLabel('Description');
    if (!(await isFocused(reason))) await tabTo(page, reason, 15);
    await page.keyboard.type('A tested adapter, with its wiring notes.');
    await checkA11yInBothThemes(page, 'the request dialog', 'publication-request-dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Send the request' }), 15);
    await page.keyboard.press('Enter');
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
    // past the admin menu as a keyboard user goes
    await skipToContent(admin.page);
    await tabTo(admin.page, accept, 30);
    await admin.page.keyboard.press('Enter');
    await toast(admin.page, `The publication request of “${title}” is accepted.`).waitFor();
    await admin.page.locator('dd', { hasText: /^Accepted$/ }).waitFor();
    expect(await accept.count()).toBe(0);

    // published at once (no targeted date)
    await expect.poll(async () => (await itemAsStored(itemId)).publishedAt).not.toBeNull();

    // the item's history, reached by the keyboard, tells the request and its acceptance beside the creation
    const history = admin.page.getByRole('link', { name: `History of “${title}”` });
    // the decided request's buttons are gone: the focus waits on the section's heading, just before the links
    const section = admin.page.getByRole('heading', { level: 2, name: 'Publication request', exact: true });
    await expect.poll(() => isFocused(section)).toBe(true);
    await tabTo(admin.page, history, 5);
    await admin.page.keyboard.press('Enter');
    await admin.page.waitForURL(`**/admin/resources/repository-items/history/${itemId}`);
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

    // a visitor finds it through the repository search component, by keyboard; the count is said in its status
    const visitor = await openPage();
    await visitor.page.goto(DEMO_REPOSITORY_SEARCH_PATH);
    await visitor.page.getByRole('heading', { level: 1, name: 'Find a technical aid' }).waitFor();
    const box = visitor.page
      .getByRole('search', { name: 'Repository search' })
      .getByRole('searchbox', { name: 'Search the repository' });
    await box.waitFor();
    await skipToContent(visitor.page);
    await tabTo(visitor.page, box, 5);
    await visitor.page.keyboard.type(`adapter ${id}`);
    await visitor.page.keyboard.press('Enter');
    const found = visitor.page.getByRole('status').filter({ hasText: `1 item found for “adapter ${id}”.` });
    await found.waitFor();
    expect(await isFocused(box)).toBe(true);
    const results = visitor.page.getByRole('list', { name: 'Search results' });
    const link = results.getByRole('link', { name: title });
    expect(await link.getAttribute('href')).toBe(`/repository/${itemId}`);
    await results.getByText('Categories: Switches and controls').waitFor();
    await expect.poll(() => visitor.page.getByRole('progressbar').count()).toBe(0);
    await checkA11yInBothThemes(
      visitor.page,
      'the repository search with a result',
      'repository-search-found',
    );

    // the query is in the URL: a reload (or the link shared) shows the same result
    expect(new URL(visitor.page.url()).searchParams.get('search')).toBe(`adapter ${id}`);
    await visitor.page.reload();
    await found.waitFor();
    expect(await box.inputValue()).toBe(`adapter ${id}`);
    await expectNoSidewaysScroll(visitor.page, 320);
    await shot(visitor.page, 'repository-search-found-320');
    const large = await openPage();
    await storeAccessibility(large.context, LARGEST_TEXT);
    await large.page.goto(visitor.page.url());
    await large.page
      .getByRole('list', { name: 'Search results' })
      .getByRole('link', { name: title })
      .waitFor();
    await expectNoSidewaysScroll(large.page, 375);
    await shot(large.page, 'repository-search-found-375-largest');

    // the result leads to the item's page under the repository's, its attachment there to download
    await visitor.page.setViewportSize({ width: 1280, height: 800 });
    await skipToContent(visitor.page);
    await tabTo(visitor.page, link, 10);
    await visitor.page.keyboard.press('Enter');
    await visitor.page.waitForURL(`**/repository/${itemId}`);
    await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const download = visitor.page.getByRole('link', { name: new RegExp(`^Download ${fileName}`) });
    await download.waitFor();
    expect(await download.getAttribute('download')).toBe(fileName);
  }, 420_000);
});
