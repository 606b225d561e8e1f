import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { describeFocus, isFocused } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

const JSON_API = {
  Accept: 'application/vnd.api+json',
  'Content-Type': 'application/vnd.api+json',
  'X-Requested-With': 'XMLHttpRequest',
};

/**
 * The test's own menu items, made through the API as the signed-in editor. They require sign-in and the
 * app_admin role, so the other browser tests (anonymous visitors, other accounts) never see them in their menus.
 */
async function createItem(
  page: Page,
  attributes: Record<string, unknown>,
  parent: string | null = null,
): Promise<string> {
  // the page's own request context: the editor's session cookie, whichever screen the page is on
  const answer = await page.request.post(`${baseUrl()}/api/v1/app-menu-items`, {
    headers: JSON_API,
    data: JSON.stringify({
      data: {
        type: 'app-menu-items',
        attributes: { requiresAuth: true, roles: ['app_admin'], ...attributes },
        relationships: { parent: { data: parent ? { type: 'app-menu-items', id: parent } : null } },
      },
    }),
  });
  const body = (await answer.json()) as { data: { id: string } };
  if (answer.status() !== 201) throw new Error(`create failed: ${answer.status()} ${JSON.stringify(body)}`);
  return body.data.id;
}

const deleteItem = async (page: Page, id: string) => {
  await page.request.delete(`${baseUrl()}/api/v1/app-menu-items/${id}`, { headers: JSON_API });
};

const toolbarOf = (page: Page, name: string) => page.getByRole('toolbar', { name: `Actions for “${name}”` });

/**
 * Tab until the focus is inside the toolbar (one stop per item), then arrow keys to the action. The bound only stops
 * a loop that would never end: the menu holds the demo's items and those other browser tests add meanwhile.
 */
async function keyboardTo(page: Page, toolbar: Locator, action: Locator) {
  for (let presses = 0; !(await toolbar.evaluate((t) => t.contains(document.activeElement))); presses++) {
    if (presses > 400)
      throw new Error(`Tab never reached ${toolbar.toString()}; at ${await describeFocus(page)}`);
    await page.keyboard.press('Tab');
  }
  await arrowTo(page, action);
}

/** Within a toolbar: arrow right (then left) until the action has the focus. */
async function arrowTo(page: Page, action: Locator) {
  for (const key of ['ArrowRight', 'ArrowLeft']) {
    for (let presses = 0; presses < 9; presses++) {
      if (await isFocused(action)) return;
      await page.keyboard.press(key);
    }
  }
  if (!(await isFocused(action)))
    throw new Error(`arrows never reached ${action.toString()}; at ${await describeFocus(page)}`);
}

/** The editor's polite announcement of a move. */
const announcement = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: / moved: / })
    .first();

/** The top-level items of the tree, by label, in their order. */
const topLevel = (page: Page) =>
  page.getByRole('list', { name: 'Menu tree' }).locator(':scope > li > div .name').allTextContents();

