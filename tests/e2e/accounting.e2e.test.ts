import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { asAdmin, one } from './support/admin-api.ts';
import { baseUrl, openContext, pageOfTest } from './support/browser.ts';
import { DEMO_PASSWORD, shot, signIn } from './support/demo.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

/**
 * A member's account (ADR 0058): the member reads their balance and movements at /account/transactions and
 * downloads their documents at /account/documents, reached from the account menu; an administrator gives a member
 * a document from the back office, whose file is uploaded not public and served to that member alone. Everything
 * here is this run's own: its members, their movements and documents.
 */

const folder = mkdtempSync(join(tmpdir(), 'accounting-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A validated member of this run with the demo password. */
async function createMember(run: string, who: string) {
  const email = `${who}-${run}@example.org`;
  const created = await asAdmin('POST', '/users', {
    data: {
      type: 'users',
      attributes: {
        email,
        firstName: 'Account',
        lastName: `${who} ${run}`,
        password: DEMO_PASSWORD,
        emailVerified: true,
      },
    },
  });
  const id = created.data.id as string;
  const validated = await asAdmin('PATCH', `/users/${id}`, {
    data: { type: 'users', id, attributes: { validated: true } },
  });
  await asAdmin('GET', `/users/${id}?minPosition=${validated.meta.position}`);
  return { id, email, name: `Account ${who} ${run}` };
}

/** A small PDF written to a temp file, its path. */
function pdfFile(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, `%PDF-1.4\n% ${text}\ntrailer << >>\n%%EOF\n`);
  return path;
}

interface Fixture {
  run: string;
  holder: { id: string; email: string; name: string };
  other: { id: string; email: string };
  invoice: { name: string; fileId: string };
}
let fixture: Fixture;

beforeAll(async () => {
  const run = randomUUID().slice(0, 6);
  const holder = await createMember(run, 'holder');
  const other = await createMember(run, 'other');
  const movement = (amount: number, operation: string, comment: string) =>
    asAdmin('POST', '/account-transactions', {
      data: {
        type: 'account-transactions',
        attributes: { amount, operation, comment },
        relationships: { account: one('users', holder.id) },
      },
    });
  await movement(5000, 'credit', 'Credit for the year');
  await movement(6000, 'debit', 'Rental of a standing frame, four weeks');
  await movement(1250, 'debit', 'Delivery and collection');
  // a document made by the back office through the API: a file that is not public
  const form = new FormData();
  form.append('isPublic', 'false');
  form.append('file', new Blob([`%PDF-1.4\n% invoice ${run}\ntrailer << >>\n%%EOF\n`]), `invoice-${run}.pdf`);
  const uploaded = await fetch(`${baseUrl()}/api/v1/services/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${inject('e2eAdminToken')}`, 'X-Requested-With': 'XMLHttpRequest' },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const name = `Invoice ${run}`;
  const document = await asAdmin('POST', '/account-documents', {
    data: {
      type: 'account-documents',
      attributes: { name, documentType: 'invoice', comment: 'Paid by bank transfer.' },
      relationships: { account: one('users', holder.id), file: one('files', fileId) },
    },
  });
  await asAdmin(
    'GET',
    `/account-documents?filter[account]=${holder.id}&minPosition=${document.meta.position}`,
  );
  fixture = { run, holder, other, invoice: { name, fileId } };
}, 120_000);

async function signedInPage(
  email: string,
  viewport = { width: 1280, height: 900 },
  { largest = false } = {},
): Promise<Page> {
  const { context } = await openContext({ viewport });
  if (largest) await storeAccessibility(context, LARGEST_TEXT);
  const page = await pageOfTest(context, true);
  await signIn(page, email);
  return page;
}

async function expectReflow(page: Page, what: string): Promise<void> {
  const report = await measureReflow(page);
  expect(report.overflow, `${what} scrolls sideways: ${report.widest.join('; ')}`).toBeLessThanOrEqual(0);
  expect(report.outside, `${what}: text beyond the left or right edge`).toEqual([]);
  expect(report.clipped, `${what}: elements that cut their own text`).toEqual([]);
}

/** The status and the body of a GET made with the page's own session. */
async function fetchInPage(page: Page, href: string) {
  return page.evaluate(async (url) => {
    const answer = await fetch(url, { credentials: 'same-origin' });
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { status: answer.status, head: new TextDecoder().decode(bytes.slice(0, 5)) };
  }, href);
}

describe("a member's account, end to end", () => {
  test('a member finds their balance, movements and documents from the account menu, and downloads their invoice', async () => {
    const { holder, invoice } = fixture;
    const page = await signedInPage(holder.email);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: holder.name }).click();
    await page.getByRole('menuitem', { name: 'My transactions' }).click();
    await page.waitForURL('**/account/transactions');
    await page.getByRole('heading', { level: 1, name: 'My transactions' }).waitFor();

    // 50.00 in, 72.50 out: the balance is negative, and says so in words
    const balance = page.getByRole('region', { name: 'Balance' });
    await balance.getByText('Your balance is negative: your debits exceed your credits.').waitFor();
    expect((await balance.innerText()).replace(/\s+/g, ' ')).toContain('-€22.50');
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    const cells = (await rows.nth(1).innerText()).replace(/\s+/g, ' ');
    expect(cells).toContain('Debit');
    expect(cells).toContain('-€12.50');
    expect(cells).toContain('Delivery and collection');
    expect((await rows.nth(3).innerText()).replace(/\s+/g, ' ')).toContain('+€50.00');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await checkA11yInBothThemes(page, 'the account transactions', 'account-transactions');

    await page.goto('/account/documents');
    await page.getByRole('heading', { level: 1, name: 'My documents' }).waitFor();
    const download = page.getByRole('link', { name: `Download ${invoice.name}` });
    await download.waitFor();
    const href = await download.getAttribute('href');
    expect(href).toBe(`/api/v1/services/files/${invoice.fileId}`);
    expect(await download.getAttribute('download')).not.toBeNull();
    await page.getByText('Paid by bank transfer.').waitFor();
    expect(await fetchInPage(page, href!)).toEqual({ status: 200, head: '%PDF-' });
    await checkA11yInBothThemes(page, 'the account documents', 'account-documents');

    // another member has neither the document nor its file, with the very same link
    const other = await signedInPage(fixture.other.email);
    await other.goto('/account/documents');
    await other.getByText('No documents on your account yet.').waitFor();
    expect((await fetchInPage(other, href!)).status).toBe(404);
  }, 180_000);

  test('an administrator gives a member a document from the back office: its file is uploaded not public, and the member downloads it', async () => {
    const { run, holder } = fixture;
    const name = `Certificate ${run}`;
    const fileName = `certificate-${run}.pdf`;
    const path = pdfFile(fileName, `certificate ${run}`);
    const page = await signedInPage('admin@demo.example');
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await page.goto(`/admin/resources/account-documents/create?account=${holder.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const member = page.getByRole('combobox', { name: /^Member/ });
    await expect.poll(() => member.inputValue(), { timeout: 30_000 }).toBe(holder.name);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('button', { name: /Document type/ }).click();
    await page.getByRole('option', { name: 'Certificate' }).click();
    const field = page.getByRole('group', { name: 'File' });
    await field.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles(path);
    // uploaded, not still uploading (the progress bar names the file too): the field holds the file's id
    await field.getByRole('button', { name: `Remove ${fileName}` }).waitFor();
    await expect.poll(() => field.getByRole('progressbar').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/resources/account-documents/show/**');
    const shown = new URL(page.url());
    const id = shown.pathname.split('/').pop()!;
    // the record screen's address names the save's position: the read waits for it
    const position = shown.searchParams.get('minPosition');
    expect(position, `the saved record's address: ${page.url()}`).not.toBeNull();

    const saved = await asAdmin('GET', `/account-documents/${id}?minPosition=${position}`);
    expect(saved.data.attributes).toMatchObject({ name, documentType: 'certificate' });
    const fileId = saved.data.relationships.file.data.id as string;
    const file = await asAdmin('GET', `/files/${fileId}?minPosition=${position}`);
    expect(file.data.attributes.isPublic).toBe(false);
    // a visitor does not get it by its address
    expect((await fetch(`${baseUrl()}/api/v1/services/files/${fileId}`)).status).toBe(404);

    const member_ = await signedInPage(holder.email);
    await member_.goto('/account/documents');
    const link = member_.getByRole('link', { name: `Download ${name}` });
    await link.waitFor();
    expect(await fetchInPage(member_, (await link.getAttribute('href'))!)).toEqual({
      status: 200,
      head: '%PDF-',
    });
  }, 180_000);

  test('nothing scrolls sideways or is cut at 320 px, nor with the largest text', async () => {
    const { holder, invoice } = fixture;
    for (const [what, options] of [
      ['at 320 px', { viewport: { width: 320, height: 800 }, largest: false }],
      ['with the largest text', { viewport: { width: 1280, height: 900 }, largest: true }],
    ] as const) {
      const page = await signedInPage(holder.email, options.viewport, { largest: options.largest });
      await page.goto('/account/transactions');
      await page.getByRole('table').getByRole('row').nth(3).waitFor();
      await expectReflow(page, `the transactions ${what}`);
      await shot(page, `account-transactions-${options.largest ? 'largest-text' : '320'}`);
      await page.goto('/account/documents');
      await page.getByRole('link', { name: `Download ${invoice.name}` }).waitFor();
      await expectReflow(page, `the documents ${what}`);
      await shot(page, `account-documents-${options.largest ? 'largest-text' : '320'}`);
    }
  }, 180_000);
});
