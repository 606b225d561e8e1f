import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** The password of every demo account the first start seeds (host/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'demo-password-2025';

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

/**
 * With SCREENSHOTS=1, a screenshot under test-output/screenshots, to be looked at: the whole page, or what the
 * window shows. Without it, nothing: a run's hundred and sixty screenshots cost about 40 s of a loaded machine
 * (PNG encoding of whole pages) that no one looks at in CI.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Signs a demo account in through the sign-in screen, and waits to have left the auth screens. */
export async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/**
 * Signs a demo account in as the sign-in screen does (POST /auth/login, JSON, with the X-Requested-With header),
 * from the page's browser context: the session cookie lands in the context, the page stays where it is (load the
 * screen to test next). The sign-in screen itself is proven in accounts.e2e.test.ts; the other flows start
 * signed in, which through the form cost them a page load and a form per sign-in.
 */
export async function signIn(page: Page, email: string): Promise<void> {
  const answer = await page.request.post(`${baseUrl()}/auth/login`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email, password: DEMO_PASSWORD },
  });
  const body = await answer.text();
  expect(answer.status(), `sign-in of ${email}: ${body}`).toBe(200);
  expect(JSON.parse(body), `sign-in of ${email}`).toMatchObject({ state: 'authenticated' });
  const cookies = await page.context().cookies(baseUrl());
  expect(
    cookies.map((c) => c.name),
    `the session cookie of ${email}`,
  ).toContain('atc_session');
}
