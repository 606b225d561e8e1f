import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, onTestFinished, test } from 'vitest';
import { checkA11y, checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';

/** A call with the machine credential (the admin viewer), as an administrator's script would make it. */
async function asAdmin(method: string, path: string, body?: unknown) {
  const answer = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
      Accept: 'application/vnd.api+json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(body ? { 'Content-Type': 'application/vnd.api+json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: answer.status, body: (text ? JSON.parse(text) : null) as any };
}

/** The page is not wider than its viewport (WCAG 1.4.10: no sideways scrolling at 320 px). */
async function expectNoSidewaysScroll(page: Page) {
  // right after a resize the shell's deferred widgets may still be arriving: the settled layout is what must fit
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      timeout: 5000,
    })
    .toBeLessThanOrEqual(0);
}

/** Light and dark: axe, a screenshot, and the page at 320 px. */
async function inBothThemes(page: Page, label: string, ready: () => Promise<void>) {
  await checkA11yInBothThemes(page, label, label);
  await page.setViewportSize({ width: 320, height: 800 });
  await ready();
  await expectNoSidewaysScroll(page);
  await shot(page, `${label}-320`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('coupons, notifications and language lines, end to end', () => {
  test('a member buys a coupon limited to one per member, sees it bought, and cannot buy it again', async () => {
    const name = `Workshop seat ${randomBytes(3).toString('hex')}`;
    const created = await asAdmin('POST', '/coupons', {
      data: {
        type: 'coupons',
        attributes: {
          name,
          description: 'One seat at the wheelchair maintenance workshop.',
          amount: 1500,
          purchaseIndividualLimitCount: 1,
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const couponId = created.body.data.id as string;
    // the member's first read sees the coupon
    const read = await asAdmin('GET', `/coupons/${couponId}?minPosition=${created.body.meta.position}`);
    expect(read.status).toBe(200);

    const { page } = await openPage();
    await signIn(page, 'member2@demo.example');
    await page.goto('/account/coupons');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    const card = page.locator('li', { has: page.getByRole('heading', { name }) });
    await card.waitFor();
    expect(await card.innerText()).toContain('€15.00');
    expect(await card.innerText()).toContain('Up to 1 per member (you bought 0)');
    await inBothThemes(page, 'coupons', () => card.getByRole('button', { name: `Buy ${name}` }).waitFor());

    await card.getByRole('button', { name: `Buy ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy this coupon?' });
    await dialog.getByText(`You are buying ${name} for €15.00.`).waitFor();
    await checkA11y(page, '/account/coupons confirmation');
    await shot(page, 'coupons-confirm');
    await dialog.getByRole('button', { name: 'Confirm the purchase' }).click();

    // announced, listed among the purchases, and no longer buyable for this member
    await page.getByText(`You bought ${name}. It is listed in your purchases.`).waitFor();
    const purchases = page.getByRole('region', { name: 'My purchases' });
    await purchases.getByText(name).waitFor();
    expect(await purchases.innerText()).toContain('Not used yet');
    await card.getByText('You have bought as many as one member may').waitFor();
    expect(await card.getByRole('button', { name: `Buy ${name}` }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(name);
    await checkA11y(page, '/account/coupons after a purchase');
    await shot(page, 'coupons-bought');

    // the server agrees: a second purchase is refused with the individual limit
    const again = await page.evaluate(async (id) => {
      const r = await fetch(`/api/v1/coupons/${id}/purchase`, {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/vnd.api+json' },
      });
      return { status: r.status, body: await r.json() };
    }, couponId);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.coupon_individual_limit');
  }, 240_000);

  test('a notification shows in the top bar count, is listed, marked as read, and its link navigates', async () => {
    const { page } = await openPage();
    await signIn(page, 'member2@demo.example');
    await page.goto('/account/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const me = await page.evaluate(async () => {
      const r = await fetch('/api/v1/users/me', { headers: { Accept: 'application/vnd.api+json' } });
      return (await r.json()) as { data: { id: string } };
    });
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    const unread = async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
    const before = await unread();

    const message = `Your coupon order is ready ${randomBytes(3).toString('hex')}`;
    const created = await asAdmin('POST', '/notifications', {
      data: {
        type: 'notifications',
        attributes: {
          notificationType: 'coupon-ready',
          message,
          details: 'Show it at the workshop desk.',
          actionUrl: '/account/coupons',
        },
        relationships: { user: { data: { type: 'users', id: me.data.id } } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await asAdmin('GET', `/notifications?minPosition=${created.body.meta.position}&page[size]=1`);

    // the count is read again when the page regains focus
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(unread, { timeout: 10_000 }).toBe(before + 1);
    await shot(page, 'notifications-top-bar');

    await bell.click();
    await page.waitForURL('**/account/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: message }) });
    await item.getByText('Show it at the workshop desk.').waitFor();
    await item.getByText('Unread', { exact: true }).waitFor();
    await inBothThemes(page, 'notifications', () =>
      item.getByRole('button', { name: 'Mark as read' }).waitFor(),
    );

    await item.getByRole('button', { name: 'Mark as read' }).click();
    await page.getByText(`Marked as read: ${message}`).waitFor();
    await item.getByText(/^Read on /).waitFor();
    await expect.poll(unread, { timeout: 10_000 }).toBe(before);
    expect(await item.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    await checkA11y(page, '/account/notifications after marking as read');
    await shot(page, 'notifications-read');

    // an internal link is a router link: no page load
    await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
    await item.getByRole('link', { name: 'Go to the page' }).click();
    await page.waitForURL('**/account/coupons');
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(
      true,
    );
  }, 240_000);

  test('a language line replaces a bundled message once the cached lines are cleared', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByText(/Version \S+/).waitFor();
    const version = (await footer.innerText()).match(/Version (\S+)/)![1]!;

    const created = await asAdmin('POST', '/language-lines', {
      data: {
        type: 'language-lines',
        attributes: { name: 'footer.version', text: { en: 'Release {version} (e2e line)' } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // other test files share the platform: the line goes away with this test
    onTestFinished(async () => {
      await asAdmin('DELETE', `/language-lines/${created.body.data.id}`);
    });
    const lines = await asAdmin(
      'GET',
      `/services/web-language-lines?locale=en&minPosition=${created.body.meta.position}`,
    );
    expect(lines.body.data['footer.version']).toBe('Release {version} (e2e line)');

    // the lines of the first visit are cached for a day: a reload keeps the bundled text
    await page.reload();
    await footer.getByText(`Version ${version}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('web-language-lines.en'))).not.toBeNull();

    await page.evaluate(() => localStorage.removeItem('web-language-lines.en'));
    await page.reload();
    await footer.getByText(`Release ${version} (e2e line)`).waitFor();
    expect(await footer.innerText()).not.toContain(`Version ${version}`);
    await shot(page, 'language-line-footer');
  }, 60_000);
});
