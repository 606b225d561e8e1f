import { describe, expect, test } from 'vitest';
import { openPage } from './support/browser.ts';

const storedConsent = (page: import('playwright-core').Page) =>
  page.evaluate(() => localStorage.getItem('cookies-consent'));

describe('cookie consent', () => {
  test('on a first visit the dialog appears and stays until a choice is saved', async () => {
    const { page, context } = await openPage({ consent: 'first-visit' });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: /Essential cookies/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: /Essential cookies/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'YouTube videos' }).isChecked()).toBe(false);

    // Escape does not dismiss it
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    // nor does a click outside it
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    // nor a reload: nothing was saved
    await page.reload();
    await dialog.waitFor();
    expect(await storedConsent(page)).toBeNull();

    // saving a choice closes it, stores it (JSON and the cookies_consent cookie) and it does not come back
    await dialog.getByRole('switch', { name: 'Vimeo videos' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Save my choices' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(JSON.parse((await storedConsent(page)) ?? 'null')).toEqual({
      essentials: true,
      youtube: false,
      vimeo: true,
    });
    const cookie = (await context.cookies()).find((c) => c.name === 'cookies_consent');
    expect(cookie).toBeDefined();
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({
      essentials: true,
      youtube: false,
      vimeo: true,
    });
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Assistive technology, shared' }).waitFor();
    expect(await dialog.count()).toBe(0);

    // the footer button opens it again, and then Escape does close it
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Vimeo videos' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('invalid stored consent counts as no choice: the dialog asks again', async () => {
    const { page, context } = await openPage({ consent: 'first-visit' });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('cookies-consent', '{"youtube":"yes"');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Cookie settings' }).waitFor();
  });

  test('without video-provider consent the /about video shows the placeholder; after consenting, the player', async () => {
    const { page, outsideRequests } = await openPage({ consent: 'essentials' });
    await page.goto('/about');
    const video = page.getByRole('region', { name: 'The community in two minutes' });
    await video.waitFor();
    const placeholder = video.getByText(
      'This content needs the cookies of YouTube, which you have not accepted.',
    );
    await placeholder.waitFor();
    expect(await video.getByRole('button', { name: /^Play the video/ }).count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(0);

    // the placeholder's button opens the cookie settings, where the provider can be accepted
    await video.getByRole('button', { name: 'Configure cookies' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
    await dialog.waitFor();
    await dialog.getByRole('switch', { name: 'YouTube videos' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Save my choices' }).click();
    await dialog.waitFor({ state: 'detached' });

    await placeholder.waitFor({ state: 'detached' });
    expect(outsideRequests.filter((url) => /youtube|ytimg|vimeo/.test(url))).toEqual([]);
    await video.getByRole('button', { name: 'Play the video: The community in two minutes' }).click();
    const player = page.getByRole('dialog', { name: 'The community in two minutes' });
    await player.waitFor();
    const frame = player.locator('iframe');
    expect(await frame.getAttribute('title')).toBe('The community in two minutes (YouTube)');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.hostname).toMatch(/(^|\.)youtube(-nocookie)?\.com$/);
    expect(src.pathname).toBe('/embed/aqz-KE-bpKQ');
    expect(src.searchParams.get('start')).toBe('30');
    // the frame tried to load the provider (refused here: the tests stay off the internet)
    await expect.poll(() => outsideRequests.some((url) => url.includes('/embed/aqz-KE-bpKQ'))).toBe(true);

    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
  });
});
