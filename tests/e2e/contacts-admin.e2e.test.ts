import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { lightUserFormPath } from '@platform/contracts/contacts/records';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin } from './support/admin-api.ts';
import { baseUrl, openContext, pageOfTest } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';

/**
 * The contacts in the back office (ADR 0060): an administrator finds a contact form's public link on its screen and
 * opens it; on a visitor's answer, "Add to contacts" makes the contact and links to it. Everything here is this
 * run's own: its form, its visitor's address.
 */

let run: string;
let form: { id: string; token: string; title: string };
let inputId: string;
let email: string;

beforeAll(async () => {
  run = randomUUID().slice(0, 6);
  const title = `Workshop ${run}: register your interest`;
  const made = await asAdmin('POST', '/light-user-forms', {
    data: {
      type: 'light-user-forms',
      attributes: { title, isCaptchaProtected: false, allowNoOrganization: true },
    },
  });
  const id = made.data.id as string;
  const read = await asAdmin('GET', `/light-user-forms/${id}?minPosition=${made.meta.position}`);
  form = { id, token: read.data.attributes.token as string, title };
  // a visitor's answer, sent as the form's page sends it (no session)
  email = `visitor-${run}@example.org`;
  const sent = await fetch(`${baseUrl()}/api/v1/services/forms/${id}/inputs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/vnd.api+json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({
      data: {
        type: 'light-user-form-inputs',
        attributes: {
          token: form.token,
          userFirstName: 'Elena',
          userLastName: `Visitor ${run}`,
          userEmail: email,
        },
      },
    }),
  });
  const answer = (await sent.json()) as { data: { id: string }; meta: { position: string } };
  expect(sent.status, JSON.stringify(answer)).toBe(201);
  inputId = answer.data.id;
  await asAdmin('GET', `/light-user-form-inputs/${inputId}?minPosition=${answer.meta.position}`);
}, 120_000);

async function adminPage() {
  const { context } = await openContext({ viewport: { width: 1280, height: 900 } });
  const page = await pageOfTest(context, true);
  await signIn(page, 'admin@demo.example');
  return page;
}

describe('contacts in the back office', () => {
  test("a contact form's screen gives its public link, which opens the form", async () => {
    const page = await adminPage();
    await page.goto(`/admin/resources/light-user-forms/show/${form.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const link = page.getByRole('textbox', { name: 'Link to give to visitors' });
    await expect
      .poll(() => link.inputValue(), { timeout: 30_000 })
      .toBe(`${baseUrl()}${lightUserFormPath(form.id, form.token)}`);
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    await checkA11yInBothThemes(page, 'a contact form in the back office', 'contacts-admin-form');
    const opened = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /^Open the form/ }).click();
    const visitor = await opened;
    await visitor.getByRole('heading', { level: 1, name: form.title }).waitFor({ timeout: 30_000 });
  }, 180_000);

  test("an answer's screen adds it to the contacts and leads to the contact made", async () => {
    const page = await adminPage();
    await page.goto(`/admin/resources/light-user-form-inputs/show/${inputId}`);
    const add = page.getByRole('button', { name: 'Add to contacts' });
    await add.waitFor({ timeout: 30_000 });
    await checkA11yInBothThemes(page, 'an answer in the back office', 'contacts-admin-input');
    await add.click();
    await page.getByText(`Added to the contacts: ${email}.`).waitFor({ timeout: 30_000 });
    await shot(page, 'contacts-admin-input-handled');
    await page.getByRole('link', { name: `Open the contact “${email}”` }).click();
    await page.waitForURL('**/admin/resources/light-users/show/**');
    await page.getByText(`Visitor ${run}`).first().waitFor({ timeout: 30_000 });

    const handled = await asAdmin('GET', `/light-user-form-inputs/${inputId}`);
    expect(handled.data.attributes.handledAt).not.toBeNull();
    const contactId = new URL(page.url()).pathname.split('/').pop();
    expect(handled.data.relationships.createdLightUser.data).toEqual({ type: 'light-users', id: contactId });
  }, 180_000);

  test("the answers' list is filtered by their form, chosen by name with the keyboard", async () => {
    const page = await adminPage();
    await page.goto('/admin/resources/light-user-form-inputs/index');
    const filters = page.getByRole('search');
    const box = filters.getByRole('combobox', { name: 'Form' });
    await box.waitFor({ timeout: 30_000 });
    await box.focus();
    await page.keyboard.type(`Workshop ${run}`);
    const option = page.getByRole('option', { name: new RegExp(`Workshop ${run}`) });
    await option.waitFor({ timeout: 30_000 });
    await shot(page, 'contacts-admin-filter-open');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(form.title);
    await checkA11yInBothThemes(page, 'a list filter by a related record', 'contacts-admin-filter-chosen');
    await filters.getByRole('button', { name: 'Apply' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('f.form') === form.id);
    // this run's form has one answer: its visitor's
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    // its row is named by the address (the contact made from it, once handled, is named so too)
    await page.getByRole('table').getByRole('rowheader', { name: email }).waitFor();
    await shot(page, 'contacts-admin-filtered-by-form');
    // opened again from its address, the box names the form
    await page.reload();
    await expect
      .poll(() => page.getByRole('search').getByRole('combobox', { name: 'Form' }).inputValue(), {
        timeout: 30_000,
      })
      .toBe(form.title);
  }, 180_000);

  test("the contacts' list saves its view as a report, whose screen says it in words and opens the list again", async () => {
    const page = await adminPage();
    const view = `/admin/resources/light-users/index?search=${encodeURIComponent(`Visitor ${run}`)}&f.locale=fr`;
    await page.goto(view);
    const save = page.getByRole('button', { name: 'Save as a report' });
    await save.waitFor({ timeout: 30_000 });
    await save.click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    await checkA11yInBothThemes(page, 'saving the contacts’ view as a report', 'contacts-admin-report-save');
    await name.fill(`Visitors ${run}, in French`);
    await dialog.getByRole('button', { name: 'Save the report' }).click();
    await page.getByRole('link', { name: `Open the report “Visitors ${run}, in French”` }).click();
    await page.waitForURL('**/admin/resources/light-user-reports/show/**');
    await page.getByText(`Search: “Visitor ${run}”`).waitFor({ timeout: 30_000 });
    await shot(page, 'contacts-admin-report');
    await page.getByRole('link', { name: 'Open the contacts' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/resources/light-users/index');
    const opened = new URL(page.url()).searchParams;
    expect(opened.get('search')).toBe(`Visitor ${run}`);
    expect(opened.get('f.locale')).toBe('fr');
  }, 180_000);
});
