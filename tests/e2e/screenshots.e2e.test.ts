import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { openPage, VIEWPORTS } from './support/browser.ts';

/** test-output/ is git-ignored: the screenshots are for people to look at, not baselines to diff against. */
const OUTPUT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-output/screenshots');

const CASES = [
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['mobile', 'light'],
  ['mobile', 'dark'],
] as const;

describe('home page screenshots', () => {
  test.each(CASES)('%s, %s theme', async (device, theme) => {
    const viewport = VIEWPORTS[device];
    const { page } = await openPage({ theme, viewport });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();

    // show the community numbers as a visitor who scrolled there would see them
    const numbers = page.getByRole('region', { name: 'Our community in numbers' });
    await numbers.scrollIntoViewIfNeeded();
    await expect.poll(() => numbers.getByRole('definition').first().innerText()).toMatch(/^\d+$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    // nothing wider than the screen: no sideways scrolling at either width
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    mkdirSync(OUTPUT, { recursive: true });
    const file = join(OUTPUT, `home-${device}-${theme}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    expect(statSync(file).size).toBeGreaterThan(10_000);
  });
});
