import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

/** The editor's list of blocks, as their headings read: "Block 1 of 2: Title “…”". */
const blockHeadings = (page: Page) =>
  page.getByRole('list', { name: 'Blocks' }).getByRole('heading', { level: 3 }).allInnerTexts();

/** Adds a title block through the editor's "add a block" form. */
async function addTitleBlock(page: Page, title: string, position: number) {
  await page.getByRole('button', { name: /Kind of the new block/ }).click();
  await page.getByRole('option', { name: 'Title', exact: true }).click();
  await page.getByRole('button', { name: 'Add a block' }).click();
  const form = page.getByRole('form', { name: 'New block: Title' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByRole('button', { name: 'Add to the page' }).click();
  await toast(page, `Title block added at position ${position}.`).waitFor();
  await page.getByRole('heading', { level: 3, name: `Title “${title}”` }).waitFor();
}

describe('the page editor, end to end', () => {
  test('an app admin edits a page from its edit button, reorders by keyboard, publishes a draft', async () => {
    const id = randomBytes(3).toString('hex');
    const title = `E2E editor ${id}`;
    const path = `/e2e-editor-${id}`;
    const { page, context } = await openPage();
    await signIn(page, 'app-admin@demo.example');

    // the admin menu's entry leads to the list; a new page is made there
    await page.goto('/admin/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Open the menu' }).click();
    await page
      .getByRole('dialog')
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Pages', exact: true })
      .click();
    await page.waitForURL('**/admin/resources/app-pages/index');
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await page.getByRole('table', { name: /^Pages and drafts/ }).waitFor();
    await checkA11y(page, 'pages list');
    await shot(page, 'page-editor-list-light');
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title (required)').fill(title);
    await dialog.getByLabel('Path (required)').fill(path);
    await dialog.getByRole('button', { name: 'Create the page' }).click();
    await page.waitForURL('**/admin/resources/app-pages/page-template/**');
    await page.getByRole('heading', { level: 1, name: `Edit the page “${title}”` }).waitFor();
    const pageUrl = new URL(page.url()).pathname;

    // kept from the other browser tests' visitors: for signed-in application administrators only
    await page.getByRole('switch', { name: 'Signed-in members only' }).check({ force: true });
    await page.getByRole('switch', { name: 'Application administrator' }).check({ force: true });
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await toast(page, 'The page settings are saved.').waitFor();

    // the edit button of the public page leads back to the editor
    await page.goto(path);
    const edit = page.getByRole('link', { name: 'Edit this page' });
    await edit.click();
    await page.waitForURL(`**${pageUrl}`);
    await page.getByRole('heading', { level: 1, name: `Edit the page “${title}”` }).waitFor();

    // two blocks added, the second moved above the first with the keyboard only
    await addTitleBlock(page, `Intro ${id}`, 1);
    await addTitleBlock(page, `Moved ${id}`, 2);
    expect(await blockHeadings(page)).toEqual([
      `Block 1 of 2: Title “Intro ${id}”`,
      `Block 2 of 2: Title “Moved ${id}”`,
    ]);
    const moveUp = page.getByRole('button', { name: `Move Title “Moved ${id}” up` });
    await tabTo(page, moveUp, 12);
    await page.keyboard.press('Enter');
    await page
      .locator('[role="status"]')
      .filter({ hasText: `Title “Moved ${id}” moved to position 1 of 2.` })
      .waitFor({ state: 'attached' });
    expect(await blockHeadings(page)).toEqual([
      `Block 1 of 2: Title “Moved ${id}”`,
      `Block 2 of 2: Title “Intro ${id}”`,
    ]);
    // at the top, its "move up" is disabled: the keyboard stays on the block, on its "move down"
    const moveDown = page.getByRole('button', { name: `Move Title “Moved ${id}” down` });
    await expect.poll(() => isFocused(moveDown), { message: 'focus after the move' }).toBe(true);
    await checkA11y(page, 'page editor after a move');

    // the moved block's props, edited in the form generated from its schema
    await page.getByRole('button', { name: `Edit Title “Moved ${id}”` }).click();
    const form = page.getByRole('form', { name: `Settings of Title “Moved ${id}”` });
    await form.getByLabel('Subtitle', { exact: true }).fill(`Subtitle ${id}`);
    await form.getByLabel('Heading level', { exact: true }).fill('3');
    await checkA11y(page, 'page editor with a block form open');
    await shot(page, 'page-editor-block-form-light');
    await form.getByRole('button', { name: 'Save the block' }).click();
    await toast(page, `Title “Moved ${id}” is saved.`).waitFor();
    await expect.poll(() => form.count()).toBe(0);

    // a draft: unchanged, it cannot be published, and the editor says why
    await page.getByRole('button', { name: 'Create a draft' }).click();
    await page.getByRole('heading', { level: 1, name: `Edit the draft of “${title}”` }).waitFor();
    const draftUrl = new URL(page.url()).pathname;
    expect(draftUrl).not.toBe(pageUrl);
    const publish = page.getByRole('button', { name: 'Publish the draft' });
    await publish.waitFor();
    expect(await publish.isDisabled()).toBe(true);
    await page
      .getByText(
        'The draft can be published once it has been changed: it is still the same as the published page.',
      )
      .waitFor();
    await checkA11y(page, 'draft editor');
    await shot(page, 'page-editor-draft-light');

    // the draft previewed in a new tab, drawn by the CMS renderer
    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /^Preview/ }).click(),
    ]);
    await preview
      .getByText(`Preview of a draft: visitors of ${path} do not see it until it is published.`)
      .waitFor();
    await preview.getByRole('heading', { name: `Moved ${id}` }).waitFor();
    await checkA11y(preview, 'draft preview');
    await shot(preview, 'page-editor-preview-light');
    await preview.close();

    // changed, then published: the page takes the draft's blocks
    await page.getByRole('button', { name: `Edit Title “Intro ${id}”` }).click();
    const draftForm = page.getByRole('form', { name: `Settings of Title “Intro ${id}”` });
    await draftForm.getByLabel('Title', { exact: true }).fill(`Published ${id}`);
    await draftForm.getByRole('button', { name: 'Save the block' }).click();
    await toast(page, `Title “Intro ${id}” is saved.`).waitFor();
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await page.waitForURL(`**${pageUrl}?minPosition=*`);
    await toast(page, `The draft of “${title}” is published.`).waitFor();
    await page.getByRole('heading', { level: 3, name: `Title “Published ${id}”` }).waitFor();

    // the public page shows the published change, in the new order
    await page.goto(path);
    await page.getByRole('heading', { name: `Published ${id}` }).waitFor();
    const headings = await page.getByTestId('cms-page').last().getByRole('heading').allInnerTexts();
    // the page's own (hidden) h1, then its blocks in their new order
    expect(headings.filter((h) => h.endsWith(id))).toEqual([title, `Moved ${id}`, `Published ${id}`]);
    await page.getByText(`Subtitle ${id}`).waitFor();
    expect(await page.getByRole('heading', { level: 3, name: `Moved ${id}` }).count()).toBe(1);

    // the page's history lists the changes; then the page is deleted, after a confirmation
    await page.goto(pageUrl);
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/admin/resources/app-pages/history/**');
    const changes = page.getByRole('list', { name: 'Changes, newest first' });
    await changes.waitFor();
    // what each entry did, in words, and a block's change as the one prop it changed
    expect(await changes.getByText(/^Draft applied — /).count()).toBe(1);
    expect(await changes.getByText(/^Block moved — /).count()).toBe(1);
    expect(await changes.getByText('Block 1 · subtitle').count()).toBeGreaterThan(0);
    await checkA11y(page, 'page history');
    await shot(page, 'page-editor-history-light');
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Delete the page' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this page?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL('**/admin/resources/app-pages/index?minPosition=*');
    await toast(page, 'The page is deleted.').waitFor();
  }, 240_000);

  test('unsaved settings or block edits ask before the editor is left', async () => {
    const id = randomBytes(3).toString('hex');
    const title = `E2E unsaved ${id}`;
    const { page } = await openPage();
    await signIn(page, 'app-admin@demo.example');
    await page.goto('/admin/resources/app-pages/index');
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title (required)').fill(title);
    await dialog.getByLabel('Path (required)').fill(`/e2e-unsaved-${id}`);
    await dialog.getByRole('button', { name: 'Create the page' }).click();
    await page.getByRole('heading', { level: 1, name: `Edit the page “${title}”` }).waitFor();
    const editorUrl = new URL(page.url()).pathname;
    const back = page.getByRole('link', { name: 'Back to the pages' });
    const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });

    // a changed setting: the link asks; staying keeps what was typed
    const description = page.getByLabel('Description', { exact: true });
    await description.fill(`Typed ${id}`);
    await back.click();
    await leave.waitFor();
    await checkA11y(page, 'leave question over the page editor');
    await shot(page, 'page-editor-leave-question-light', { fullPage: false });
    await leave.getByRole('button', { name: 'Stay on the page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(editorUrl);
    expect(await description.inputValue()).toBe(`Typed ${id}`);

    // saved, the editor is left without a question
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await toast(page, 'The page settings are saved.').waitFor();
    await back.click();
    await page.waitForURL('**/admin/resources/app-pages/index');
    expect(await leave.count()).toBe(0);

    // an open block form with a change asks too; leaving without saving keeps the page as it was
    await page.goto(editorUrl);
    await addTitleBlock(page, `Kept ${id}`, 1);
    await page.getByRole('button', { name: `Edit Title “Kept ${id}”` }).click();
    const form = page.getByRole('form', { name: `Settings of Title “Kept ${id}”` });
    await form.getByLabel('Title', { exact: true }).fill(`Lost ${id}`);
    await back.click();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/admin/resources/app-pages/index');
    await page.goto(editorUrl);
    await page.getByRole('heading', { level: 3, name: `Title “Kept ${id}”` }).waitFor();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(`Typed ${id}`);

    await page.getByRole('button', { name: 'Delete the page' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this page?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL('**/admin/resources/app-pages/index?minPosition=*');
  }, 240_000);

  test('the edit button’s code is downloaded by app admins only', async () => {
    const chunk = /edit-page-button/;
    const visitor = await openPage();
    const visitorAsked: string[] = [];
    visitor.page.on('request', (r) => visitorAsked.push(r.url()));
    await visitor.page.goto('/about');
    await visitor.page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
    // whatever loads after the first paint has loaded (the deferred gate opened and its modules are in)
    await visitor.page.locator('html[data-deferred-loaded]').waitFor({ state: 'attached' });
    expect(visitorAsked.filter((url) => chunk.test(url))).toEqual([]);
    expect(await visitor.page.getByRole('link', { name: 'Edit this page' }).count()).toBe(0);

    const { page } = await openPage();
    await signIn(page, 'app-admin@demo.example');
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.goto('/about');
    const edit = page.getByRole('link', { name: 'Edit this page' });
    await edit.waitFor();
    expect(asked.some((url) => chunk.test(url))).toBe(true);
    // at the left of the page
    const box = await edit.boundingBox();
    expect(box!.x).toBeLessThan(100);
    await checkA11y(page, 'CMS page with the edit button');
  }, 60_000);

  test('the editor passes axe in the dark theme and reflows at 320 px with the largest text', async () => {
    const { page, context } = await openPage({ theme: 'dark' });
    await signIn(page, 'admin@demo.example');
    await page.goto('/admin/resources/app-pages/index');
    await page.getByRole('link', { name: 'Edit “About us”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit the page “About us”' }).waitFor();
    await page.getByRole('list', { name: 'Blocks' }).waitFor();
    await checkA11y(page, 'page editor (dark)');
    await page
      .getByRole('list', { name: 'Blocks' })
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('form', { name: /^Settings of / }).waitFor();
    await checkA11y(page, 'page editor with a block form open (dark)');
    await shot(page, 'page-editor-block-form-dark');
    await page.goto('/admin/resources/app-pages/index');
    await page.getByRole('table', { name: /^Pages and drafts/ }).waitFor();
    await checkA11y(page, 'pages list (dark)');

    await storeAccessibility(context, LARGEST_TEXT);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/admin/resources/app-pages/index');
    await page.getByRole('link', { name: 'Edit “About us”' }).click();
    await page
      .getByRole('list', { name: 'Blocks' })
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('form', { name: /^Settings of / }).waitFor();
    const report = await measureReflow(page);
    expect(report.overflow, `${report.overflow}px too wide`).toBeLessThanOrEqual(0);
    expect(report.outside).toEqual([]);
    // what a reader of the narrow window sees: the top of the editor, and the block's form
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'page-editor-320-largest-text-top', { fullPage: false });
    await page.getByRole('form', { name: /^Settings of / }).scrollIntoViewIfNeeded();
    await shot(page, 'page-editor-320-largest-text-form', { fullPage: false });
  }, 240_000);

  test('a member without rights gets the unauthorized screen at the editor', async () => {
    const { page } = await openPage();
    await signIn(page, 'member1@demo.example');
    await page.goto('/admin/resources/app-pages/page-template/00000000-0000-4000-8000-000000000000');
    await page.waitForURL(
      '**/errors/unauthorized?redirectUrl=%2Fadmin%2Fresources%2Fapp-pages%2Fpage-template%2F00000000-0000-4000-8000-000000000000',
    );
    await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    await checkA11y(page, 'unauthorized at the page editor');
  }, 60_000);
});
