import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

/**
 * The back office's menu (seed 001 §6) beside its screens on a wide window, in the navigation drawer on a narrow
 * one or with the largest text; no screen scrolls sideways either way.
 */
async function adminPage(
  viewport: { width: number; height: number },
  options: { theme?: 'light' | 'dark'; largest?: boolean } = {},
): Promise<Page> {
  const { context } = await openContext({ viewport, theme: options.theme });
  if (options.largest) await storeAccessibility(context, LARGEST_TEXT);
  const page = await pageOfTest(context, true);
  await signIn(page, 'admin@demo.example');
  await page.goto('/admin/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  // the dashboard's counts load after it: a bound for a hang, the poll ends as soon as they are there
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page;
}

const sideMenu = (page: Page) =>
  page.locator('[data-admin-side-menu]').getByRole('navigation', { name: 'Administration' });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `the page scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, 'text beyond the left or right edge').toEqual([]);
}

describe('the admin menu beside the back office', () => {
  test.each(['light', 'dark'] as const)(
    'is beside every back-office screen at 1280 px (%s), the dashboard listing what the viewer may open',
    async (theme) => {
      const page = await adminPage({ width: 1280, height: 800 }, { theme });
      const side = sideMenu(page);
      await side.waitFor();
      // seed 001 §6: the dashboard (and the dev mailbox) first, then the groups in their order
      expect((await side.getByRole('link').allInnerTexts()).slice(0, 3)).toEqual([
        'Dashboard',
        'Dev mailbox',
        'Pages',
      ]);
      // beside the screen, not above it
      const sideBox = (await page.locator('[data-admin-side-menu]').boundingBox())!;
      const mainBox = (await page.getByRole('main').boundingBox())!;
      expect(mainBox.x).toBeGreaterThanOrEqual(sideBox.x + sideBox.width - 1);
      // the dashboard's counts and its list of every screen
      await page.getByText(/^\d+ accounts?\.$/).waitFor();
      await page
        .getByRole('region', { name: 'Everything you can open' })
        .getByRole('link', { name: 'Coupons' })
        .waitFor();
      await expectNoSidewaysScroll(page);
      await checkA11y(page, `dashboard with the side menu (${theme})`);
      await shot(page, `admin-menu-1280-${theme}`);

      // it leads to the other screens and stays beside them
      await side.getByRole('link', { name: 'Users', exact: true }).click();
      await page.waitForURL('**/admin/users');
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await expect
        .poll(() => side.getByRole('link', { name: 'Users', exact: true }).getAttribute('aria-current'), {
          timeout: 30_000,
        })
        .toBe('page');
      await expectNoSidewaysScroll(page);
      await checkA11y(page, `users with the side menu (${theme})`);
    },
    120_000,
  );

  test('stays in the drawer at 320 px', async () => {
    const page = await adminPage({ width: 320, height: 640 });
    expect(await page.locator('[data-admin-side-menu]').isVisible()).toBe(false);
    await expectNoSidewaysScroll(page);
    await shot(page, 'admin-menu-320');
    await page.getByRole('banner').getByRole('button', { name: 'Open the menu' }).click();
    const drawerMenu = page.getByRole('dialog').getByRole('navigation', { name: 'Administration' });
    await drawerMenu.getByRole('link', { name: 'Dashboard' }).waitFor();
    await checkA11y(page, 'admin menu in the drawer at 320 px');
    await shot(page, 'admin-menu-320-drawer', { fullPage: false });
  }, 120_000);

  test('stays in the drawer on a 1280 px window with the largest text', async () => {
    const page = await adminPage({ width: 1280, height: 800 }, { largest: true });
    expect(await page.locator('[data-admin-side-menu]').isVisible()).toBe(false);
    await expectNoSidewaysScroll(page);
    await shot(page, 'admin-menu-1280-largest', { fullPage: false });
  }, 120_000);
});
