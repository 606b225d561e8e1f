import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeOf, checkA11y } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { describeFocus, focusIndicator, isFocused, tabTo } from './support/focus.ts';
import { measureReflow } from './support/reflow.ts';

/** The demo member the notification is for (host/src/seed/demo-accounts.ts): Mia Demo. */
const MEMBER = { email: 'member1@demo.example', firstName: 'Mia', name: 'Mia Demo' };

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

/** The value a show screen's field list gives a field: the <dd> after its <dt>. */
const fieldValue = (page: Page, label: string): Locator =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/**
 * axe with a picker's list open. While the list is open react-aria hides the rest of the page from screen readers
 * with aria-hidden (so that the reading cursor stays between the box and its list, which is portalled to the end
 * of the page), and axe's aria-hidden-focus rule counts every link of the hidden page. Keyboard focus never gets
 * there while it is hidden: `leavesTheListByTab` checks that Tab closes the list and un-hides the page first.
 * Every other rule runs on the whole page, the open list included.
 */
async function checkA11yWithListOpen(page: Page, label: string) {
  const results = await axeOf(page).disableRules(['aria-hidden-focus']).analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(violations, `axe violations on ${label}`).toEqual([]);
  // the list really is open and the rest of the page hidden: what the disabled rule is about
  expect(await page.getByRole('listbox').count()).toBe(1);
  expect(await page.locator('[aria-hidden="true"]:has(a, button)').count()).toBeGreaterThan(0);
}

/** Tab from a picker with its list open: the list closes, nothing stays hidden, focus lands on what follows. */
async function leavesTheListByTab(page: Page, next: Locator) {
  await page.keyboard.press('Tab');
  expect(await isFocused(next), await describeFocus(page)).toBe(true);
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  expect(await page.locator('[aria-hidden="true"]:has(a, button, input, textarea, select)').count()).toBe(0);
}

