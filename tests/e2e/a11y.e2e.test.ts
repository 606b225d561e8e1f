import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { openPage } from './support/browser.ts';
import { axeOnPublicRoutes, PUBLIC_ROUTES } from './support/public-routes.ts';

// the dark theme is in a11y-dark.e2e.test.ts: two files, so that the two test workers share the work
describe('axe, WCAG 2.2 AA, light theme', () => {
  const expectNoAxeViolations = axeOnPublicRoutes('light');
  test.each(PUBLIC_ROUTES)('%s has no violations', (path, h1) => expectNoAxeViolations(path, h1));
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