describe('the menu tree editor, end to end', () => {
  test('an application administrator moves items by keyboard, edits a label, and the menu shows it', async () => {
    const id = randomBytes(3).toString('hex');
    const tools = `E2E tools ${id}`;
    const link = `E2E link ${id}`;
    const renamed = `E2E contact ${id}`;
    const { page } = await openPage();
    await signIn(page, 'app-admin@demo.example');
    const created: string[] = [];
    try {
      created.push(await createItem(page, { name: tools }));
      created.push(await createItem(page, { name: link, url: '/contact' }));

      // the admin menu's entry (seed 001 §6: the application group, for application administrators)
      await page.goto('/admin/dashboard');
      await page.getByRole('banner').getByRole('button', { name: 'Open the menu' }).click();
      await page
        .getByRole('dialog')
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Menu items' })
        .click();
      await page.waitForURL('**/admin/resources/app-menu-items');
      await page.getByRole('heading', { level: 1, name: 'Menu items' }).waitFor();
      const toolsBar = toolbarOf(page, tools);
      await toolsBar.waitFor();
      expect((await topLevel(page)).slice(-2)).toEqual([tools, link]);
      await checkA11y(page, 'menu editor');
      await shot(page, 'menu-editor-light');

      // down, by keyboard: the focus stays on the moved item (now last: on its way back up)
      await keyboardTo(page, toolsBar, toolsBar.getByRole('button', { name: 'Move down' }));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => announcement(page).textContent())
        .toMatch(new RegExp(`^“${tools}” moved: item (\\d+) of \\1 at the top level\\.$`));
      expect((await topLevel(page)).slice(-2)).toEqual([link, tools]);
      await expect.poll(() => isFocused(toolsBar.getByRole('button', { name: 'Move up' }))).toBe(true);

      // into the item above, as its last child; the focus follows it into its new list
      await arrowTo(page, toolsBar.getByRole('button', { name: `Move into “${link}”` }));
      await page.keyboard.press('Enter');
      await expect
        .poll(() => announcement(page).textContent())
        .toBe(`“${tools}” moved: item 1 of 1 in “${link}”.`);
      const linkItem = page
        .getByRole('list', { name: 'Menu tree' })
        .locator(':scope > li')
        .filter({ has: toolbarOf(page, link) });
      await linkItem
        .locator(':scope > ol')
        .getByRole('toolbar', { name: `Actions for “${tools}”` })
        .waitFor();
      await expect
        .poll(() => isFocused(toolsBar.getByRole('button', { name: `Move out of “${link}”` })))
        .toBe(true);
      await checkA11y(page, 'menu editor with a nested item');

      // out of it again: right after its former parent
      await page.keyboard.press('Enter');
      await expect
        .poll(() => announcement(page).textContent())
        .toMatch(new RegExp(`^“${tools}” moved: item (\\d+) of \\1 at the top level\\.$`));
      expect((await topLevel(page)).slice(-2)).toEqual([link, tools]);
      await expect
        .poll(() => isFocused(toolsBar.getByRole('button', { name: `Move into “${link}”` })))
        .toBe(true);

      // and into once more, so that the top bar shows a nested menu
      await page.keyboard.press('Enter');
      await expect
        .poll(() => announcement(page).textContent())
        .toBe(`“${tools}” moved: item 1 of 1 in “${link}”.`);

      // the label, by keyboard: the form opens on the label, Enter saves
      const linkBar = toolbarOf(page, link);
      await keyboardTo(page, linkBar, linkBar.getByRole('button', { name: 'Edit' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Edit “${link}”` });
      const label = dialog.getByLabel('Label (required)');
      await expect.poll(() => label.inputValue()).toBe(link);
      await expect.poll(() => isFocused(label)).toBe(true);
      await checkA11y(page, 'menu item form');
      await shot(page, 'menu-editor-form-light');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(renamed);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: `“${renamed}” is saved.` })
        .first()
        .waitFor();
      const renamedBar = toolbarOf(page, renamed);
      await renamedBar.waitFor();
      await expect.poll(() => isFocused(renamedBar.getByRole('button', { name: 'Edit' }))).toBe(true);

      // the shell's menu was read again: the public top bar shows the change without a reload
      await page
        .getByRole('banner')
        .getByRole('link', { name: /home page/i })
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      const topBar = page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' });
      const group = topBar.getByRole('button', { name: renamed, exact: true });
      await group.waitFor();
      await group.click();
      await page.getByRole('menu', { name: renamed }).getByRole('menuitem', { name: tools }).waitFor();
      await page.keyboard.press('Escape');
      await checkA11y(page, 'the public page with the edited menu');

      // and after a reload, read from the server
      await page.reload();
      await topBar.getByRole('button', { name: renamed, exact: true }).waitFor();

      // the item's history: each move and the new label, by this editor
      await page.goto('/admin/resources/app-menu-items');
      await toolbarOf(page, tools).getByRole('link', { name: 'History' }).click();
      await page.getByRole('heading', { level: 1, name: `Menu items: history of “${tools}”` }).waitFor();
      const entries = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
      await expect.poll(() => entries.count()).toBe(5); // created, then four moves
      expect(await entries.first().innerText()).toContain('By Adam Demo.');
      await checkA11y(page, 'menu item history');
      await shot(page, 'menu-editor-history-light');
      await page.getByRole('link', { name: 'Back to the record' }).click();
      await page.waitForURL(`**/admin/resources/app-menu-items/index?item=${created[0]}`);
      await expect
        .poll(() =>
          isFocused(toolbarOf(page, tools).getByRole('button', { name: 'Move out of' + ` “${renamed}”` })),
        )
        .toBe(true);

      // delete the parent, confirmed: its sub-item goes with it
      const parentBar = toolbarOf(page, renamed);
      await keyboardTo(page, parentBar, parentBar.getByRole('button', { name: 'Delete' }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: `Delete “${renamed}”?` });
      await confirm.getByText('1 item under it is deleted with it.').waitFor();
      await checkA11y(page, 'delete confirmation');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${renamed}” is deleted.` })
        .first()
        .waitFor();
      await toolbarOf(page, renamed).waitFor({ state: 'detached' });
      expect(await toolbarOf(page, tools).count()).toBe(0);
      created.length = 0;
    } finally {
      for (const item of created.reverse()) await deleteItem(page, item).catch(() => undefined);
    }
  }, 300_000);

  test('the editor shows an application administrator the items hidden from them in the menu', async () => {
    const hidden = `E2E rental admins ${randomBytes(3).toString('hex')}`;
    const { page } = await openPage();
    await signIn(page, 'app-admin@demo.example');
    // an item for another role: the public menu hides it from this editor, the editor must not
    const id = await createItem(page, { name: hidden, roles: ['rental_admin'] });
    try {
      await page.goto('/admin/resources/app-menu-items');
      await toolbarOf(page, hidden).waitFor();
      await expect.poll(() => topLevel(page)).toContain(hidden);
      const menu = await page.evaluate(async () =>
        JSON.stringify(await (await fetch('/api/v1/services/app-menu')).json()),
      );
      expect(menu).not.toContain(hidden);
    } finally {
      await deleteItem(page, id);
    }
  });

  test('the editor and its form pass axe in the dark theme', async () => {
    const id = randomBytes(3).toString('hex');
    const { page } = await openPage({ theme: 'dark' });
    await signIn(page, 'app-admin@demo.example');
    const item = await createItem(page, { name: `E2E dark ${id}`, url: 'https://example.org', blank: true });
    try {
      await page.goto('/admin/resources/app-menu-items/index');
      const bar = toolbarOf(page, `E2E dark ${id}`);
      await bar.waitFor();
      await checkA11y(page, 'menu editor (dark)');
      await shot(page, 'menu-editor-dark');
      await bar.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: `Edit “E2E dark ${id}”` });
      await dialog.getByLabel('Address (required)').fill('not an address');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('The item is not saved: check the fields marked below.').waitFor();
      await checkA11y(page, 'menu item form with an error (dark)');
      await shot(page, 'menu-editor-form-error-dark');

      // Escape with edits in the form asks first; keeping them changes nothing, discarding closes the form
      await page.keyboard.press('Escape');
      const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
      await discard.waitFor();
      await expect.poll(() => isFocused(discard.getByRole('button', { name: 'Keep editing' }))).toBe(true);
      await checkA11y(page, 'discard question over the menu item form (dark)');
      await shot(page, 'menu-editor-discard-question-dark', { fullPage: false });
      await page.keyboard.press('Enter');
      await discard.waitFor({ state: 'detached' });
      // back in the form, where the reader was
      await expect.poll(() => dialog.evaluate((form) => form.contains(document.activeElement))).toBe(true);
      expect(await dialog.getByLabel('Address (required)').inputValue()).toBe('not an address');
      await page.keyboard.press('Escape');
      await discard.getByRole('button', { name: 'Discard the changes' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await deleteItem(page, item);
    }
  }, 240_000);

  test.each([
    { name: '320 px', viewport: { width: 320, height: 640 }, text: null },
    { name: '375 px with the largest text', viewport: { width: 375, height: 740 }, text: LARGEST_TEXT },
  ])(
    'the tree and its form reflow at $name',
    async ({ name, viewport, text }) => {
      const id = randomBytes(3).toString('hex');
      const { page, context } = await openPage({ viewport });
      if (text) await storeAccessibility(context, text);
      await signIn(page, 'app-admin@demo.example');
      const parent = await createItem(page, { name: `E2E group with a rather long label ${id}` });
      const child = await createItem(
        page,
        { name: `E2E deep ${id}`, url: `https://example.org/a/very/long/path/that/never/breaks/${id}` },
        parent,
      );
      try {
        await page.goto('/admin/resources/app-menu-items');
        await toolbarOf(page, `E2E deep ${id}`).waitFor();
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        const slug = name.replace(/[^a-z0-9]+/gi, '-');
        await shot(page, `menu-editor-reflow-${slug}`);
        const tree = await measureReflow(page);
        expect(tree.overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
        expect(tree.clipped, 'elements that cut their own text').toEqual([]);
        expect(tree.outside, 'text beyond the left or right edge').toEqual([]);

        await toolbarOf(page, `E2E deep ${id}`).getByRole('button', { name: 'Edit' }).click();
        await page
          .getByRole('dialog', { name: `Edit “E2E deep ${id}”` })
          .getByLabel('Address (required)')
          .waitFor();
        await shot(page, `menu-editor-form-reflow-${slug}`);
        const form = await measureReflow(page);
        expect(form.overflow, 'the form scrolls sideways').toBeLessThanOrEqual(0);
        expect(form.outside, 'text beyond the left or right edge').toEqual([]);
      } finally {
        await deleteItem(page, child);
        await deleteItem(page, parent);
      }
    },
    240_000,
  );

  test('a member without rights gets the unauthorized screen', async () => {
    const { page } = await openPage();
    await signIn(page, 'member2@demo.example');
    await page.goto('/admin/resources/app-menu-items');
    await page.waitForURL('**/errors/unauthorized?redirectUrl=%2Fadmin%2Fresources%2Fapp-menu-items');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkA11y(page, 'unauthorized');
  }, 60_000);
});
