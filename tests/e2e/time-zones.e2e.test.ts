import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin } from './support/admin-api.ts';
import { baseUrl, openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';

/**
 * Times in the member's own zone (ADR 0067): an administrator whose profile says Europe/Paris works on a device set
 * to New York. The back office shows and edits a coupon's end of sales on the Paris clock, says so on the field,
 * and saves the instant the Paris clock names. The coupon is this run's own.
 */
describe('times in the member’s own time zone', () => {
  test('a date and time shown and edited on the profile’s clock, not the device’s', async () => {
    const run = randomUUID().slice(0, 6);
    const made = await asAdmin('POST', '/coupons', {
      data: {
        type: 'coupons',
        // 10:30 in Paris, 04:30 in New York
        attributes: { name: `Zone ${run}`, amount: 500, purchaseLimitAt: '2031-05-01T08:30:00.000Z' },
      },
    });
    const id = made.data.id as string;
    await asAdmin('GET', `/coupons/${id}?minPosition=${made.meta.position}`);

    const { context } = await openContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'America/New_York',
    });
    const page = await pageOfTest(context, true);
    await signIn(page, 'admin@demo.example');
    const me = await page.request.get(`${baseUrl()}/api/v1/users/me`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/vnd.api+json' },
    });
    expect(
      ((await me.json()) as { data: { attributes: { timezone: string } } }).data.attributes.timezone,
    ).toBe('Europe/Paris');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );

    await page.goto(`/admin/resources/coupons/show/${id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Zone ${run}`) }).waitFor();
    await page.getByText(/May 1, 2031.*10:30\sAM/).waitFor({ timeout: 30_000 });

    await page.goto(`/admin/resources/coupons/update/${id}`);
    const field = page.getByLabel(/^Purchases end on/);
    await expect.poll(() => field.inputValue(), { timeout: 30_000 }).toBe('2031-05-01T10:30');
    await page
      .getByText('Date and time in your time zone, Europe/Paris (your profile’s preferences).')
      .waitFor();
    await checkA11yInBothThemes(page, 'a date and time field on the profile’s clock', 'time-zone-field');
    await shot(page, 'time-zone-field');
    await field.fill('2031-05-01T18:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/admin/resources/coupons/show/${id}**`);
    // 18:00 in Paris (summer time) is 16:00 UTC
    await expect
      .poll(async () => (await asAdmin('GET', `/coupons/${id}`)).data.attributes.purchaseLimitAt, {
        timeout: 30_000,
      })
      .toBe('2031-05-01T16:00:00.000Z');
  }, 180_000);
});
