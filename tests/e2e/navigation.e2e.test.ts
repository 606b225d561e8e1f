import { demoMenuFor } from '@platform/host/seed/demo-content';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openContext, openPage, pageOfTest, VIEWPORTS } from './support/browser.ts';
import { describeFocus, focusIndicator, isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, storeAccessibility } from './support/reflow.ts';

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

describe('the top bar on a wide window', () => {
  type Box = { x: number; y: number; width: number; height: number };
  interface BarBoxes {
    logo: Box;
    entries: Box[];
    search: Box;
  }

  /**
   * Where the bar's parts are, read in one go once the web fonts are in (a layout read across several calls
   * could mix the fallback font's widths with the web font's): the name, the menu's top-level entries, the search.
   */
  async function barBoxes(page: Page): Promise<BarBoxes> {
    const banner = page.getByRole('banner');
    await banner
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .waitFor();
    return banner.evaluate(async (bar) => {
      await document.fonts.ready;
      const box = (element: Element | null): Box => {
        const { x, y, width, height } = element!.getBoundingClientRect();
        return { x, y, width, height };
      };
      return {
        logo: box(bar.querySelector('a[data-bar="logo"]')),
        entries: [...bar.querySelectorAll('nav > ul > li')].map(box),
        search: box(bar.querySelector('button[aria-label="Search"]')),
      };
    });
  }

  /** The demo menu on one line of its own below the name and the search, starting under the name. */
  const onItsOwnRow = ({ logo, entries, search }: BarBoxes) =>
    new Set(entries.map((entry) => Math.round(entry.y))).size === 1 &&
    entries[0]!.y >= Math.max(logo.y + logo.height, search.y + search.height) &&
    entries[0]!.x < logo.x + logo.width / 2;

  /** Every entry on the name's line, between the name and the search. */
  const beside = ({ logo, entries, search }: BarBoxes) =>
    entries.every(
      (entry) =>
        entry.y < logo.y + logo.height && entry.x >= logo.x + logo.width && entry.x + entry.width <= search.x,
    );

  test('a menu too long to fit beside the name and the actions takes a row of its own, on one line, in the server paint as in the app', async () => {
    const { page } = await openPage();
    await page.goto('/');
    // one line, below the name and the actions, starting under the name
    await expect.poll(async () => onItsOwnRow(await barBoxes(page))).toBe(true);
    // (the menu editor's test may add an entry meanwhile: the menu is the site's, shared by every file)
    const { logo, entries, search } = await barBoxes(page);
    expect(entries.length).toBeGreaterThanOrEqual(DEMO_MENU.length);
    // the name and the actions share the first line
    expect(search.y).toBeLessThan(logo.y + logo.height);
    // the reading order is the name, the menu, the actions, as on a window where the menu fits beside them
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: /home page/i }));
    await page.keyboard.press('Tab');
    expect(await isFocused(nav.getByRole('link', { name: 'Home' })), await describeFocus(page)).toBe(true);
    const appHeight = await page.getByRole('banner').evaluate((bar) => bar.getBoundingClientRect().height);

    // the server's paint of the page (the app's scripts refused) lays the bar out alike: nothing moves when the
    // app takes its place
    const { page: painted } = await openPage();
    await painted.route('**/assets/**', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await painted.goto('/');
    const paintedBar = painted.locator('#first-paint .first-paint-wide header');
    await paintedBar.waitFor();
    expect(await paintedBar.evaluate((bar) => bar.getBoundingClientRect().height)).toBe(appHeight);
  });

  test('a menu that fits stays beside the name and the actions, and moves below them when the window narrows', async () => {
    const { page } = await openPage();
    // a menu of three entries: the site map is the app's screen, which reads the menu as the app starts
    await page.route('**/api/v1/services/app-menu', async (route) => {
      const response = await route.fetch();
      const menu = (await response.json()) as { data: unknown[] };
      await route.fulfill({ response, json: { ...menu, data: menu.data.slice(0, 3) } });
    });
    await page.goto('/site-map');
    await expect.poll(async () => beside(await barBoxes(page))).toBe(true);
    expect((await barBoxes(page)).entries).toHaveLength(3);

    // narrower, the three entries no longer fit between them (still the wide window's layout, above 960 px)
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(async () => onItsOwnRow(await barBoxes(page))).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);
    await expect.poll(async () => beside(await barBoxes(page))).toBe(true);
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

  test('at the largest text on a phone, the skip link is wholly out of sight until it has focus', async () => {
    const { context } = await openContext({ viewport: { width: 320, height: 800 } });
    await storeAccessibility(context, LARGEST_TEXT);
    const page = await pageOfTest(context, true);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    // several lines tall at this size: a fixed offset above the page left its bottom showing
    const hidden = await skip.boundingBox();
    expect(hidden!.height).toBeGreaterThan(100);
    expect(hidden!.y + hidden!.height).toBeLessThanOrEqual(0);
    await page.keyboard.press('Tab');
    expect(await isFocused(skip), `focus is on ${await describeFocus(page)}`).toBe(true);
    await expect
      .poll(async () => {
        const shown = await skip.boundingBox();
        return shown!.y >= 0 && shown!.x >= 0 && shown!.x + shown!.width <= 320;
      })
      .toBe(true);
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
