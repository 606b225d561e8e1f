import { demoMenuFor } from '@platform/host/seed/demo-content';
import { describe, expect, test } from 'vitest';
import { openPage, VIEWPORTS } from './support/browser.ts';
import { describeFocus, focusIndicator, isFocused, tabTo } from './support/focus.ts';

/** The demo menu (every feature on): "Community" holds About us, Contact and the community's pages. */
const DEMO_MENU = demoMenuFor();
const COMMUNITY_ENTRIES = DEMO_MENU.find((item) => item.name === 'Community')!.children!.map((c) => c.name);
/** the menu's links in the drawer, groups flattened: Home, the community's, the features', the legal ones */
const MENU_LINKS = DEMO_MENU.flatMap((item) =>
  item.children ? item.children.map((c) => c.name) : [item.name],
);

describe('menu navigation', () => {
  test('the top bar menu leads to /about and /contact through the nested "Community" menu', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();

    await nav.getByRole('button', { name: 'Community', exact: true }).click();
    const community = page.getByRole('menu', { name: 'Community' });
    // a trigger pressed before the menus' code has loaded opens its menu once it has (kit/ui/menu.tsx)
    await community.waitFor();
    expect(await community.getByRole('menuitem').allInnerTexts()).toEqual(COMMUNITY_ENTRIES);
    await community.getByRole('menuitem', { name: 'About us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await community.count()).toBe(0); // the menu closed on the way

    await nav.getByRole('button', { name: 'Community', exact: true }).click();
    await page.getByRole('menu', { name: 'Community' }).getByRole('menuitem', { name: 'Contact' }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Contact us' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await page.title()).toContain('Contact');

    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('keyboard only', () => {
  test('the skip link comes first and moves focus to the main content', async () => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await isFocused(skip), `focus is on ${await describeFocus(page)}`).toBe(true);
    expect(await focusIndicator(page)).toMatchObject({ outline: 'solid', visible: true });
    expect((await focusIndicator(page)).width).toBeGreaterThanOrEqual(2);

    await page.keyboard.press('Enter');
    expect(await isFocused(page.getByRole('main')), `focus is on ${await describeFocus(page)}`).toBe(true);
    // the next Tab continues inside the content: the hero's first call to action
    await page.keyboard.press('Tab');
    expect(
      await isFocused(page.getByRole('main').getByRole('link', { name: 'Discover the community' })),
    ).toBe(true);
  });

  test('Tab reaches the menu, the arrow keys walk the submenu, Enter follows it; focus is always visible', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();

    const home = nav.getByRole('link', { name: 'Home' });
    await tabTo(page, home);
    expect(await focusIndicator(page)).toMatchObject({ outline: 'solid', visible: true });

    const trigger = nav.getByRole('button', { name: 'Community', exact: true });
    await page.keyboard.press('Tab');
    // the trigger may be the one shown while the menus' code loads, which hands the focus to the trigger that
    // replaces it (kit/ui/menu.tsx): wait for the focus to be on the trigger there is
    await expect
      .poll(async () => ((await isFocused(trigger)) ? 'trigger' : await describeFocus(page)), {
        timeout: 10_000,
      })
      .toBe('trigger');
    expect(await focusIndicator(page)).toMatchObject({ outline: 'solid', visible: true });

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Community' });
    await menu.waitFor();
    const first = menu.getByRole('menuitem', { name: 'About us' });
    await expect
      .poll(async () => ((await isFocused(first)) ? 'About us' : await describeFocus(page)))
      .toBe('About us');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => isFocused(menu.getByRole('menuitem', { name: 'Contact' }))).toBe(true);

    // Escape closes the submenu and gives focus back to its trigger
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(trigger)).toBe(true);

    await page.keyboard.press('ArrowDown'); // opens the menu again, on its first item
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => isFocused(menu.getByRole('menuitem', { name: 'Contact' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByRole('heading', { name: 'Contact us' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    // after a navigation the keyboard continues from the new content
    await expect.poll(() => isFocused(page.getByRole('main'))).toBe(true);
  });

  test('at 390 px the menu is in a drawer that opens from the keyboard and closes with Escape', async () => {
    const { page } = await openPage({ viewport: VIEWPORTS.mobile });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    // on mobile the top bar has no inline menu
    expect(await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).count()).toBe(0);

    const open = page.getByRole('button', { name: 'Open the menu' });
    await tabTo(page, open);
    expect(await focusIndicator(page)).toMatchObject({ outline: 'solid', visible: true });
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    // focus moved into the drawer, and Tab stays inside it
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const nested = drawer.getByRole('navigation', { name: 'Main navigation' });
    expect(await nested.getByRole('link').allInnerTexts()).toEqual(MENU_LINKS);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      expect(await focusIndicator(page)).toMatchObject({ outline: 'solid', visible: true });
    }

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(open)).toBe(true);

    // and a link in the drawer navigates and closes it
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await tabTo(page, drawer.getByRole('link', { name: 'About us' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/about');
  });
});
