import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { advancedFormPath } from '@platform/contracts/forms/records';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin, one } from './support/admin-api.ts';
import { openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { describeFocus, isFocused, tabTo } from './support/focus.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';
import { inBothThemes } from './support/themes.ts';

/**
 * The advanced forms in the browser (ADR 0062): the back office builds a form of two pages behind the captcha; a
 * visitor opens its page, starts (the captcha solved by the browser without a word), answers page by page with the
 * keyboard under the response's own address, is told on each field what is missing, and sends it; coming back to
 * the address says it was sent. A visitor who leaves half-way comes back where they were. The back office reads the
 * form's pages and the response's answers in words, and adds a workflow sending each respondent a copy of their
 * answers, which the visitor then receives. The page reads at 320 px and with the largest text, in both themes. Everything here is this run's own: its form and its visitors.
 */

let run: string;
let formId: string;
let emailQuestion: string;
const TITLE = 'Equipment needs';

async function field(
  title: string,
  position: number,
  fieldType: string,
  more: {
    required?: boolean;
    dataType?: string;
    config?: Record<string, unknown>;
    description?: string;
  } = {},
): Promise<string> {
  const made = await asAdmin('POST', '/form-fields', {
    data: {
      type: 'form-fields',
      attributes: {
        title,
        position,
        required: more.required ?? false,
        config: more.config ?? {},
        ...(more.description ? { description: more.description } : {}),
      },
      relationships: {
        form: one('forms', formId),
        fieldType: one('form-field-types', fieldType),
        ...(more.dataType ? { dataType: one('form-data-types', more.dataType) } : {}),
      },
    },
  });
  return made.data.id as string;
}

beforeAll(async () => {
  run = randomUUID().slice(0, 6);
  const form = await asAdmin('POST', '/forms', {
    data: { type: 'forms', attributes: { name: `Equipment needs ${run}` } },
  });
  formId = form.data.id as string;
  await field(TITLE, 0, 'section', { description: 'Tell us what would make daily life easier.' });
  await field('Your name', 1, 'short_text', { required: true });
  emailQuestion = await field('Your e-mail address', 2, 'short_text', { dataType: 'email' });
  await field('Your equipment', 10, 'section');
  await field('What do you use most?', 11, 'single_choice', {
    required: true,
    config: { choices: ['Wheelchair', 'Walker', 'Hoist'] },
  });
  await field('I agree that the team contacts me', 12, 'checkbox', { required: true });
}, 120_000);

async function visitorPage(viewport = { width: 1280, height: 900 }, { largest = false } = {}): Promise<Page> {
  const { context } = await openContext({ viewport });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  return pageOfTest(context, true);
}

async function expectReflow(page: Page, what: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `${what} scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, `${what}: text beyond the left or right edge`).toEqual([]);
  expect(report.clipped, `${what}: elements that cut their own text`).toEqual([]);
}

/** The form's page open at its intro, then started with the keyboard: the first page's heading shown. */
async function start(page: Page) {
  await page.goto(advancedFormPath(formId));
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  const startButton = page.getByRole('button', { name: 'Start' });
  await tabTo(page, startButton, 30);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/services\/aforms\/[^/]+\/[A-Za-z0-9_-]{32}\/1$/, { timeout: 30_000 });
  await page.getByRole('heading', { level: 2, name: TITLE }).waitFor();
}

/** The responses the back office reads for the form, once `count` of them are there. */
async function responses(count: number) {
  let found: Array<{ id: string; attributes: Record<string, unknown> }> = [];
  await expect
    .poll(
      async () => {
        found = (await asAdmin('GET', `/form-responses?filter[form]=${formId}`)).data;
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
  return found;
}

/** The newest message the dev mailbox holds for `to`, once there is one. */
async function lastMailTo(to: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await asAdmin('GET', `/dev/mailbox?filter[to]=${encodeURIComponent(to)}`)).data[0]
          ?.attributes;
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

describe('an advanced form, end to end', () => {
  test('the back office adds a workflow sending each respondent a copy, its address question chosen by title', async () => {
    const { context } = await openContext({ viewport: { width: 1280, height: 900 } });
    const page = await pageOfTest(context, true);
    await signIn(page, 'admin@demo.example');
    await page.goto(`/admin/resources/form-workflows/create?form=${formId}`);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Send a copy');
    const type = page.getByRole('combobox', { name: /^Workflow type/ });
    await type.focus();
    await page.keyboard.type('copy');
    await page.getByRole('option', { name: 'Send the respondent a copy' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // the settings ask for the form's e-mail question by its title
    const settings = page.getByRole('group', { name: 'Settings' });
    const address = settings.getByRole('button', { name: /Question asking their e-mail address/ });
    await address.waitFor({ timeout: 30_000 });
    await address.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Your e-mail address' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => address.textContent()).toContain('Your e-mail address');
    await settings.getByRole('textbox', { name: 'Words the copy begins with' }).fill(`Thank you, ${run}.`);
    await checkA11yInBothThemes(page, 'a form workflow’s settings', 'advanced-form-workflow-settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/form-workflows/show/**');
    // read once the read model has it (the visitor's end, in the next test, reads the workflows from there)
    await expect
      .poll(
        async () =>
          (
            (await asAdmin('GET', `/form-workflows?filter[form]=${formId}`)).data as Array<{
              attributes: Record<string, unknown>;
            }>
          ).map((w) => w.attributes),
        { timeout: 30_000 },
      )
      .toEqual([
        expect.objectContaining({
          name: 'Send a copy',
          config: { emailFieldId: emailQuestion, message: `Thank you, ${run}.` },
        }),
      ]);
  }, 180_000);

  test('a visitor answers page by page with the keyboard, is told what is missing, and sends it', async () => {
    const page = await visitorPage();
    await page.goto(advancedFormPath(formId));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText('This form has 2 pages.').waitFor();
    await checkA11yInBothThemes(page, 'the advanced form’s intro', 'advanced-form-intro-1280');
    await start(page);
    const address = page.url();
    await page.getByText('This address brings you back to your answers').waitFor();
    await checkA11yInBothThemes(page, 'the advanced form’s first page', 'advanced-form-page-1-1280');

    // Next without the name: said on its field, which has focus
    const name = page.getByRole('textbox', { name: /^Your name/ });
    await tabTo(page, page.getByRole('button', { name: 'Next' }), 30);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(name), { timeout: 10_000 }).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Answer this question.').first().waitFor();
    await page.keyboard.type(`Ioana ${run}`);
    await tabTo(page, page.getByRole('textbox', { name: /^Your e-mail address/ }), 5);
    await page.keyboard.type('not an address');
    await tabTo(page, page.getByRole('button', { name: 'Next' }), 5);
    await page.keyboard.press('Enter');
    await page.getByText('Enter an e-mail address, such as name@example.org.').waitFor();
    await page.getByRole('textbox', { name: /^Your e-mail address/ }).fill(`ioana-${run}@example.org`);
    await tabTo(page, page.getByRole('button', { name: 'Next' }), 5);
    await page.keyboard.press('Enter');

    // the second page, its heading focused, its progress said
    const second = page.getByRole('heading', { level: 2, name: 'Your equipment' });
    await second.waitFor();
    await page.waitForURL(/\/2$/);
    await expect.poll(() => isFocused(second), { timeout: 10_000 }).toBe(true);
    await page.getByText('Page 2 of 2').first().waitFor();
    await checkA11yInBothThemes(page, 'the advanced form’s second page', 'advanced-form-page-2-1280');

    // Send without the required answers: each said, the first focused
    await tabTo(page, page.getByRole('button', { name: 'Send' }), 30);
    await page.keyboard.press('Enter');
    await page.getByText('Tick this box to go on.').waitFor();
    const walker = page.getByRole('radio', { name: 'Walker' });
    await expect
      .poll(
        async () => (await isFocused(page.getByRole('radio', { name: 'Wheelchair' }))) || isFocused(walker),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => walker.isChecked()).toBe(true);
    const consent = page.getByRole('checkbox', { name: /^I agree that the team contacts me/ });
    await tabTo(page, consent, 10);
    await page.keyboard.press('Space');
    await expect.poll(() => consent.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Send' }), 10);
    await page.keyboard.press('Enter');

    const sent = page.getByRole('heading', { level: 2, name: 'Your answers were sent' });
    await sent.waitFor({ timeout: 30_000 });
    await expect.poll(() => isFocused(sent), { timeout: 10_000 }).toBe(true);
    await checkA11yInBothThemes(page, 'the advanced form sent', 'advanced-form-sent-1280');

    const [response] = await responses(1);
    expect(response!.attributes).toMatchObject({ locale: 'en', section: 1 });
    expect(response!.attributes.endedAt).not.toBeNull();
    expect(Object.values(response!.attributes.answers as Record<string, unknown>)).toEqual(
      expect.arrayContaining([`Ioana ${run}`, `ioana-${run}@example.org`, 'Walker', true]),
    );

    // the workflow the back office added sent the visitor a copy of their answers
    const copy = await lastMailTo(`ioana-${run}@example.org`);
    expect(copy.subject).toBe(`Equipment needs ${run}: a copy of your answers`);
    expect(copy.text).toContain(`Thank you, ${run}.`);
    expect(copy.text).toContain(`Your name\nIoana ${run}`);

    // its address says it was sent
    await page.goto(address);
    await page.getByRole('heading', { name: 'These answers were already sent' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await describeFocus(page)).toBeTruthy();
  }, 240_000);

  test('a visitor who leaves half-way comes back where they were, their answers kept', async () => {
    const page = await visitorPage();
    await start(page);
    await page.getByRole('textbox', { name: /^Your name/ }).fill(`Mihai ${run}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your equipment' }).waitFor();
    const address = page.url().replace(/\/2$/, '');

    // another browser, the address without its page: the furthest page reached, then Back to the first
    const later = await visitorPage();
    await later.goto(address);
    await later.getByRole('heading', { level: 2, name: 'Your equipment' }).waitFor({ timeout: 30_000 });
    await later.getByRole('button', { name: 'Back' }).click();
    await later.getByRole('heading', { level: 2, name: TITLE }).waitFor();
    expect(await later.getByRole('textbox', { name: /^Your name/ }).inputValue()).toBe(`Mihai ${run}`);
  }, 180_000);

  test('the back office reads the form’s pages and a response’s answers in words', async () => {
    const [response] = (await responses(2)).filter((r) => r.attributes.endedAt !== null);
    const page = await visitorPage();
    await signIn(page, 'admin@demo.example');
    await page.goto(`/admin/resources/forms/show/${formId}`);
    const outline = page.getByRole('region', { name: 'Pages and questions' });
    await outline.getByRole('link', { name: `Page 1: ${TITLE}` }).waitFor({ timeout: 30_000 });
    await outline.getByRole('link', { name: 'What do you use most?' }).waitFor();
    await checkA11yInBothThemes(page, 'a form’s screen', 'advanced-form-admin-form');

    await page.goto(`/admin/resources/form-responses/show/${response!.id}`);
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByRole('heading', { name: 'Page 2: Your equipment' }).waitFor({ timeout: 30_000 });
    await answers.getByText('Walker', { exact: true }).waitFor();
    await answers.getByText(/^Sent on /).waitFor();
    await checkA11yInBothThemes(page, 'a response’s screen', 'advanced-form-admin-response');
  }, 180_000);

  test('nothing scrolls sideways or is cut at 320 px, nor with the largest text, in both themes', async () => {
    for (const [what, viewport, largest] of [
      ['320', { width: 320, height: 800 }, false],
      ['largest-text', { width: 1280, height: 900 }, true],
      ['largest-text-320', { width: 320, height: 800 }, true],
    ] as const) {
      const page = await visitorPage(viewport, { largest });
      await start(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // with the first page's problems said on its fields
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Answer this question.').first().waitFor();
      await inBothThemes(page, async (theme) => {
        await expectReflow(page, `the advanced form at ${what} (${theme})`);
        await shot(page, `advanced-form-${what}-${theme}`);
      });
    }
  }, 240_000);
});
