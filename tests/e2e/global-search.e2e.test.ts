import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { baseUrl, openPage } from './support/browser.ts';
import { measureReflow } from './support/reflow.ts';

const JSON_API = 'application/vnd.api+json';

/** An organization of this run, made with the machine credential; answers its slug once the index has it. */
async function organization(name: string, shortDescription: string): Promise<string> {
  const answer = await fetch(`${baseUrl()}/api/v1/organizations`, {
    method: 'POST',
    headers: {
      Accept: JSON_API,
      'Content-Type': JSON_API,
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Bearer ${inject('e2eAdminToken')}`,
    },
    body: JSON.stringify({
      data: {
        type: 'organizations',
        attributes: { name, shortDescription },
        relationships: { accessLevel: { data: null } },
      },
    }),
  });
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  const made = JSON.parse(text) as { data: { id: string }; meta: { position: string } };
  // the search index has it before the visitor searches (read-your-writes through minPosition)
  const seen = await fetch(
    `${baseUrl()}/api/v1/organizations/${made.data.id}?minPosition=${made.meta.position}`,
    { headers: { Accept: JSON_API } },
  );
  const slug = ((await seen.json()) as { data: { attributes: { slug: string } } }).data.attributes.slug;
  const indexed = await fetch(
    `${baseUrl()}/api/v1/services/global-search?search=x&minPosition=${made.meta.position}`,
    { headers: { Accept: JSON_API } },
  );
  expect(indexed.status).toBe(200);
  return slug;
}

/** No sideways scrolling at this width: nothing past the viewport's right edge. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 700 });
  await expect
    .poll(async () => (await measureReflow(page)).overflow, { timeout: 5000 })
    .toBeLessThanOrEqual(0);
  const reflow = await measureReflow(page);
  expect(reflow.outside, reflow.outside.join('\n')).toEqual([]);
}

describe('the top bar’s search dialog', () => {
  test('a visitor finds an organization by keyboard, the matches marked, the count announced', async () => {
    const word = `Quoll${randomBytes(3).toString('hex')}`;
    const slug = await organization(`${word} Seating Lab`, `Adapted seating, ${word} clinic.`);
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Search the site' });
    await dialog.waitFor();
    const field = dialog.getByRole('searchbox', { name: 'Words to search for' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(word.toLowerCase());

    await expect.poll(() => dialog.getByRole('status').first().innerText()).toBe('1 result');
    const group = dialog.getByRole('region', { name: 'Organizations' });
    const link = group.getByRole('link', { name: `${word} Seating Lab` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/organizations/${slug}`);
    expect(await group.locator('mark').allInnerTexts()).toEqual([word, word]);

    await checkA11yInBothThemes(page, 'the search dialog with results', 'global-search-dialog');
    await expectNoSidewaysScroll(page, 320);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Enter goes to the first result, Enter again follows it; the dialog closes with the page left
    await field.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/organizations/${slug}`);
    await page.getByRole('heading', { level: 1, name: `${word} Seating Lab` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('the search page keeps its words in its address and shows a type’s results', async () => {
    const word = `Dibbler${randomBytes(3).toString('hex')}`;
    const slug = await organization(`${word} Access Lab`, `Eye gaze, ${word} loans.`);
    const { page } = await openPage();
    await page.goto(`/services/search?search=${word.toLowerCase()}`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    const group = page.getByRole('region', { name: 'Organizations' });
    const link = group.getByRole('link', { name: `${word} Access Lab` });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/organizations/${slug}`);
    await checkA11yInBothThemes(page, 'the search page with results', 'global-search-page');
    await expectNoSidewaysScroll(page, 320);
  });
});
