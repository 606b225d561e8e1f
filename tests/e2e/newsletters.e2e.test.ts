import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin } from './support/admin-api.ts';
import { openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

/**
 * A newsletter sent and left (ADR 0065): an application administrator sends this run's own letter from its screen,
 * confirms in the dialog and watches it go; one of its readers, this run's own contact, opens the link of the letter
 * the platform wrote them, at 320 px and the largest text, and leaves the newsletters with the keyboard.
 */

let run: string;
let subject: string;
let letterId: string;
let contactId: string;
let email: string;

beforeAll(async () => {
  run = randomUUID().slice(0, 6);
  subject = `Autumn loans ${run}`;
  email = `reader-${run}@example.org`;
  const contact = await asAdmin('POST', '/light-users', {
    data: {
      type: 'light-users',
      attributes: { firstName: 'Reader', lastName: run, email, hasMailSubscription: true, locale: 'en' },
    },
  });
  contactId = contact.data.id as string;
  const letter = await asAdmin('POST', '/mailing-templates', {
    data: {
      type: 'mailing-templates',
      attributes: { subject, introText: '<p>New switches and eye-gaze devices are ready to lend.</p>' },
    },
  });
  letterId = letter.data.id as string;
  // the contact is counted from the read model: it is there before the dialog counts
  await asAdmin('GET', `/light-users/${contactId}?minPosition=${contact.meta.position}`);
  await asAdmin('GET', `/mailing-templates/${letterId}?minPosition=${letter.meta.position}`);
}, 120_000);

/** The letter the platform wrote this run's reader, once the sending's job has written it. */
async function letterToReader(): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const box = await asAdmin('GET', `/dev/mailbox?filter[to]=${encodeURIComponent(email)}`);
        const found = (box.data as Array<{ attributes: { subject: string; html: string | null } }>).find(
          (m) => m.attributes.subject === subject,
        );
        html = found?.attributes.html ?? '';
        return html !== '';
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return html;
}

async function expectReflow(page: Page, what: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `${what} scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, `${what}: text beyond the left or right edge`).toEqual([]);
  expect(report.clipped, `${what}: elements that cut their own text`).toEqual([]);
}

describe('a newsletter sent and left', () => {
  test('the back office sends the letter from its screen and watches it go', async () => {
    const { context } = await openContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageOfTest(context, true);
    await signIn(page, 'admin@demo.example');
    await page.goto(`/admin/resources/mailing-templates/show/${letterId}`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog');
    // how many it goes to: the demo's subscribed contacts, others' and this run's own
    await dialog.getByText(new RegExp(`^Send “${subject}” to (more than )?\\d+ contacts?\\?$`)).waitFor({
      timeout: 30_000,
    });
    await checkA11yInBothThemes(page, 'the newsletter send dialog', 'newsletter-send-dialog');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText(/^The newsletter has been sent to \d+ contacts?\.$/).waitFor({ timeout: 60_000 });
    await shot(page, 'newsletter-sent');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  }, 180_000);

  test('a reader leaves the newsletters with the link of their letter, at 320 px and the largest text', async () => {
    const html = await letterToReader();
    const link = /href="https?:\/\/[^/"]+(\/services\/light-users\/unsubscribe\/[^"]+)"/.exec(html)?.[1];
    expect(link, 'the letter links to its reader’s way out').toBeDefined();
    const path = link!.replaceAll('&amp;', '&');
    expect(path).toContain(contactId);

    const { context } = await openContext({ viewport: { width: 320, height: 700 } });
    await storeAccessibility(context, LARGEST_TEXT);
    const page = await pageOfTest(context, true);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Leave the newsletters' }).waitFor({ timeout: 30_000 });
    await expectReflow(page, 'the unsubscribe page');
    await checkA11yInBothThemes(page, 'the unsubscribe page', 'unsubscribe-page');
    // opening it changed nothing: the reader is still subscribed
    expect((await asAdmin('GET', `/light-users/${contactId}`)).data.attributes.hasMailSubscription).toBe(
      true,
    );

    await tabTo(page, page.getByRole('button', { name: 'Unsubscribe' }));
    await page.keyboard.press('Enter');
    const done = page.getByRole('heading', { level: 1, name: 'You have left the newsletters' });
    await done.waitFor({ timeout: 30_000 });
    await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectReflow(page, 'the unsubscribe page, done');
    await shot(page, 'unsubscribed');
    await expect
      .poll(
        async () => (await asAdmin('GET', `/light-users/${contactId}`)).data.attributes.hasMailSubscription,
      )
      .toBe(false);
  }, 180_000);
});
