import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { openPage } from './support/browser.ts';

/** Every public route of the demo site and the heading a visitor lands on (seed 000 §2.2). */
const PUBLIC_ROUTES: ReadonlyArray<[path: string, h1: string]> = [
  ['/', 'Assistive technology, shared'],
  ['/about', 'About the community'],
  ['/contact', 'Contact'],
  ['/legal/notice', 'Legal notice'],
  ['/legal/privacy-policy', 'Privacy policy'],
  ['/legal/cookies', 'Cookies'],
  ['/legal/terms', 'Terms of use'],
  ['/legal/terms-of-sale', 'Terms of sale'],
  ['/site-map', 'Site map'],
  ['/accessibility', 'Accessibility'],
  ['/errors/not-found', 'Page not found'],
  ['/errors/unauthorized', 'Access denied'],
];

describe.each(['light', 'dark'] as const)('axe, WCAG 2.2 AA, %s theme', (theme) => {
  test.each(PUBLIC_ROUTES)('%s has no violations', async (path, h1) => {
    const { page } = await openPage({ theme });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor({ state: 'attached' });
    // nothing still loading: the loading bar and in-page loaders are gone
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
    await checkA11y(page, `${path} (${theme})`);
  });
});

describe('the axe check itself', () => {
  test('fails on a page that breaks WCAG, naming each rule and element', async () => {
    const { page } = await openPage();
    await page.setContent(
      '<html lang="en"><head><title>broken</title></head><body><main>' +
        '<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<button id="no-name"></button></main></body></html>',
    );
    const failure = await checkA11y(page, 'a broken page').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('axe violations on a broken page');
    expect(message).toMatch(/image-alt \(critical\): .* — #no-alt/);
    expect(message).toMatch(/button-name \(critical\): .* — #no-name/);
  });
});
