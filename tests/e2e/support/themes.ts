import type { Page } from 'playwright-core';

export type Theme = 'light' | 'dark';

/** The page's theme as the document shows it. */
export async function themeOf(page: Page): Promise<Theme> {
  return (await page.locator('html').getAttribute('data-theme')) === 'dark' ? 'dark' : 'light';
}

/**
 * Switches the page to `theme` as the reader would from another tab (the stored flag and the tabs' broadcast,
 * which the settings drawer sends): the page keeps its route, its state, its loaded code and its scroll.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => {
    localStorage.setItem('dark-theme', String(dark));
    const channel = new BroadcastChannel('platform');
    channel.postMessage({ type: 'dark-theme' });
    channel.close();
  }, theme === 'dark');
  await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
  // the new colours are painted before anything looks at the page
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Runs `check` in the page's theme, then in the other one, switched live (switchTheme): one page checked in both
 * themes costs one load rather than two. With `restore`, the page ends in the theme it started in.
 */
export async function inBothThemes(
  page: Page,
  check: (theme: Theme) => Promise<void>,
  { restore = false }: { restore?: boolean } = {},
): Promise<void> {
  const first = await themeOf(page);
  await check(first);
  const other: Theme = first === 'dark' ? 'light' : 'dark';
  await switchTheme(page, other);
  await check(other);
  if (restore) await switchTheme(page, first);
}
