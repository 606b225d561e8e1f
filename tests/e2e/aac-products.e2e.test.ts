import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_AAC_PRODUCTS_PATH } from '@platform/host/seed/demo-content';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin } from './support/admin-api.ts';
import { openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';
import { inBothThemes } from './support/themes.ts';

/**
 * The AAC products catalogue in the browser (ADR 0064), on the demo site's "Communication aids" page: a visitor
 * filters the published products by access method, opens one, and compares two side by side; a member contributes
 * a product by keyboard and is told it waits for a moderator, which the catalogue confirms by not listing it; the
 * pages read at 320 px and with the largest text, in both themes. The contribution is this run's own.
 */

async function visitorPage(viewport = { width: 1280, height: 900 }, { largest = false } = {}): Promise<Page> {
  const { context } = await openContext({ viewport });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  return pageOfTest(context, true);
}

async function expectReflow(page: Page, what: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `${what} scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, `${what}: text beyond the left or right edge`).toEqual([]);
  expect(report.clipped, `${what}: elements that cut their own text`).toEqual([]);
}

const products = (page: Page) => page.getByRole('list', { name: 'AAC products' });

describe('the AAC products catalogue', () => {
  test('a visitor filters by access method, opens a product and compares two', async () => {
    const page = await visitorPage();
    await page.goto(DEMO_AAC_PRODUCTS_PATH);
    await page.getByRole('heading', { level: 1, name: 'Communication aids' }).waitFor();
    await products(page).getByRole('link', { name: 'TalkGrid' }).waitFor({ timeout: 30_000 });
    await checkA11yInBothThemes(page, 'the AAC catalogue', 'aac-catalogue-1280');

    // scanning: the two products reached that way
    await page.goto(`${DEMO_AAC_PRODUCTS_PATH}?access=scanning`);
    await products(page).getByRole('link', { name: 'HeadWriter' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await products(page).getByRole('listitem').allInnerTexts()).length)
      .toBe(2);
    expect(await products(page).getByRole('link', { name: 'EyeSpeak 13' }).count()).toBe(0);

    // a product's page
    await page.goto(DEMO_AAC_PRODUCTS_PATH);
    await products(page).getByRole('link', { name: 'EyeSpeak 13' }).click();
    await page.getByRole('heading', { level: 1, name: 'EyeSpeak 13' }).waitFor({ timeout: 30_000 });
    await page.getByText('Windows 11, locked to the communication software.').waitFor();
    await page.getByText('Dwell or blink to select; calibrated in two minutes.').waitFor();
    await checkA11yInBothThemes(page, 'an AAC product', 'aac-product-1280');

    // two ticked from the catalogue, compared side by side
    await page.goto(DEMO_AAC_PRODUCTS_PATH);
    const items = products(page).getByRole('listitem');
    await products(page).getByRole('link', { name: 'TalkGrid' }).waitFor({ timeout: 30_000 });
    for (const name of ['TalkGrid', 'EyeSpeak 13']) {
      const box = items.filter({ has: page.getByRole('link', { name, exact: true }) }).getByRole('checkbox', {
        name: /Compare/,
      });
      await tabTo(page, box, 80);
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await page.getByRole('link', { name: 'Compare (2)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compare AAC products' }).waitFor({ timeout: 30_000 });
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: /TalkGrid/ }).waitFor();
    await table.getByRole('columnheader', { name: /EyeSpeak 13/ }).waitFor();
    await table.getByRole('rowheader', { name: 'Access types' }).waitFor();
    await checkA11yInBothThemes(page, 'the AAC comparison', 'aac-compare-1280');
  }, 240_000);

  test('a member contributes a product by keyboard; it waits for a moderator', async () => {
    const name = `Board ${randomUUID().slice(0, 6)}`;
    const page = await visitorPage();
    await signIn(page, 'member2@demo.example');
    await page.goto(`${DEMO_AAC_PRODUCTS_PATH}/contribution`);
    await page
      .getByRole('heading', { level: 1, name: 'Contribute an AAC product' })
      .waitFor({ timeout: 30_000 });
    const field = page.getByRole('textbox', { name: /^Name/ });
    await tabTo(page, field, 60);
    await page.keyboard.type(name);
    await page.getByRole('textbox', { name: /^Short description/ }).fill('A pictogram board for the kitchen');
    const scanning = page.getByRole('checkbox', { name: 'Scanning' });
    await tabTo(page, scanning, 40);
    await page.keyboard.press('Space');
    await expect.poll(() => scanning.isChecked()).toBe(true);
    await checkA11yInBothThemes(page, 'the contribution form', 'aac-contribution-1280');
    const send = page.getByRole('button', { name: 'Send my contribution' });
    await tabTo(page, send, 80);
    await page.keyboard.press('Enter');
    const done = page.getByRole('heading', { name: 'Thank you: your contribution is sent' });
    await done.waitFor({ timeout: 30_000 });
    await expect.poll(() => isFocused(done), { timeout: 10_000 }).toBe(true);
    await page.getByText(/waits for a moderator/).waitFor();

    // the back office has it, unpublished; the catalogue does not list it
    let found: Array<{ attributes: Record<string, unknown> }> = [];
    await expect
      .poll(
        async () => {
          found = (await asAdmin('GET', `/aac-products?filter[search]=${encodeURIComponent(name)}`)).data;
          return found.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(found[0]!.attributes.publishedAt).toBeNull();
    const visitor = await visitorPage();
    await visitor.goto(`${DEMO_AAC_PRODUCTS_PATH}?search=${encodeURIComponent(name)}`);
    // a phrase with a space in the address (its page was not loaded before: the query reached the resolver decoded)
    await visitor.getByText('No product matches these filters.').waitFor({ timeout: 30_000 });
  }, 240_000);

  test('nothing scrolls sideways or is cut at 320 px, nor with the largest text, in both themes', async () => {
    for (const [what, viewport, largest] of [
      ['320', { width: 320, height: 800 }, false],
      ['largest-text-320', { width: 320, height: 800 }, true],
    ] as const) {
      const page = await visitorPage(viewport, { largest });
      await page.goto(DEMO_AAC_PRODUCTS_PATH);
      await products(page).getByRole('link', { name: 'TalkGrid' }).waitFor({ timeout: 30_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await inBothThemes(page, async (theme) => {
        await expectReflow(page, `the AAC catalogue at ${what} (${theme})`);
        await shot(page, `aac-catalogue-${what}-${theme}`);
      });
      await products(page).getByRole('link', { name: 'EyeSpeak 13' }).click();
      await page.getByRole('heading', { level: 1, name: 'EyeSpeak 13' }).waitFor({ timeout: 30_000 });
      await inBothThemes(page, async (theme) => {
        await expectReflow(page, `an AAC product at ${what} (${theme})`);
        await shot(page, `aac-product-${what}-${theme}`);
      });
    }
  }, 240_000);
});
