import { randomUUID } from 'node:crypto';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openPage } from './support/browser.ts';

/** The view delay of seed 000 §4 (web/src/kit/stats/record-stats.ts VIEW_DELAY_MS). */
const VIEW_DELAY_MS = 5_000;

interface SentRecord {
  event: string;
  resourceType: string;
  resourceId: string;
}

/**
 * With the page's clock paused, moves it on in small steps until `locator` is visible (a route's loading may wait
 * on a timer), never more than `maxMs` of the page's time; answers how much it moved.
 */
async function runUntilVisible(page: Page, locator: Locator, maxMs: number): Promise<number> {
  let moved = 0;
  while (!(await locator.isVisible())) {
    if (moved >= maxMs) throw new Error(`not visible after ${maxMs} ms of the page's time`);
    await page.clock.runFor(100);
    moved += 100;
  }
  return moved;
}

describe('usage statistics from the web', () => {
  test('a page’s view is recorded once it has been shown 5 s, and not when the reader left it before', async () => {
    // a reader's browser, not a bot's (headless Chromium names itself so), of its own: its own visitor key
    const { page } = await openPage({
      userAgent: `Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0 e2e-${randomUUID()}`,
    });
    const sent: Array<{ records: SentRecord[]; answered: Promise<number | null> }> = [];
    page.on('request', (request: Request) => {
      if (!request.url().endsWith('/api/v1/services/stats/records')) return;
      const body = request.postDataJSON() as { records: SentRecord[] };
      sent.push({
        records: body.records,
        // a request still in flight when the page closes answers nothing
        answered: request
          .response()
          .then((r) => r?.status() ?? null)
          .catch(() => null),
      });
    });
    // the page's clock is the test's: time moves when the test says so
    await page.clock.install();
    await page.clock.resume();

    await page.goto('/');
    await page.locator('#root h1').first().waitFor();
    const homeTitle = await page.locator('#root h1').first().innerText();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.clock.runFor(VIEW_DELAY_MS);
    await expect.poll(() => sent.length).toBe(1);
    const home = sent[0]!.records;
    expect(home).toEqual([{ event: 'view', resourceType: 'app-pages', resourceId: expect.any(String) }]);
    expect(await sent[0]!.answered).toBe(202);

    // another page, left before 5 s of its time: no view of it
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal notice' }).click();
    await page.waitForURL((url) => url.pathname !== '/');
    const shown = await runUntilVisible(page, page.getByRole('heading', { level: 1, name: /Legal/ }), 3_000);
    await page.clock.runFor(VIEW_DELAY_MS - 1_000 - shown);
    await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // the home page's own heading: the page left stays on show while the home page loads
    await runUntilVisible(page, page.locator('#root h1', { hasText: homeTitle }).first(), 10_000);
    await page.clock.runFor(VIEW_DELAY_MS);
    await expect.poll(() => sent.length).toBe(2);
    // the second record is the home page's again; the page left early was never recorded
    expect(sent[1]!.records).toEqual(home);
    await page.clock.runFor(VIEW_DELAY_MS);
    expect(sent.length).toBe(2);
  });
});
