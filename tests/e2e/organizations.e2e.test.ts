import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y } from './support/a11y.ts';
import { openPage } from './support/browser.ts';
import { shot, signIn } from './support/demo.ts';
import { measureReflow } from './support/reflow.ts';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

/** The value a show screen's field list gives a field: the <dd> after its <dt>. */
const fieldValue = (page: Page, label: string): Locator =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Stores the theme as the theme switch does, with the system preference matching it, and reloads. */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((dark) => localStorage.setItem('dark-theme', String(dark)), theme === 'dark');
  await page.emulateMedia({ colorScheme: theme });
  await page.reload();
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

describe('organizations: the back office edits one, a visitor reads its public page', () => {
  test('an administrator edits an organization and sets its access level; a visitor reads the page', async () => {
    const suffix = randomBytes(3).toString('hex');
    // an organization of this test: the demo ones give their members an access level other tests rely on
    const name = `E2E Assistive Workshop ${suffix}`;
    const description = `Seating and positioning clinic ${suffix}, open to families.`;
    const { page } = await openPage();
    await signIn(page, 'admin@demo.example');

    await page.goto('/admin/resources/organizations/create');
    await page.getByRole('heading', { level: 1, name: 'Organizations: new record' }).waitFor();
    await page.getByLabel('Name (required)').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/organizations/show/**');
    await page.getByRole('heading', { level: 1, name: `Organizations: “${name}”` }).waitFor();
    // the slug is derived from the name
    const slug = (await fieldValue(page, 'Slug').innerText()).trim();
    expect(slug).toBe(`e2e-assistive-workshop-${suffix}`);

    // edited through the generated form
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Organizations: edit “${name}”` }).waitFor();
    await page.getByLabel('Unit', { exact: true }).fill('Rehabilitation service');
    await page.getByLabel('Short description').fill('Adapted seating for children and adults.');
    await page.getByLabel('Description', { exact: true }).fill(`${description}\n\nVisits on appointment.`);
    await page.getByLabel('Contact e-mail').fill(`clinic-${suffix}@example.org`);
    await page.getByLabel('Contact phone').fill('+33 4 12 34 56 78');
    await page.getByLabel('Contact address').fill('12 rue des Ateliers\n69001 Lyon');
    await page.getByLabel('Website').fill('https://clinic.example.org/');
    await page.getByLabel('Country').fill('FR');

    // the access level through the relationship picker: its choices are named by their label, not their id
    const picker = page.getByRole('combobox', { name: 'Access level' });
    await picker.click();
    await picker.fill('level 2');
    const choice = page.getByRole('listbox').getByRole('option', { name: 'Member, level 2' });
    await choice.waitFor();
    await choice.click();
    await expect.poll(() => picker.inputValue()).toBe('Member, level 2');
    // axe once the list is closed (while it is open react-aria hides the rest of the page from screen readers:
    // resource-layer.e2e.test.ts checks the open list itself)
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    await checkA11y(page, 'organization edit form (light)');
    await shot(page, 'organizations-edit-light');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/organizations/show/**');
    await toast(page, `“${name}” is saved.`).waitFor();
    await page.getByRole('heading', { level: 1, name: `Organizations: “${name}”` }).waitFor();
    // the show screen names the access level by its label, linked to its own record
    const level = fieldValue(page, 'Access level');
    await expect.poll(() => level.innerText()).toBe('Member, level 2');
    expect(await level.getByRole('link').getAttribute('href')).toBe(
      '/admin/resources/access-levels/show/member_level_2',
    );

    // the edit form passes axe in the dark theme too
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Organizations: edit “${name}”` }).waitFor();
    await useTheme(page, 'dark');
    await page.getByRole('heading', { level: 1, name: `Organizations: edit “${name}”` }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Access level' }).inputValue())
      .toBe('Member, level 2');
    await checkA11y(page, 'organization edit form (dark)');
    await shot(page, 'organizations-edit-dark');

    // a visitor, signed out, reads the public page by its slug
    const visitor = await openPage();
    const pub = visitor.page;
    await pub.goto(`/organizations/${slug}`);
    const heading = pub.getByRole('heading', { level: 1 });
    await pub.getByText(description).waitFor();
    expect(await heading.innerText()).toContain(name);
    expect(await heading.innerText()).toContain('Rehabilitation service');
    await pub.getByText('Visits on appointment.').waitFor();
    await pub.getByText('Adapted seating for children and adults.').waitFor();
    const contact = pub.getByRole('region', { name: 'Contact details' });
    expect(
      await contact.getByRole('link', { name: `clinic-${suffix}@example.org` }).getAttribute('href'),
    ).toBe(`mailto:clinic-${suffix}@example.org`);
    expect(await contact.getByRole('link', { name: '+33 4 12 34 56 78' }).getAttribute('href')).toBe(
      'tel:+33412345678',
    );
    await contact.getByText('France').waitFor();
    expect(await pub.title()).toMatch(new RegExp(`^${name} \\|`));
    await expect.poll(() => pub.getByRole('progressbar').count()).toBe(0);
    await checkA11y(pub, 'organization page (light)');
    await shot(pub, 'organization-page-light');
    await expectNoSidewaysScroll(pub, 375);
    await shot(pub, 'organization-page-375-light');
    await expectNoSidewaysScroll(pub, 320);
    await shot(pub, 'organization-page-320-light');

    // the same page in the dark theme
    const dark = await openPage({ theme: 'dark' });
    await dark.page.goto(`/organizations/${slug}`);
    await dark.page.getByText(description).waitFor();
    await expect.poll(() => dark.page.getByRole('progressbar').count()).toBe(0);
    expect(await dark.page.locator('html').getAttribute('data-theme')).toBe('dark');
    await checkA11y(dark.page, 'organization page (dark)');
    await shot(dark.page, 'organization-page-dark');
    await expectNoSidewaysScroll(dark.page, 375);
    await shot(dark.page, 'organization-page-375-dark');
  }, 240_000);

  test('an organization nobody knows is the not-found screen', async () => {
    const { page } = await openPage();
    await page.goto(`/organizations/no-such-organization-${randomBytes(3).toString('hex')}`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.waitForURL('**/errors/not-found');
  }, 60_000);
});