/** Stores the theme as the theme switch does, with the system preference matching it, and reloads. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((dark) => localStorage.setItem('dark-theme', String(dark)), theme === 'dark');
  await page.emulateMedia({ colorScheme: theme });
  await page.reload();
}

const JSON_API = {
  Accept: 'application/vnd.api+json',
  'Content-Type': 'application/vnd.api+json',
  'X-Requested-With': 'XMLHttpRequest',
};

/** A published rental model at an access level, made through the API by the signed-in page; read back once it is read. */
async function publishedModel(page: Page, name: string, accessLevel: string) {
  const made = await page.request.post(`${baseUrl()}/api/v1/rental-models`, {
    headers: JSON_API,
    data: JSON.stringify({
      data: {
        type: 'rental-models',
        attributes: { name, rentingPrice: 300, publishedAt: '2020-01-01T00:00:00Z' },
        relationships: { accessLevel: { data: { type: 'access-levels', id: accessLevel } } },
      },
    }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const answer = (await made.json()) as { data: { id: string }; meta: { position: string } };
  const read = await page.request.get(
    `${baseUrl()}/api/v1/rental-models/${answer.data.id}?minPosition=${answer.meta.position}`,
    { headers: JSON_API },
  );
  expect(read.status(), await read.text()).toBe(200);
  const model = (await read.json()) as { data: { attributes: { slug: string } } };
  return { id: answer.data.id, slug: model.data.attributes.slug };
}

describe('the resource layer in the browser: trashed view, relationship picker and related names', () => {
  test('an application administrator soft-deletes a coupon, finds it in the trashed view and restores it', async () => {
    const name = `E2E trashed coupon ${randomBytes(3).toString('hex')}`;
    const { page } = await openPage();
    await signIn(page, 'app-admin@demo.example');

    // a coupon of this test, created through the generated form
    await page.goto('/admin/resources/coupons/create');
    await page.getByRole('heading', { level: 1, name: 'Coupons: new record' }).waitFor();
    await page.getByLabel('Name (required)').fill(name);
    await page.getByLabel('Amount (cents)').fill('900');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/coupons/show/**');
    await page.getByRole('heading', { level: 1, name: `Coupons: “${name}”` }).waitFor();
    const showPath = new URL(page.url()).pathname;

    // moved to the trash from its own screen: the normal list no longer has it
    await page.getByRole('button', { name: `Move “${name}” to the trash` }).click();
    await toast(page, `“${name}” is in the trash.`).waitFor();
    await page.goto(`/admin/resources/coupons/index?search=${encodeURIComponent(name)}`);
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.getByText('No record matches.').waitFor();

    // the control that shows soft-deleted records is there for an application administrator
    const search = page.getByRole('search', { name: /Coupons/ });
    const trashedControl = search.getByRole('button', { name: /Soft-deleted records/ });
    await trashedControl.click();
    await page.getByRole('option', { name: 'Show only them' }).click();
    await page.waitForURL((url) => url.searchParams.get('trashed') === 'only');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: name }) });
    await row.waitFor();
    expect(await row.getByRole('rowheader').innerText()).toContain('(soft-deleted)');
    await row.getByRole('button', { name: `Restore “${name}”` }).waitFor();
    await checkA11y(page, 'coupons trashed view (light)');
    await shot(page, 'resource-layer-trashed-light');

    // opened from the trashed view: the record says it is soft-deleted
    await row.getByRole('link', { name: `Show “${name}”` }).click();
    await page.waitForURL(`**${showPath}`);
    await page.getByRole('heading', { level: 1, name: `Coupons: “${name}”` }).waitFor();
    await page.getByText('This record is soft-deleted').waitFor();
    await useTheme(page, 'dark');
    const restore = page.getByRole('button', { name: `Restore “${name}”` });
    await restore.waitFor();
    await checkA11y(page, 'soft-deleted coupon (dark)');
    await shot(page, 'resource-layer-trashed-record-dark');

    await restore.click();
    await toast(page, `“${name}” is restored.`).waitFor();
    await page.getByRole('button', { name: `Move “${name}” to the trash` }).waitFor();
    expect(await page.getByText('This record is soft-deleted').count()).toBe(0);

    // back in the normal list
    await page.goto(`/admin/resources/coupons/index?search=${encodeURIComponent(name)}`);
    const back = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await back.getByRole('button', { name: `Move “${name}” to the trash` }).waitFor();
    expect(await back.getByRole('rowheader').innerText()).not.toContain('soft-deleted');
  }, 300_000);

  test('an administrator picks a member by name for a notification, sees the name, and the member reads it', async () => {
    const message = `Your fitting appointment is confirmed ${randomBytes(3).toString('hex')}`;
    const { page } = await openPage();
    await signIn(page, 'admin@demo.example');
    await page.goto('/admin/resources/notifications/create');
    await page.getByRole('heading', { level: 1, name: 'Notifications: new record' }).waitFor();
    await page.getByLabel('Notification type (required)').fill('appointment');
    await page.getByLabel('Message (required)').fill(message);

    // keyboard only from the last text field to the picker, whose focus shows
    const picker = page.getByRole('combobox', { name: 'Member' });
    await page.getByLabel('Action link').focus();
    await tabTo(page, picker, 10);
    const focus = await focusIndicator(page);
    expect(focus, await describeFocus(page)).toMatchObject({ outline: 'solid', visible: true });
    expect(focus.width).toBeGreaterThanOrEqual(2);
    await shot(page, 'resource-layer-picker-focus-light', { fullPage: false });

    // part of the member's name: the server's search offers them, named, with their e-mail address
    await page.keyboard.type(MEMBER.firstName.slice(0, 2));
    const listbox = page.getByRole('listbox');
    const wanted = listbox.getByRole('option', { name: new RegExp(MEMBER.name) }).filter({
      hasText: MEMBER.email,
    });
    await wanted.waitFor();
    // the list as the search left it (only those the typed letters find), not the one it showed on opening
    const typed = MEMBER.firstName.slice(0, 2).toLowerCase();
    await expect
      .poll(async () =>
        (await listbox.getByRole('option').allInnerTexts()).every((text) =>
          text.toLowerCase().includes(typed),
        ),
      )
      .toBe(true);
    await checkA11yWithListOpen(page, 'notification form with the picker open (light)');
    await shot(page, 'resource-layer-picker-open-light', { fullPage: false });

    // the arrows move through the choices until the member's is the active one, then Enter picks it
    const activeIsWanted = async () => {
      const active = await picker.getAttribute('aria-activedescendant');
      return active !== null && (await wanted.getAttribute('id')) === active;
    };
    for (let presses = 0; !(await activeIsWanted()); presses++) {
      expect(presses, 'the member is reached with the arrow keys').toBeLessThan(20);
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.inputValue()).toBe(MEMBER.name);
    await expect.poll(() => listbox.count()).toBe(0);
    expect(await isFocused(picker)).toBe(true);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/notifications/show/**');
    await toast(page, `“${message}” is saved.`).waitFor();
    await page.getByRole('heading', { level: 1, name: `Notifications: “${message}”` }).waitFor();
    // the relationship is named, not shown as an id
    await expect.poll(() => fieldValue(page, 'Member').innerText()).toBe(MEMBER.name);
    await checkA11y(page, 'notification show (light)');
    await shot(page, 'resource-layer-notification-show-light');

    // no sideways scrolling at 320 px on the record
    await page.setViewportSize({ width: 320, height: 640 });
    await expect
      .poll(async () => (await measureReflow(page)).overflow, { timeout: 5000 })
      .toBeLessThanOrEqual(0);
    const reflow = await measureReflow(page);
    expect(reflow.outside, reflow.outside.join('\n')).toEqual([]);
    await shot(page, 'resource-layer-notification-show-320');
    await page.setViewportSize({ width: 1280, height: 800 });

    // the list names the member too
    await page.goto(`/admin/resources/notifications/index`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: message }) });
    await row.waitFor();
    await row.getByRole('cell', { name: MEMBER.name, exact: true }).waitFor();
    await checkA11y(page, 'notifications index (light)');
    await shot(page, 'resource-layer-notifications-index-light');

    // the member sees it: in the top bar's count and on their notifications screen
    const member = await openPage();
    await signIn(member.page, MEMBER.email);
    await member.page.goto('/account/profile');
    const bell = member.page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    expect(Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1])).toBeGreaterThan(0);
    await bell.click();
    await member.page.waitForURL('**/account/notifications');
    const item = member.page
      .getByRole('listitem')
      .filter({ has: member.page.getByRole('heading', { name: message }) });
    await item.getByText('Unread', { exact: true }).waitFor();
    await shot(member.page, 'resource-layer-member-notifications-light');
  }, 300_000);

  test('a member sees a publishable record at their level, and the unauthorized screen above it', async () => {
    const tag = randomBytes(3).toString('hex');
    const admin = await openPage();
    await signIn(admin.page, 'admin@demo.example');
    const atOne = await publishedModel(
      admin.page,
      `E2E friendly-level shower chair ${tag}`,
      'friendly_member',
    );
    const atTwo = await publishedModel(admin.page, `E2E level-two standing frame ${tag}`, 'member_level_2');

    // a friendly member (no organization raises their level): the list holds the model of their level and not
    // the one above it
    const { page } = await openPage();
    await signIn(page, 'friendly@demo.example');
    await page.goto('/rental');
    const list = page.getByRole('list', { name: 'Rental models' });
    await list.getByRole('link', { name: `E2E friendly-level shower chair ${tag}` }).waitFor();
    expect(await list.getByRole('link', { name: `E2E level-two standing frame ${tag}` }).count()).toBe(0);

    // its page opens; the page of the model above their level exists, so it is "access denied", not "not found"
    await list.getByRole('link', { name: `E2E friendly-level shower chair ${tag}` }).click();
    await page.getByRole('heading', { level: 1, name: `E2E friendly-level shower chair ${tag}` }).waitFor();
    await page.goto(`/rental/${atTwo.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/errors/unauthorized');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe(`/rental/${atTwo.slug}`);
    expect(await page.getByText(`E2E level-two standing frame ${tag}`).count()).toBe(0);
    await checkA11y(page, 'unauthorized screen for a model above the level (light)');
    await shot(page, 'resource-layer-unauthorized-light');
    await useTheme(page, 'dark');
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    await checkA11y(page, 'unauthorized screen for a model above the level (dark)');
    await shot(page, 'resource-layer-unauthorized-dark');
    // a slug no model has stays "not offered"
    await page.goto(`/rental/e2e-no-such-model-${tag}`);
    await page.getByRole('heading', { level: 1, name: 'This model is not offered for rent.' }).waitFor();

    // a member of level 2 reads the same page
    const above = await openPage();
    await signIn(above.page, 'member2@demo.example');
    await above.page.goto(`/rental/${atTwo.slug}`);
    await above.page
      .getByRole('heading', { level: 1, name: `E2E level-two standing frame ${tag}` })
      .waitFor();

    // the models of this test leave the catalogue (soft-deleted)
    for (const { id } of [atOne, atTwo])
      expect(
        (
          await admin.page.request.delete(`${baseUrl()}/api/v1/rental-models/${id}`, { headers: JSON_API })
        ).status(),
      ).toBe(200);
  }, 240_000);

  test('the picker passes axe in the dark theme, with its list open', async () => {
    const { page } = await openPage({ theme: 'dark' });
    await signIn(page, 'admin@demo.example');
    await page.goto('/admin/resources/notifications/create');
    await page.getByRole('heading', { level: 1, name: 'Notifications: new record' }).waitFor();
    const picker = page.getByRole('combobox', { name: 'Member' });
    await picker.click();
    await page.keyboard.type(MEMBER.firstName);
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(MEMBER.name) })
      .first()
      .waitFor();
    // the list as the search left it, not the first page of every member it showed on opening (which the other
    // test files grow long enough to scroll): only those the typed name finds
    await expect
      .poll(async () =>
        (await page.getByRole('listbox').getByRole('option').allInnerTexts()).every((text) =>
          text.includes(MEMBER.firstName),
        ),
      )
      .toBe(true);
    await checkA11yWithListOpen(page, 'notification form with the picker open (dark)');
    await shot(page, 'resource-layer-picker-open-dark', { fullPage: false });
    await leavesTheListByTab(page, page.getByRole('button', { name: 'Save' }));
  }, 240_000);
});
