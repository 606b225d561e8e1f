import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { defineResource } from '@platform/contracts/resources/definition';
import { file } from '@platform/contracts/resources/files';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { doc, one, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/**
 * A member's account (seed 001 §3: account transactions and documents) as its member and the back office use it:
 * the back office records movements and gives documents; a member reads their own, their balance (credits less
 * debits) beside the list, and downloads their documents' files, which nobody else gets by their URL. A movement's
 * amount and operation are never changed, and it is never deleted.
 */

/**
 * A type of the test's own whose members write their own records with a private file field: the layer must not let
 * one of them name another member's file there, and so be served it as the record's reader.
 */
const privateNoteResource = defineResource({
  type: 'test-private-notes',
  singular: 'test-private-note',
  category: 'testprivatenote',
  eventPrefix: 'TestPrivateNote',
  module: 'tests',
  menu: { group: 'accounts', icon: 'note', hidden: true },
  attributes: z.object({ name: z.string().trim().min(1).max(100) }),
  relationships: { owner: { type: 'users' }, file: file({ family: 'doc', private: true }) },
  ownedBy: 'owner',
  access: { see: 'signedIn', index: 'owner', show: 'owner', create: 'signedIn', update: 'owner' },
});

let app: AccountsTestApp;
let dir: string;
let holder: Person;
let other: Person;
let appAdmin: Person;

const api = (who: Person, method: string, path: string, body?: unknown) =>
  who.browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body });
const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};
const movement = (account: string, amount: number, operation: string, comment?: string) =>
  doc(
    'account-transactions',
    { amount, operation, ...(comment ? { comment } : {}) },
    { account: one('users', account) },
  );

