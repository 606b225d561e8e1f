import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { appShown, openPage } from './support/browser.ts';

/** The text settings as the browser applies them to the page's text (body) and its root (rem base). */
function textStyles(page: Page) {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const body = getComputedStyle(document.body);
    const bodySize = parseFloat(body.fontSize);
    return {
      rootFontSize: parseFloat(root.fontSize),
      lineHeightRatio: Math.round((parseFloat(body.lineHeight) / bodySize) * 100) / 100,
      letterSpacingPx: body.letterSpacing === 'normal' ? 0 : parseFloat(body.letterSpacing),
    };
  });
}

describe('language', () => {
  test('choosing French reloads the page in French, with <html lang="fr">', async () => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    // the painted page's language button does nothing until the app has taken its place
    await appShown(page);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Language: English/ })
      .click();
    const languages = page.getByRole('menu', { name: 'Language' });
    // a trigger pressed before the menus' code has loaded opens its menu once it has (kit/ui/menu.tsx)
    await languages.waitFor();
    expect(await languages.getByRole('menuitemradio').count()).toBe(7);
    const reloaded = page.waitForEvent('load');
    await languages.getByRole('menuitemradio', { name: 'Français' }).click();
    await reloaded;

    await page.getByRole('link', { name: 'Aller au contenu principal' }).waitFor({ state: 'attached' });
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('button', { name: 'Paramètres des cookies' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Langue : Français/ }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr');

    // the choice is the stored preference now: it outlives another reload and the browser's own languages
    await page.reload();
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  });

  test('?lang=fr is the boot choice when nothing is stored; an unsupported ?lang is ignored', async () => {
    const { page } = await openPage();
    await page.goto('/?lang=FR-ca');
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    const other = await openPage();
    await other.page.goto('/?lang=xx');
    await other.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await other.page.locator('html').getAttribute('lang')).toBe('en');
  });
});

describe('accessibility settings', () => {
  test('font size, line height and letter spacing change the computed styles and survive a reload', async () => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    const before = await textStyles(page);
    expect(before).toEqual({ rootFontSize: 16, lineHeightRatio: 1.5, letterSpacingPx: 0 });

    await appShown(page);
    await page.getByRole('banner').getByRole('button', { name: 'Accessibility settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Accessibility settings' });
    await drawer.waitFor();
    // the dialog moves focus into itself once it has mounted (it loads after the first paint): a focus given
    // before that would be taken back after the first key press
    await expect
      .poll(() => drawer.evaluate((el) => el.contains(document.activeElement)), { timeout: 5000 })
      .toBe(true);

    const fontSize = drawer.getByRole('slider', { name: 'Text size' });
    await fontSize.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await fontSize.inputValue()).toBe('20');

    const lineHeight = drawer.getByRole('slider', { name: 'Line height' });
    await lineHeight.focus();
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
    expect(await lineHeight.inputValue()).toBe('2');

    const letterSpacing = drawer.getByRole('slider', { name: 'Letter spacing' });
    await letterSpacing.focus();
    await page.keyboard.press('End'); // the maximum, 2.5
    expect(await letterSpacing.inputValue()).toBe('2.5');

    const after = await textStyles(page);
    expect(after.rootFontSize).toBe(20);
    expect(after.lineHeightRatio).toBe(2);
    expect(after.letterSpacingPx).toBeGreaterThan(0);
    // and the page's own text follows: the hero title grew with the root size
    const heroSize = () =>
      page
        .getByRole('heading', { level: 1, name: 'Assistive technology, shared' })
        .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));

    const grownHero = await heroSize();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    expect(await textStyles(page)).toEqual(after);
    expect(await heroSize()).toBe(grownHero);

    await appShown(page);
    await page.getByRole('banner').getByRole('button', { name: 'Accessibility settings' }).click();
    await drawer.waitFor();
    expect(await drawer.getByRole('slider', { name: 'Text size' }).inputValue()).toBe('20');
    expect(await drawer.getByRole('slider', { name: 'Line height' }).inputValue()).toBe('2');
    expect(await drawer.getByRole('slider', { name: 'Letter spacing' }).inputValue()).toBe('2.5');

    // restore puts every slider back at its minimum, and the page with it
    await drawer.getByRole('button', { name: 'Restore the defaults' }).click();
    await expect.poll(() => textStyles(page)).toEqual(before);
  });

  test('a hand-edited, non-numeric stored value falls back to the default instead of breaking the page', async () => {
    const { page, context } = await openPage();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(
          'accessibility-parameters',
          JSON.stringify({ fontSize: 'huge', lineHeight: 99, letterSpacing: null }),
        );
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    // non-numeric: default 16; out of range: clamped to the maximum 3; missing: default 1 (no extra spacing)
    expect(await textStyles(page)).toEqual({ rootFontSize: 16, lineHeightRatio: 3, letterSpacingPx: 0 });
  });

  test('the dark theme switch recolours the page and is remembered', async () => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(236, 239, 241)'); // seed 000 §9: light background #eceff1

    await appShown(page);
    await page.getByRole('banner').getByRole('button', { name: 'Accessibility settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Accessibility settings' });
    const dark = drawer.getByRole('switch', { name: 'Dark theme' });
    expect(await dark.isChecked()).toBe(false);
    await dark.focus();
    await page.keyboard.press('Space');
    expect(await dark.isChecked()).toBe(true);
    await expect.poll(background).toBe('rgb(18, 18, 18)'); // dark background #121212

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    expect(await background()).toBe('rgb(18, 18, 18)');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
  });
});
