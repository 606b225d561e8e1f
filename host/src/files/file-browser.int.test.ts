import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';

const MB = 1024 * 1024;
let app: AccountsTestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'files-browser-int-'));
  app = await startAccountsApp(
    {},
    { files: { dir, limits: { file: 8 * MB, image: 2 * MB, adminFile: 16 * MB } } },
  );
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const ADMIN = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function upload(headers: Record<string, string>, bytes: Buffer, name: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(app.url('/api/v1/services/files'), { method: 'POST', headers, body: form });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 10, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const pdf = (note: string) => Buffer.from(`%PDF-1.4\n% ${note}\ntrailer << >>\n%%EOF\n`);
const stl = () => Buffer.from('solid grip\nfacet normal 0 0 1\nendfacet\nendsolid grip\n');

let people = 0;
async function member(): Promise<{ browser: Browser; headers: Record<string, string> }> {
  const email = `file-browser-${++people}@example.org`;
  await createUser(app, { email });
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return {
    browser,
    headers: { Cookie: `atc_session=${browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
  };
}

const names = (answer: Answer) =>
  answer.body.data.map((d: { attributes: { name: string } }) => d.attributes.name);

describe('the admin file browser (/files)', () => {
  it('lists, searches and filters files by family, counts their uses, and refuses to delete a file in use', async () => {
    // a word of this test's own, so that the other tests' files stay out of its lists
    const word = `tiltboard${randomBytes(3).toString('hex')}`;
    const photo = await upload(ADMIN, await png(), `${word} photo.png`);
    const guide = await upload(ADMIN, pdf(word), `${word} guide.pdf`);
    const model = await upload(ADMIN, stl(), `${word} grip.stl`);
    const someone = await member();
    const own = await upload(someone.headers, pdf(`${word} own`), `${word} notes.pdf`);
    for (const made of [photo, guide, model, own]) expect(made.status, JSON.stringify(made.body)).toBe(201);
    const at = `minPosition=${own.body.meta.position}`;

    const all = await app.admin('GET', `/files?filter[search]=${word}&sort=name&${at}`);
    expect(all.status).toBe(200);
    expect(names(all)).toEqual([
      `${word} grip.stl`,
      `${word} guide.pdf`,
      `${word} notes.pdf`,
      `${word} photo.png`,
    ]);
    const images = await app.admin('GET', `/files?filter[search]=${word}&filter[family]=image`);
    expect(names(images)).toEqual([`${word} photo.png`]);
    const documents = await app.admin('GET', `/files?filter[search]=${word}&filter[family]=doc&sort=-name`);
    expect(names(documents)).toEqual([`${word} notes.pdf`, `${word} guide.pdf`]);
    expect((await app.admin('GET', `/files?filter[family]=spreadsheet`)).status).toBe(400);
    // a member lists their own files only
    const mine = await someone.browser.call('GET', `/api/v1/files?filter[search]=${word}`);
    expect(mine.status).toBe(200);
    expect(names(mine)).toEqual([`${word} notes.pdf`]);

    // an organization's image uses the photo: counted, and kept
    const organization = await app.admin('POST', '/organizations', {
      data: {
        type: 'organizations',
        attributes: { name: `Lab ${word}` },
        relationships: { image: { data: { type: 'files', id: photo.body.data.id } } },
      },
    });
    expect(organization.status, JSON.stringify(organization.body)).toBe(201);
    const counted = await app.admin(
      'GET',
      `/files?filter[search]=${word}&filter[family]=image&minPosition=${organization.body.meta.position}`,
    );
    expect(counted.body.data[0].attributes.recordsCount).toBe(1);
    for (const [method, path] of [
      ['POST', `/files/${photo.body.data.id}/soft-delete`],
      ['DELETE', `/files/${photo.body.data.id}`],
    ] as const) {
      const refused = await app.admin(method, path);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'conflict.file_in_use',
        detail: expect.stringMatching(/is used by 1 record: remove it from that record first/),
      });
    }

    // a file no record uses goes to the trash, out of the list, and back
    const trashed = await app.admin('POST', `/files/${guide.body.data.id}/soft-delete`);
    expect(trashed.status).toBe(200);
    const after = `minPosition=${trashed.body.meta.position}`;
    expect(
      names(await app.admin('GET', `/files?filter[search]=${word}&filter[family]=doc&${after}`)),
    ).toEqual([`${word} notes.pdf`]);
    expect(
      names(await app.admin('GET', `/files?filter[search]=${word}&filter[trashed]=only&${after}`)),
    ).toEqual([`${word} guide.pdf`]);
    // the member may not put another's file in the trash
    const notTheirs = await someone.browser.call('POST', `/api/v1/files/${model.body.data.id}/soft-delete`);
    expect([403, 404]).toContain(notTheirs.status);
  });

  it('tells each uploader the limits that apply to them, for the checks a file field makes before sending', async () => {
    const someone = await member();
    const mine = await someone.browser.call('GET', '/api/v1/services/file-limits');
    expect(mine.status).toBe(200);
    expect(mine.body.data.attributes).toEqual({ file: 8 * MB, image: 2 * MB });
    // an administrator's uploads take the admin file limit
    const admins = await app.admin('GET', '/services/file-limits');
    expect(admins.body.data.attributes).toEqual({ file: 16 * MB, image: 16 * MB });
    expect((await app.browser().call('GET', '/api/v1/services/file-limits')).status).toBe(401);
  });
});