/** A file uploaded by the back office, public or not; its id. */
async function uploaded(
  name: string,
  isPublic: boolean,
  text = `%PDF-1.4\n% ${name}\ntrailer << >>\n%%EOF\n`,
) {
  const form = new FormData();
  form.append('isPublic', String(isPublic));
  form.append('file', new Blob([Buffer.from(text)]), name);
  const answer = await fetch(app.url('/api/v1/services/files'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    body: form,
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

/** A file's content as a viewer's browser asks it (their session's cookie, or none). */
async function download(who: Person | null, fileId: string) {
  const response = await fetch(app.url(`/api/v1/services/files/${fileId}`), {
    headers: who ? { Cookie: `atc_session=${who.browser.cookie()}` } : {},
  });
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    text: Buffer.from(await response.arrayBuffer()).toString('utf8'),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accounting-int-'));
  app = await startAccountsApp(
    {},
    { files: { dir }, resources: [...resourceCatalogue, privateNoteResource] },
  );
  holder = await person(app, 'account-holder@example.org');
  other = await person(app, 'account-other@example.org', { accessLevel: 'member_level_2' });
  appAdmin = await person(app, 'account-app-admin@example.org', { roles: ['app_admin'] });
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a member's transactions", () => {
  it('are recorded by the back office and read by their member alone, with the balance beside them', async () => {
    created(await app.admin('POST', '/account-transactions', movement(holder.id, 5000, 'credit', 'Deposit')));
    created(
      await api(appAdmin, 'POST', '/account-transactions', movement(holder.id, 1250, 'debit', 'Rental')),
    );
    const last = created(await app.admin('POST', '/account-transactions', movement(other.id, 700, 'credit')));

    const mine = await api(
      holder,
      'GET',
      `/account-transactions?filter[account]=${holder.id}&minPosition=${last.position}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((t: { attributes: { amount: number } }) => t.attributes.amount)).toEqual([
      1250, 5000,
    ]);
    expect(mine.body.meta.totals).toEqual({ balance: 3750 });
    // a page of one still sums every movement of the account
    const page = await api(holder, 'GET', `/account-transactions?filter[account]=${holder.id}&page[size]=1`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.totals).toEqual({ balance: 3750 });
    // and a page past the end as well
    const past = await api(
      holder,
      'GET',
      `/account-transactions?filter[account]=${holder.id}&page[number]=9`,
    );
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.totals).toEqual({ balance: 3750 });
    const included = await api(
      holder,
      'GET',
      `/account-transactions?filter[account]=${holder.id}&include=account`,
    );
    expect(included.body.meta.totals).toEqual({ balance: 3750 });
    // unfiltered, a member lists their own, and no sum is asked
    const unfiltered = await api(holder, 'GET', '/account-transactions');
    expect(unfiltered.body.data).toHaveLength(2);
    expect(unfiltered.body.meta.totals).toBeUndefined();
    // another member's account: nothing of it, not even its balance
    const theirs = await api(holder, 'GET', `/account-transactions?filter[account]=${other.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect(theirs.body.meta.totals).toEqual({ balance: 0 });
    // the back office reads any account's balance
    const audited = await app.admin('GET', `/account-transactions?filter[account]=${other.id}`);
    expect(audited.body.meta.totals).toEqual({ balance: 700 });
    const debitsOnly = await app.admin(
      'GET',
      `/account-transactions?filter[account]=${holder.id}&filter[operation]=debit`,
    );
    expect(debitsOnly.body.meta.totals).toEqual({ balance: -1250 });
  });

  it('are kept from other members, visitors, and from being written by their member', async () => {
    const made = created(
      await app.admin('POST', '/account-transactions', movement(holder.id, 300, 'credit')),
    );
    const path = `/account-transactions/${made.id}`;
    expect((await api(holder, 'GET', `${path}?minPosition=${made.position}`)).status).toBe(200);
    // the history is the back office's audit (the `see` rule), not the member's
    expect((await api(holder, 'GET', `${path}/history`)).status).toBe(403);
    expect((await api(appAdmin, 'GET', `${path}/history`)).status).toBe(200);
    expect((await api(other, 'GET', path)).status).toBe(404);
    expect((await app.browser().call('GET', `/api/v1${path}`)).status).toBe(401);
    expect((await app.browser().call('GET', '/api/v1/account-transactions')).status).toBe(401);
    // a member records nothing on an account, not even their own
    const self = await api(holder, 'POST', '/account-transactions', movement(holder.id, 100_000, 'credit'));
    expect(self.status).toBe(403);
    const edit = await api(
      holder,
      'PATCH',
      path,
      doc('account-transactions', { comment: 'Mine' }, undefined, made.id),
    );
    expect(edit.status).toBe(403);
  });

  it('keep their amount, operation and account, and are never deleted: only the comment is corrected', async () => {
    const made = created(
      await app.admin('POST', '/account-transactions', movement(holder.id, 900, 'credit')),
    );
    const path = `/account-transactions/${made.id}`;
    const amount = await app.admin(
      'PATCH',
      path,
      doc('account-transactions', { amount: 90 }, undefined, made.id),
    );
    expect(amount.status).toBe(422);
    expect(pointers(amount)).toContain('/data/attributes/amount');
    const operation = await app.admin(
      'PATCH',
      path,
      doc('account-transactions', { operation: 'debit' }, undefined, made.id),
    );
    expect(pointers(operation)).toContain('/data/attributes/operation');
    const moved = await app.admin(
      'PATCH',
      path,
      doc('account-transactions', {}, { account: one('users', other.id) }, made.id),
    );
    expect(moved.status).toBe(422);
    expect(pointers(moved)).toContain('/data/relationships/account');
    const comment = await app.admin(
      'PATCH',
      path,
      doc('account-transactions', { comment: 'Deposit by bank transfer' }, undefined, made.id),
    );
    expect(comment.status, JSON.stringify(comment.body)).toBe(200);
    expect((await app.admin('DELETE', path)).status).toBe(403);
    expect((await app.admin('POST', `${path}/soft-delete`)).status).not.toBe(200);
  });

  it('refuses bad movements on their fields, and odd filters with a 400', async () => {
    const bad = await app.admin(
      'POST',
      '/account-transactions',
      doc('account-transactions', { amount: 0, operation: 'refund' }, {}),
    );
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toEqual(
      expect.arrayContaining(['/data/attributes/amount', '/data/attributes/operation']),
    );
    const unowned = await app.admin(
      'POST',
      '/account-transactions',
      doc('account-transactions', { amount: 100, operation: 'credit' }, {}),
    );
    expect(pointers(unowned)).toContain('/data/relationships/account');
    const fraction = await app.admin('POST', '/account-transactions', movement(holder.id, 12.5, 'credit'));
    expect(pointers(fraction)).toContain('/data/attributes/amount');
    const nobody = await app.admin(
      'POST',
      '/account-transactions',
      movement('00000000-0000-4000-8000-000000000000', 100, 'credit'),
    );
    expect(nobody.status).toBe(422);
    const odd = await api(holder, 'GET', '/account-transactions?filter[account]=not-an-id');
    expect(odd.status).toBeLessThan(500);
  });
});

describe("a member's documents", () => {
  it('give their member a file nobody else is served, even with its URL', async () => {
    const fileId = await uploaded('invoice-2026-11.pdf', false, '%PDF-1.4\n% the holder invoice\n%%EOF\n');
    const made = created(
      await app.admin(
        'POST',
        '/account-documents',
        doc(
          'account-documents',
          { name: 'Invoice November 2026', documentType: 'invoice' },
          { account: one('users', holder.id), file: one('files', fileId) },
        ),
      ),
    );
    const listed = await api(holder, 'GET', `/account-documents?minPosition=${made.position}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([made.id]);
    expect(listed.body.data[0].relationships.file.data.id).toBe(fileId);

    const own = await download(holder, fileId);
    expect(own.status).toBe(200);
    expect(own.text).toContain('the holder invoice');
    expect(own.cache).toMatch(/private/);
    expect((await download(other, fileId)).status).toBe(404);
    expect((await download(null, fileId)).status).toBe(404);
    expect((await api(other, 'GET', `/account-documents/${made.id}`)).status).toBe(404);
    expect((await api(other, 'GET', '/account-documents')).body.data).toEqual([]);

    // put aside by the back office: its file is no longer its member's
    const gone = await app.admin('POST', `/account-documents/${made.id}/soft-delete`);
    expect(gone.status).toBeLessThan(300);
    const after = gone.body.meta.position as string;
    expect((await api(holder, 'GET', `/account-documents?minPosition=${after}`)).body.data).toEqual([]);
    expect((await download(holder, fileId)).status).toBe(404);
  });

  it('take only files that are not public, of the document families, on their pointer', async () => {
    const open = await uploaded('public-flyer.pdf', true);
    const refused = await app.admin(
      'POST',
      '/account-documents',
      doc(
        'account-documents',
        { name: 'A public flyer', documentType: 'other' },
        { account: one('users', holder.id), file: one('files', open) },
      ),
    );
    expect(refused.status).toBe(422);
    expect(pointers(refused)).toContain('/data/relationships/file/data/id');
    const bad = await app.admin(
      'POST',
      '/account-documents',
      doc('account-documents', { name: '', documentType: 'passport' }, {}),
    );
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toEqual(
      expect.arrayContaining(['/data/attributes/name', '/data/attributes/documentType']),
    );
    const bare = await app.admin(
      'POST',
      '/account-documents',
      doc('account-documents', { name: 'No file', documentType: 'other' }, {}),
    );
    expect(pointers(bare)).toEqual(
      expect.arrayContaining(['/data/relationships/account', '/data/relationships/file']),
    );
    const member = await api(
      holder,
      'POST',
      '/account-documents',
      doc(
        'account-documents',
        { name: 'Self-issued', documentType: 'other' },
        { account: one('users', holder.id), file: one('files', open) },
      ),
    );
    expect(member.status).toBe(403);
  });
});

describe('a private file field', () => {
  it("takes only its writer's own files: naming another member's file is refused on its pointer", async () => {
    /** A file uploaded by a member, not public; its id. */
    const uploadedBy = async (who: Person, name: string) => {
      const form = new FormData();
      form.append('isPublic', 'false');
      form.append('file', new Blob([Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`)]), name);
      const answer = await fetch(app.url('/api/v1/services/files'), {
        method: 'POST',
        headers: { Cookie: `atc_session=${who.browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
        body: form,
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { data: { id: string } }).data.id;
    };
    const theirs = await uploadedBy(holder, 'holder-letter.pdf');
    const mine = await uploadedBy(other, 'other-letter.pdf');
    const note = (fileId: string) =>
      doc(
        'test-private-notes',
        { name: 'A note' },
        { owner: one('users', other.id), file: one('files', fileId) },
      );
    const taken = await api(other, 'POST', '/test-private-notes', note(theirs));
    expect(taken.status).toBe(422);
    expect(pointers(taken)).toContain('/data/relationships/file/data/id');
    expect((await download(other, theirs)).status).toBe(404);
    // their own file, named in their own note: served to them
    const made = created(await api(other, 'POST', '/test-private-notes', note(mine)));
    await api(other, 'GET', `/test-private-notes/${made.id}?minPosition=${made.position}`);
    expect((await download(other, mine)).status).toBe(200);
    expect((await download(holder, mine)).status).toBe(404);
  });
});
