import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, openPage } from './support/browser.ts';
import { signIn } from './support/demo.ts';

/**
 * The Content-Security-Policy of ADR 0022 in a real browser: the site's own pages, painted or not, run under it
 * without a single violation, and a script that gets into a page some other way does not run.
 */

const HOME_H1 = 'Assistive technology, shared';

/** What the browser's console says about the policy, from now on. */
function policyMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) messages.push(message.text());
  });
  return messages;
}

/** The id of the published page at a path, as the app's router reads it. */
async function pageIdAt(path: string): Promise<string> {
  const url = new URL('/api/v1/services/routes/resolve', baseUrl());
  url.searchParams.set('path', path);
  const response = await fetch(url, { headers: { Accept: 'application/vnd.api+json' } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { kind: string; page?: { id: string } } };
  expect(body.data.kind).toBe('page');
  return body.data.page!.id;
}

describe('the content security policy', () => {
  test('the painted home page and the app that takes its place run without a violation', async () => {
    const { page } = await openPage();
    const messages = policyMessages(page);
    const response = await page.goto('/', { waitUntil: 'domcontentloaded' });
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(await response!.text()).toContain('id="first-paint"');
    // the app's scripts are loaded by the painted page's inline loader, and the app then replaces the paint:
    // both need the nonce
    await page.locator('#root').getByRole('heading', { level: 1, name: HOME_H1 }).waitFor();
    expect(await page.locator('#first-paint').count()).toBe(0);
    // a page with a video block and a frame of a provider, then a screen of the app
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
    expect(messages).toEqual([]);
  });

  test("the page editor's preview runs without a violation", async () => {
    const id = await pageIdAt('/about');
    const { page } = await openPage();
    const messages = policyMessages(page);
    await signIn(page, 'app-admin@demo.example');
    await page.goto(`/admin/resources/app-pages/page-template/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { level: 1, name: /^Edit the page/ }).waitFor();
    await page.goto(`/admin/resources/app-pages/preview/${encodeURIComponent(id)}`);
    await page.getByText('Preview of the page published at /about.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'About the community' }).waitFor();
    expect(messages).toEqual([]);
  });

  test('an inline script or event handler put into the page at run time does not run', async () => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HOME_H1 }).waitFor();
    const messages = policyMessages(page);
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as { __injected?: boolean; __handler?: boolean };
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective));
      // as a sanitiser that let a script through would leave it: inline text, no nonce
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
      // and an event handler attribute
      const holder = document.createElement('div');
      holder.innerHTML =
        '<img src="data:," onerror="window.__handler = true" onload="window.__handler = true">';
      document.body.appendChild(holder);
      // the violation events are queued as tasks: wait until both are in (or give up after 5 s)
      const deadline = Date.now() + 5_000;
      while (violations.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return { injected: w.__injected ?? false, handler: w.__handler ?? false, violations };
    });
    expect(outcome.injected).toBe(false);
    expect(outcome.handler).toBe(false);
    expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));
    await expect.poll(() => messages.length).toBeGreaterThanOrEqual(2);
  });
});
