import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { isFocused } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

/** A reader's browser, not a bot's: headless Chromium names itself so, and the statistics drop its records. */
const READER = (name: string) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0 ${name}`;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Records of a page of its own (views) and a file (downloads) sent as the web sends them, and read back through
 * the counts at the last batch's position, so that the screen opened next shows them.
 */
async function recordsSent(page: Page): Promise<{ pageId: string; fileId: string }> {
  const pageId = randomUUID();
  const fileId = randomUUID();
  const send = async (records: unknown[]) => {
    const answer = await page.request.post(`${baseUrl()}/api/v1/services/stats/records`, {
      // the web client's header: a signed-in browser's write without it is refused (CSRF)
      headers: {
        'User-Agent': READER(pageId),
        Origin: 'https://e2e-search.example',
        'X-Requested-With': 'XMLHttpRequest',
      },
      data: { records },
    });
    expect(answer.status()).toBe(202);
    return ((await answer.json()) as { meta: { position: string } }).meta.position;
  };
  // enough views to be among the ten most recorded resources whatever the other tests sent
  await send(
    Array.from({ length: 40 }, () => ({ event: 'view', resourceType: 'app-pages', resourceId: pageId })),
  );
  const position = await send(
    Array.from({ length: 3 }, () => ({ event: 'download', resourceType: 'files', resourceId: fileId })),
  );
  const now = Date.now();
  const read = await page.request.get(
    `${baseUrl()}/api/v1/services/stats/counts?from=${dayOf(now - 86_400_000)}&to=${dayOf(now + 86_400_000)}&minPosition=${position}`,
  );
  expect(read.status(), await read.text()).toBe(200);
  return { pageId, fileId };
}

async function statsPage(viewport: { width: number; height: number }, { largest = false } = {}) {
  const { context } = await openContext({ viewport });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  const page = await pageOfTest(context, true);
  await signIn(page, 'admin@demo.example');
  return page;
}

describe('the usage statistics screen (/admin/stats)', () => {
  test('an administrator sees the records as a chart and a table, changes the period by keyboard and downloads the CSV', async () => {
    const page = await statsPage({ width: 1280, height: 900 });
    const { pageId, fileId } = await recordsSent(page);

    // through the admin menu's statistics group, whose first entry it is
    await page.goto('/admin/dashboard');
    const side = page.locator('[data-admin-side-menu]').getByRole('navigation', { name: 'Administration' });
    await side.getByRole('link', { name: 'Usage statistics' }).click();
    await page.waitForURL('**/admin/stats');
    await page.getByRole('heading', { level: 1, name: 'Usage statistics' }).waitFor();
    await page.getByRole('img', { name: /^Chart: Views and downloads over time\./ }).waitFor();
    const top = page.getByRole('table', { name: 'Top resources: figures' });
    const ourPage = top.getByRole('row', { name: new RegExp(pageId) });
    await ourPage.waitFor();
    expect(await ourPage.getByRole('cell').allInnerTexts()).toEqual(['Pages', '40', '0']);
    await top.getByRole('row', { name: new RegExp(fileId) }).waitFor();
    await page
      .getByRole('table', { name: 'Origins: figures' })
      .getByRole('rowheader', { name: 'https://e2e-search.example' })
      .waitFor();
    // the chart is drawn: a line per event in the SVG
    expect(await page.locator('.recharts-line').count()).toBe(2);

    // the period, by keyboard: Tab to the first date's day and step it up
    const from = new URL(page.url()).searchParams.get('from') ?? (await defaultFrom(page));
    const day = page.getByRole('group', { name: 'From' }).getByRole('spinbutton', { name: /^day/i });
    await page.getByRole('heading', { level: 1 }).click();
    let presses = 0;
    while (!(await isFocused(day)) && presses++ < 20) await page.keyboard.press('Tab');
    expect(await isFocused(day)).toBe(true);
    await page.keyboard.press('ArrowUp');
    const expected = nextDayInMonth(from);
    await page.waitForURL((url) => url.searchParams.get('from') === expected);
    await ourPage.waitFor();

    // the figures shown, as CSV
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^statistics-${expected}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    // the browser is remote (the run's Chromium): the file is read through its stream
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('section,day,event,resourceType,resourceId,title,origin,records');
    expect(csv).toContain(`resources,,view,app-pages,${pageId},,,40\r\n`);
    expect(csv).toContain(`resources,,download,files,${fileId},,,3\r\n`);

    await checkA11yInBothThemes(page, '/admin/stats', 'admin-stats');
  });

  test('nothing is wider than 320 px: the charts shrink, the tables scroll in their own regions', async () => {
    const page = await statsPage({ width: 320, height: 800 });
    await recordsSent(page);
    await page.goto('/admin/stats');
    await expectReflow(page, 320);
    await checkA11yInBothThemes(page, '/admin/stats at 320 px', 'admin-stats-320');
  });

  test('with the largest text settings the screen does not scroll sideways either', async () => {
    const page = await statsPage({ width: 1280, height: 800 }, { largest: true });
    await recordsSent(page);
    await page.goto('/admin/stats');
    await expectReflow(page, 1280);
    await shot(page, 'admin-stats-largest-text');
  });
});

async function expectReflow(page: Page, width: number): Promise<void> {
  await page.getByRole('table', { name: 'Origins: figures' }).waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const report = await measureReflow(page);
  expect(report.overflow, `the page scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, 'text beyond the left or right edge').toEqual([]);
  for (const chart of await page.locator('.recharts-wrapper').all())
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(width);
}

/** The first day of the period the screen opens on when the URL names none (stats-data.ts defaultPeriod). */
async function defaultFrom(page: Page): Promise<string> {
  const now = await page.evaluate(() => Date.now());
  return dayOf(now - 29 * 86_400_000);
}

/** What ArrowUp makes of a date's day: the next day, or the month's first after its last (the segment wraps). */
function nextDayInMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const next = d === last ? 1 : d + 1;
  return `${date.slice(0, 8)}${String(next).padStart(2, '0')}`;
}
