import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';

/** The signed-in person's full name, as the history names them. */
const myName = async (page: Page) => {
  const answer = await page.request.get(`${baseUrl()}/api/v1/users/me`, {
    headers: { Accept: 'application/vnd.api+json' },
  });
  const body = (await answer.json()) as { data: { attributes: { fullName: string } } };
  return body.data.attributes.fullName;
};

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

/** Words of an element's text that the browser broke across lines (a word whose boxes lie on more than one line). */
const brokenWords = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });

describe('the resource back office, end to end', () => {
  test('a list of many columns keeps its words whole and scrolls in its own region, never the page', async () => {
    const { page } = await openPage();
    await signIn(page, 'admin@demo.example');
    // the repository's items: sixteen columns, more than a wide window holds
    await page.goto('/admin/resources/repository-items');
    const table = page.getByRole('table', { name: /^Repository items: \d+ records?$/ });
    await table.getByRole('row').nth(1).waitFor();
    const region = page.getByRole('region', { name: /^Repository items: \d+ records?$/ });
    expect(
      await region.evaluate((r) => r.scrollWidth > r.clientWidth),
      'the table is wider than its region',
    ).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // the headers (the sort buttons among them) and the rows' actions: no word split across lines (the cells hold
    // other files' records, long file names among them)
    expect(await brokenWords(page, 'main table thead th, main table tbody tr > td:last-child')).toEqual([]);
    // the publishable trait's filter has its label
    await page.getByRole('search').getByText('Published', { exact: true }).waitFor();
    await checkA11y(page, 'a list of many columns');

    // an item's history names the records it points at and the organization its author acted as, not their ids
    await page.getByRole('link', { name: 'History of “Printable cutlery grip”' }).click();
    const entries = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
    const created = entries.last();
    await created.getByRole('link', { name: 'Daily living aids' }).waitFor();
    await created.getByRole('link', { name: 'Demo Fab Lab' }).waitFor();
    expect(await created.innerText()).toContain('Acting as the organization Demo Fab Lab.');
    expect(await created.innerText()).toContain('A large, soft-edged grip');
    expect(await created.innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|<p>/);
    await checkA11y(page, 'a history naming related records');
    // and so does the record as it was then
    await created.getByRole('link', { name: /^See the record as it was/ }).click();
    await page.getByRole('heading', { level: 1, name: /the record as it was on/ }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Daily living aids' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Demo Fab Lab' }).waitFor();
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /^[0-9a-f]{8}-[0-9a-f]{4}-/ })
        .count(),
    ).toBe(0);
  });

  test('an administrator creates, edits, soft-deletes, restores a coupon and reads its history', async () => {
    const id = randomBytes(3).toString('hex');
    const name = `E2E coupon ${id}`;
    const { page } = await openPage();
    await signIn(page, 'admin@demo.example');
    const author = await myName(page);

    // the admin menu, built from the catalogue, leads to the list
    await page.goto('/admin/resources/coupons');
    await page.waitForURL('**/admin/resources/coupons/index');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await checkA11y(page, 'coupons index');

    // a 422 shows on the field it names
    await page.getByRole('link', { name: 'New record' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupons: new record' }).waitFor();
    await checkA11y(page, 'coupon create form');
    await shot(page, 'admin-resources-create-light');
    await page.getByRole('button', { name: 'Save' }).click();
    const nameField = page.getByLabel('Name (required)');
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('The record is not saved: check the fields marked below.').waitFor();
    await checkA11y(page, 'coupon create form with a server error');
    await shot(page, 'admin-resources-create-422-light');

    // created through the generated form
    await nameField.fill(name);
    await page.getByLabel('Amount (cents)').fill('1250');
    await page.getByLabel('Purchase limit', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/coupons/show/**');
    await toast(page, `“${name}” is saved.`).waitFor();
    await page.getByRole('heading', { level: 1, name: `Coupons: “${name}”` }).waitFor();
    await page.getByText('1,250').first().waitFor();
    await checkA11y(page, 'coupon show');
    await shot(page, 'admin-resources-show-light');

    // edited: If-Match from the loaded version
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Coupons: edit “${name}”` }).waitFor();
    await page.getByLabel('Amount (cents)').fill('1500');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/coupons/show/**');
    await page.getByText('1,500').first().waitFor();

    // soft-deleted from the list, found in the soft-deleted view, restored
    await page.goto(`/admin/resources/coupons/index?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Move “${name}” to the trash` }).click();
    await toast(page, `“${name}” is in the trash.`).waitFor();
    await page.getByText('No record matches.').waitFor();
    await page.goto(`/admin/resources/coupons/index?search=${encodeURIComponent(name)}&trashed=only`);
    const restore = page.getByRole('button', { name: `Restore “${name}”` });
    await restore.waitFor();
    await checkA11y(page, 'coupons soft-deleted view');
    await shot(page, 'admin-resources-trashed-light');
    await restore.click();
    await toast(page, `“${name}” is restored.`).waitFor();

    // the history: each change with its author, newest first
    await page.goto(`/admin/resources/coupons/index?search=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: `History of “${name}”` }).click();
    await page.getByRole('heading', { level: 1, name: `Coupons: history of “${name}”` }).waitFor();
    const entries = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
    await expect.poll(() => entries.count()).toBe(4);
    const headings = await entries.locator('h2').allInnerTexts();
    expect(headings.map((h) => h.split(' — ')[0])).toEqual([
      'Restored',
      'Moved to the trash',
      'Changed',
      'Created',
    ]);
    for (const text of await entries.allInnerTexts()) expect(text).toContain(`By ${author}.`);
    expect(await entries.nth(2).innerText()).toMatch(/Amount \(cents\):[\s\S]*1,250[\s\S]*1,500/);
    expect(await entries.nth(3).innerText()).toContain(name);
    await checkA11y(page, 'coupon history');
    await shot(page, 'admin-resources-history-light');

    // "as it was" at the first entry
    await entries
      .nth(3)
      .getByRole('link', { name: /^See the record as it was on/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Coupons: the record as it was on/ }).waitFor();
    await page.getByText('Revision 0 of the record').waitFor();
    expect(await page.getByRole('main').innerText()).toContain('1,250');
    await checkA11y(page, 'coupon as it was');
    await shot(page, 'admin-resources-as-it-was-light');

    // keyboard only: from the list to the edit form, then save
    await page.goto(`/admin/resources/coupons/index?search=${encodeURIComponent(name)}`);
    const edit = page.getByRole('link', { name: `Edit “${name}”` });
    await edit.waitFor();
    // past the admin menu beside the list as a keyboard user goes: the skip link first, then into the content
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('link', { name: 'Skip to main content' }))).toBe(true);
    await page.keyboard.press('Enter');
    await tabTo(page, edit, 40);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Coupons: edit “${name}”` }).waitFor();
    const description = page.getByLabel('Description');
    await tabTo(page, description, 10);
    await page.keyboard.type('Typed without a mouse.');
    const save = page.getByRole('button', { name: 'Save' });
    await tabTo(page, save, 15);
    expect(await isFocused(save)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/resources/coupons/show/**');
    await toast(page, `“${name}” is saved.`).waitFor();
    await page.getByText('Typed without a mouse.').waitFor();
  }, 300_000);

  test('the back office passes axe in the dark theme, with the admin menu', async () => {
    const { page } = await openPage({ theme: 'dark' });
    await signIn(page, 'admin@demo.example');
    await page.goto('/admin/resources/coupons/index');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await checkA11y(page, 'coupons index (dark)');
    await shot(page, 'admin-resources-index-dark');
    await page.getByRole('link', { name: 'New record' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coupons: new record' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The record is not saved: check the fields marked below.').waitFor();
    await checkA11y(page, 'coupon create form with an error (dark)');
    await shot(page, 'admin-resources-create-422-dark');
    await page.goto('/admin/resources/coupons/index');
    const firstHistory = page.getByRole('link', { name: /^History of/ }).first();
    await firstHistory.click();
    await page.getByRole('heading', { level: 1, name: /history of/ }).waitFor();
    await checkA11y(page, 'coupon history (dark)');
    await shot(page, 'admin-resources-history-dark');

    // the admin menu in the side drawer: group headings and the catalogue's entries
    await page.getByRole('banner').getByRole('button', { name: 'Open the menu' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Coupons' }).waitFor();
    await nav.getByText('Community', { exact: true }).waitFor();
    await checkA11y(page, 'admin menu (dark)');
    await shot(page, 'admin-resources-menu-dark');
  }, 240_000);

  test('an application administrator redirects an old path through the generated screens', async () => {
    const from = `/e2e-old-${randomBytes(3).toString('hex')}`;
    const { page } = await openPage();
    await signIn(page, 'app-admin@demo.example');
    await page.goto('/admin/resources/app-redirections');
    await page.waitForURL('**/admin/resources/app-redirections/index');
    await page.getByRole('heading', { level: 1, name: 'Redirections' }).waitFor();
    // the demo site's redirection, stored through the same API
    await page.getByRole('cell', { name: '/who-we-are' }).waitFor();
    await checkA11y(page, 'redirections index');
    await shot(page, 'admin-redirections-index-light');

    // a path a page holds is refused on the from path field (409 from the shared path claims)
    await page.getByRole('link', { name: 'New record' }).click();
    await page.getByRole('heading', { level: 1, name: 'Redirections: new record' }).waitFor();
    const fromPath = page.getByLabel('From path (required)');
    await fromPath.fill('/about');
    await page.getByLabel('To path or address (required)').fill('/contact');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fromPath.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('This path is already used by another page or redirection.').waitFor();
    await checkA11y(page, 'redirection form with a taken path');
    await shot(page, 'admin-redirections-create-409-light');

    await fromPath.fill(from);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/app-redirections/show/**');
    await toast(page, `“${from}” is saved.`).waitFor();
    await page.getByRole('heading', { level: 1, name: `Redirections: “${from}”` }).waitFor();
    await checkA11y(page, 'redirection show');
    await shot(page, 'admin-redirections-show-light');

    // a visitor who follows the old path lands on the new one, query string kept
    const visitor = await openPage();
    await visitor.page.goto(`${from}?ref=e2e`);
    await visitor.page.waitForURL('**/contact?ref=e2e');
  }, 240_000);

  test('an administrator keeps the jobs list: fixed rows first and last, renamed in place', async () => {
    const { page } = await openPage();
    await signIn(page, 'admin@demo.example');
    await page.goto('/admin/resources/jobs/index');
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const firstColumn = page.getByRole('row').locator(':scope > :first-child');
    await expect.poll(async () => (await firstColumn.allInnerTexts()).slice(1, 2)).toEqual(['Not specified']);
    expect((await firstColumn.allInnerTexts()).at(-1)).toBe('Other');
    await checkA11y(page, 'jobs index');
    await shot(page, 'admin-jobs-index-light');

    // "other" is kept: it can be renamed, never deleted
    await page.getByRole('link', { name: 'Edit “Other”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jobs: edit “Other”' }).waitFor();
    await page.getByLabel('Name (required)').fill('Other job');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/jobs/show/**');
    expect(new URL(page.url()).pathname).toBe('/admin/resources/jobs/show/other');
    await toast(page, '“Other job” is saved.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Jobs: “Other job”' }).waitFor();
    await page.getByRole('link', { name: 'History', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await checkA11y(page, 'a kept job');
    await shot(page, 'admin-jobs-kept-light');
    // an edit not saved: leaving by a link asks first, and leaving without saving keeps the stored name
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name (required)').fill('Other job, not saved');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await leave.getByRole('button', { name: 'Stay on the page' }).click();
    expect(await page.getByLabel('Name (required)').inputValue()).toBe('Other job, not saved');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jobs: “Other job”' }).waitFor();

    // a job that is not kept may be deleted
    await page.goto('/admin/resources/jobs/show/nurse');
    await page.getByRole('button', { name: 'Delete “Nurse”' }).waitFor();
  }, 240_000);

  test('a member without rights gets the unauthorized screen', async () => {
    const { page } = await openPage();
    await signIn(page, 'member2@demo.example');
    await page.goto('/admin/resources/coupons/create');
    await page.waitForURL('**/errors/unauthorized?redirectUrl=%2Fadmin%2Fresources%2Fcoupons%2Fcreate');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkA11y(page, 'unauthorized');
  }, 60_000);
});
