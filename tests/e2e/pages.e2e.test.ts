import { describe, expect, test } from 'vitest';
import { openPage } from './support/browser.ts';

/** The names of the page's titled sections (region landmarks), in the order a screen reader meets them. */
async function sectionNames(page: import('playwright-core').Page): Promise<string[]> {
  const regions = page.getByRole('main').getByRole('region');
  return Promise.all(
    (await regions.all()).map(async (r) => (await r.getAttribute('aria-labelledby')) ?? ''),
  ).then((ids) => Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText())));
}

describe('CMS pages from the read model', () => {
  test('the home page renders the seeded components in order', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();

    expect(await page.title()).toContain('Home');
    expect(await sectionNames(page)).toEqual([
      'Assistive technology, shared',
      'What you can do here',
      'Our community in numbers',
      'They use the platform',
      // the demo's open survey (issue 23)
      'Tell us about you',
    ]);

    // hero: its subtitle and both call-to-action links
    const hero = main.getByRole('region', { name: 'Assistive technology, shared' });
    await expect(hero.getByText(/lend adapted equipment, share technical aids/).isVisible()).resolves.toBe(
      true,
    );
    expect(await hero.getByRole('link', { name: 'Discover the community' }).getAttribute('href')).toBe(
      '/about',
    );
    expect(await hero.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');

    // content cards: one heading per card, in the editor's order, with the card's link
    const services = main.getByRole('region', { name: 'What you can do here' });
    expect(await services.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Borrow adapted equipment',
      'Train for open badges',
      'Share technical aids',
    ]);
    expect(await services.getByRole('listitem').count()).toBe(3);
    expect(await services.getByRole('link', { name: 'See the equipment' }).getAttribute('href')).toBe(
      '/about',
    );

    // community numbers: fetched once the block is on screen, then shown as numbers
    const numbers = main.getByRole('region', { name: 'Our community in numbers' });
    const stats = page.waitForResponse((r) => r.url().endsWith('/api/v1/services/home-stats'));
    await numbers.scrollIntoViewIfNeeded();
    expect((await stats).status()).toBe(200);
    expect(await numbers.getByRole('term').allInnerTexts()).toEqual([
      'Organizations',
      'Shared technical aids',
      'People accompanied',
    ]);
    // the demo's organizations and its published technical aids are counted (other files add more of both)
    await expect
      .poll(() => numbers.getByRole('definition').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^[1-9]\d*$/),
        expect.stringMatching(/^[1-9]\d*$/),
        expect.stringMatching(/^\d+$/),
      ]);

    // testimonials: each quote with its author
    const testimonials = main.getByRole('region', { name: 'They use the platform' });
    const quotes = testimonials.getByRole('listitem');
    expect(await quotes.count()).toBe(2);
    expect(await quotes.nth(0).innerText()).toContain('Trying a head pointer for a month');
    expect(await quotes.nth(0).innerText()).toContain('A parent');
    expect(await quotes.nth(1).innerText()).toContain('A maker');

    // the untitled buttons block closes the page
    const charter = main.getByRole('link', { name: 'Read our charter' });
    expect(await charter.getAttribute('href')).toBe('/about');
    const order = await main.evaluate((m) => {
      const at = (text: string) =>
        [...m.querySelectorAll('a, h1, h2')].findIndex((e) => e.textContent?.trim() === text);
      return [at('They use the platform'), at('Read our charter')];
    });
    expect(order[0]).toBeLessThan(order[1]!);
  });

  test("a page's title band and the band after it are one band's space apart, not two", async () => {
    const { page } = await openPage();
    await page.goto('/about');
    const title = page.getByRole('heading', { level: 1, name: 'About the community' });
    const next = page.getByRole('heading', { level: 2, name: 'How it works' });
    await next.waitFor();
    const paddings = await title.evaluate((h1) => {
      const band = h1.closest('section')!;
      const after = band.nextElementSibling as HTMLElement;
      return {
        title: getComputedStyle(band.firstElementChild!).paddingBottom,
        next: getComputedStyle(after.firstElementChild!).paddingTop,
      };
    });
    expect(paddings.title).toBe('0px');
    expect(paddings.next).not.toBe('0px');
  });

  test('a redirection keeps the query string: /who-we-are?ref=x lands on /about?ref=x', async () => {
    const { page } = await openPage();
    await page.goto('/who-we-are?ref=x');
    await page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/about?ref=x');
  });

  test('a double slash in a path is collapsed to one', async () => {
    const { page } = await openPage();
    await page.goto('/legal//notice');
    await page.getByRole('heading', { level: 1, name: 'Legal notice' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/legal/notice');
  });

  test('an unknown path shows the not-found screen', async () => {
    const { page } = await openPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/errors/not-found');
    expect(await page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(await page.title()).toContain('Page not found');
  });
});
