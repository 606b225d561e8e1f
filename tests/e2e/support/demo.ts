import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The password of every demo account the first start seeds (host/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'demo-password-2025';

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');

/** A screenshot under test-output/screenshots, to be looked at: the whole page, or what the window shows. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Signs a demo account in through the sign-in screen, and waits to have left the auth screens. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}
