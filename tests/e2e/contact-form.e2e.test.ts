import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { lightUserFormPath } from '@platform/contracts/contacts/records';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin, one } from './support/admin-api.ts';
import { openContext, pageOfTest } from './support/browser.ts';
import { shot } from './support/demo.ts';
import { describeFocus, isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';
import { inBothThemes } from './support/themes.ts';

/**
 * The public light-user form (seed 001 §2 and §3, ADR 0060): the back office makes a form, a visitor with its
 * link (/services/forms/{id}?t={token}) fills it in with the keyboard and sends it, the captcha solved by their
 * browser without a word; the back office reads the input. A second input from the same address on a form that
 * takes one is refused in words, a wrong link opens nothing, and the page reads at 320 px and with the largest
 * text, in both themes. Everything here is this run's own: its forms and its visitors.
 */

interface MadeForm {
  id: string;
  token: string;
  title: string;
}

/** A form made by the back office through the API, and its link's token as the back office reads it back. */
async function makeForm(attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) {
  const made = await asAdmin('POST', '/light-user-forms', {
    data: { type: 'light-user-forms', attributes, relationships },
  });
  const id = made.data.id as string;
  const read = await asAdmin('GET', `/light-user-forms/${id}?minPosition=${made.meta.position}`);
  const token = read.data.attributes.token as string;
  expect(token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  return { id, token, title: attributes.title as string };
}

let run: string;
let fair: MadeForm;
let closed: MadeForm;

beforeAll(async () => {
  run = randomUUID().slice(0, 6);
  fair = await makeForm(
    {
      title: `Autumn fair ${run}: stay in touch`,
      description:
        'We met at the assistive-technology fair. Leave us your details and we will send you the loan catalogue.',
      country: 'RO',
      isSubscriptionForm: true,
      allowMessage: true,
      onlyOneInput: true,
    },
    { defaultJob: one('jobs', 'teacher') },
  );
  closed = await makeForm({ title: `Spring fair ${run}`, isOffline: true });
}, 120_000);

async function visitorPage(
  viewport = { width: 1280, height: 900 },
  { largest = false, theme = 'light' as 'light' | 'dark' } = {},
): Promise<Page> {
  const { context } = await openContext({ viewport, theme });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  return pageOfTest(context, true);
}

/** The form's page open, its fields shown. */
async function openForm(page: Page, form: MadeForm, query = '') {
  await page.goto(`${lightUserFormPath(form.id, form.token)}${query}`);
  await page.getByRole('heading', { level: 1, name: form.title }).waitFor();
  await page.getByRole('form', { name: form.title }).waitFor();
}

async function expectReflow(page: Page, what: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `${what} scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, `${what}: text beyond the left or right edge`).toEqual([]);
  expect(report.clipped, `${what}: elements that cut their own text`).toEqual([]);
}

/** Tab to a field and type into it, as a keyboard user does. */
async function typeInto(page: Page, name: string, text: string) {
  await tabTo(page, page.getByRole('textbox', { name, exact: true }), 20);
  await page.keyboard.type(text);
}

/** The inputs the back office reads for a form, once `count` of them are there. */
async function inputsOf(formId: string, count: number) {
  let found: Array<{
    attributes: Record<string, unknown>;
    relationships: Record<string, { data: unknown }>;
  }> = [];
  await expect
    .poll(
      async () => {
        found = (await asAdmin('GET', `/light-user-form-inputs?filter[form]=${formId}`)).data;
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
  return found;
}

describe('the public light-user form, end to end', () => {
  test('a visitor fills the form in with the keyboard and sends it; the back office reads the input', async () => {
    const page = await visitorPage();
    await openForm(page, fair, '&utm_source=fair&utm_medium=flyer&utm_campaign=autumn');
    await page.getByText('Country: Romania').waitFor();
    await checkA11yInBothThemes(page, 'the contact form', 'contact-form-1280');

    await typeInto(page, 'First name (required)', 'Ioana');
    await typeInto(page, 'Last name (required)', 'Popescu');
    await typeInto(page, 'E-mail address (required)', `ioana-${run}@example.org`);
    await typeInto(page, 'Phone number', '+40 712 345 678');
    // the form's job is proposed; the visitor picks "Other" from the list and words it
    const job = page.getByRole('button', { name: /\bJob\b/ });
    expect(await job.innerText()).toContain('Teacher');
    await page.keyboard.press('Tab');
    expect(await isFocused(job), await describeFocus(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('End');
    await expect
      .poll(() => page.getByRole('option', { name: 'Other', exact: true }).getAttribute('data-focused'))
      .toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => job.innerText()).toContain('Other');
    await typeInto(page, 'Your job, in your own words (required)', 'Seating specialist');
    await typeInto(page, 'Organization name (required)', 'Centrul de recuperare Cluj');
    await typeInto(page, 'Message', 'Do you lend eye-gaze devices for a month?');
    const newsletter = page.getByRole('checkbox', { name: 'Send me the newsletter' });
    await tabTo(page, newsletter, 5);
    await page.keyboard.press('Space');
    await expect.poll(() => newsletter.isChecked()).toBe(true);
    const send = page.getByRole('button', { name: 'Send' });
    await tabTo(page, send, 5);
    await page.keyboard.press('Enter');

    // said in the status message, its heading focused
    const heading = page.getByRole('status').getByRole('heading', { level: 2, name: 'Answer sent' });
    await heading.waitFor();
    await expect.poll(() => isFocused(heading)).toBe(true);
    await page.getByText('Thank you: your details have been received.').waitFor();
    await checkA11yInBothThemes(page, 'the contact form sent', 'contact-form-sent-1280');

    const [input] = await inputsOf(fair.id, 1);
    expect(input!.attributes).toMatchObject({
      userFirstName: 'Ioana',
      userLastName: 'Popescu',
      userEmail: `ioana-${run}@example.org`,
      userPhone: '+40 712 345 678',
      userJobOther: 'Seating specialist',
      organizationName: 'Centrul de recuperare Cluj',
      message: 'Do you lend eye-gaze devices for a month?',
      userHasMailSubscription: true,
      locale: 'en',
      utm: { source: 'fair', medium: 'flyer', campaign: 'autumn' },
      handledAt: null,
    });
    expect(input!.relationships.userJob!.data).toEqual({ type: 'jobs', id: 'other' });
  }, 180_000);

  test('a second input from the same address is refused in words; what is missing is said on its field', async () => {
    await inputsOf(fair.id, 1);
    const page = await visitorPage();
    await openForm(page, fair);
    // sent empty: each field says what it lacks, and the first of them has focus
    await page.getByRole('button', { name: 'Send' }).click();
    const firstName = page.getByRole('textbox', { name: 'First name (required)' });
    await expect.poll(() => isFocused(firstName)).toBe(true);
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('This field is required.').count()).toBe(4);
    await checkA11yInBothThemes(page, 'the contact form with its problems', 'contact-form-problems-1280');

    await firstName.fill('Ioana');
    await page.getByRole('textbox', { name: 'Last name (required)' }).fill('Popescu');
    // the same address, written otherwise
    await page.getByRole('textbox', { name: 'E-mail address (required)' }).fill(`IOANA-${run}@Example.org`);
    await page
      .getByRole('textbox', { name: 'Organization name (required)' })
      .fill('Centrul de recuperare Cluj');
    await page.getByRole('button', { name: 'Send' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByText('This e-mail address has already answered this form').waitFor();
    await expect.poll(() => isFocused(alert)).toBe(true);
    // what was typed is kept
    expect(await page.getByRole('textbox', { name: 'First name (required)' }).inputValue()).toBe('Ioana');
    await checkA11yInBothThemes(page, 'the contact form refused', 'contact-form-refused-1280');
    await inputsOf(fair.id, 1);
  }, 180_000);

  test('a wrong link opens no form, and a closed form says so without fields', async () => {
    const page = await visitorPage();
    await page.goto(
      lightUserFormPath(fair.id, `${fair.token.slice(0, -1)}${fair.token.endsWith('A') ? 'B' : 'A'}`),
    );
    await page.getByRole('heading', { level: 1, name: 'Form not found' }).waitFor();
    await page
      .getByRole('main')
      .getByRole('alert')
      .getByText(/This link does not open any form/)
      .waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await checkA11yInBothThemes(page, 'a wrong link', 'contact-form-not-found');

    await page.goto(lightUserFormPath(closed.id, closed.token));
    await page.getByRole('heading', { level: 1, name: closed.title }).waitFor();
    await page.getByText('This form is closed: it no longer takes answers.').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    await checkA11yInBothThemes(page, 'a closed form', 'contact-form-closed');
  }, 180_000);

  test('nothing scrolls sideways or is cut at 320 px, nor with the largest text, in both themes', async () => {
    for (const [what, viewport, largest] of [
      ['320', { width: 320, height: 800 }, false],
      ['largest-text', { width: 1280, height: 900 }, true],
      ['largest-text-320', { width: 320, height: 800 }, true],
    ] as const) {
      const page = await visitorPage(viewport, { largest });
      await openForm(page, fair);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await inBothThemes(page, async (theme) => {
        await expectReflow(page, `the contact form at ${what} (${theme})`);
        await shot(page, `contact-form-${what}-${theme}`);
      });
      // with every problem said on its field
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('This field is required.').first().waitFor();
      await expectReflow(page, `the contact form's problems at ${what}`);
      await shot(page, `contact-form-problems-${what}`);
    }
  }, 240_000);
});
