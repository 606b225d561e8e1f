import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  grantRoles,
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
  dir = await mkdtemp(join(tmpdir(), 'admin-files-int-'));
  app = await startAccountsApp(
    {},
    { files: { dir, limits: { file: 2 * MB, image: 1 * MB, adminFile: 6 * MB } } },
  );
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A PDF of about `size` bytes, unique to `note`. */
const pdf = (note: string, size = 0) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${note}\n`),
    Buffer.alloc(size, 0x20),
    Buffer.from('\ntrailer << >>\n%%EOF\n'),
  ]);

let people = 0;
/** A signed-in member of their own, with the roles given. */
async function member(roles: string[] = []): Promise<{ browser: Browser; headers: Record<string, string> }> {
  const email = `admin-files-${++people}@example.org`;
  const { id } = await createUser(app, { email });
  if (roles.length) await grantRoles(app, id, roles);
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return {
    browser,
    headers: { Cookie: `atc_session=${browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
  };
}

async function upload(headers: Record<string, string>, bytes: Buffer, name: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(app.url('/api/v1/services/files'), { method: 'POST', headers, body: form });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A GET's status, its body read to the end (an answer left unread keeps its connection, and the app's close waits). */
async function statusOf(path: string): Promise<number> {
  const response = await fetch(app.url(path));
  await response.arrayBuffer();
  return response.status;
}

const adminFile = (fileId: string, containerId: string, name?: string) => ({
  data: {
    type: 'admin-files',
    ...(name !== undefined ? { attributes: { name } } : {}),
    relationships: {
      file: { data: { type: 'files', id: fileId } },
      fileContainer: { data: { type: 'file-containers', id: containerId } },
    },
  },
});

describe('admin files (seed 001 §3: a read-only path in a file container)', () => {
  it('keeps an administrator’s file at a path made of its container’s and its name, served there, and moved by a rename', async () => {
    const word = `ramps${randomBytes(3).toString('hex')}`;
    const manager = await member(['app_admin']);
    const call = (method: string, path: string, body?: unknown) =>
      manager.browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body });

    // a container: its path is checked, unique, and kept once made
    const container = await call('POST', '/file-containers', {
      data: { type: 'file-containers', attributes: { name: 'Guides', path: `Documents/${word}` } },
    });
    expect(container.status, JSON.stringify(container.body)).toBe(201);
    const containerId = container.body.data.id as string;
    const stored = await call(
      'GET',
      `/file-containers/${containerId}?minPosition=${container.body.meta.position}`,
    );
    expect(stored.body.data.attributes.path).toBe(`documents/${word}`);
    const badPath = await call('POST', '/file-containers', {
      data: { type: 'file-containers', attributes: { name: 'Up', path: '../etc' } },
    });
    expect(badPath.status).toBe(422);
    expect(badPath.body.errors[0].source.pointer).toBe('/data/attributes/path');
    const twice = await call('POST', '/file-containers', {
      data: { type: 'file-containers', attributes: { name: 'Again', path: `documents/${word}` } },
    });
    expect(twice.status).toBe(409);
    const moved = await call('PATCH', `/file-containers/${containerId}`, {
      data: { type: 'file-containers', id: containerId, attributes: { path: `elsewhere/${word}` } },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0].source.pointer).toBe('/data/attributes/path');

    // the content: 4 MB, past a member's file limit, within the admin file limit of those who manage admin files
    const bytes = pdf(word, 4 * MB);
    expect((await upload((await member()).headers, bytes, 'guide.pdf')).status).toBe(413);
    const uploaded = await upload(manager.headers, bytes, 'Accès au bâtiment.pdf');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const fileId = uploaded.body.data.id as string;
    const limits = await manager.browser.call('GET', '/api/v1/services/file-limits');
    expect(limits.body.data.attributes).toEqual({ file: 6 * MB, image: 6 * MB });

    // named by its file's original name, at its container's path
    const made = await call('POST', '/admin-files', adminFile(fileId, containerId));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    const read = await call(
      'GET',
      `/admin-files/${id}?include=fileContainer,file&minPosition=${made.body.meta.position}`,
    );
    expect(read.status).toBe(200);
    const path = `documents/${word}/acces-au-batiment.pdf`;
    expect(read.body.data.attributes).toMatchObject({
      name: 'Accès au bâtiment.pdf',
      path,
      family: 'doc',
      url: `/api/v1/services/admin-files/${path}`,
    });
    expect(read.body.data.relationships.createdBy.data).toMatchObject({ type: 'users' });
    const included = (type: string) =>
      read.body.included.find((r: { type: string }) => r.type === type).attributes;
    expect(included('file-containers')).toMatchObject({ path: `documents/${word}`, adminFilesCount: 1 });
    expect(included('files')).toMatchObject({ recordsCount: 1 });

    // served at its path to a visitor, its content revalidated (the file behind the path may change)
    const served = await fetch(app.url(`/api/v1/services/admin-files/${path}`));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    expect(served.headers.get('content-disposition')).toContain('filename="acces-au-batiment.pdf"');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    for (const wrong of ['documents/../etc/passwd', `documents/${word}/ACCES.pdf`, 'x', `documents/${word}`])
      expect(await statusOf(`/api/v1/services/admin-files/${wrong}`), wrong).toBe(404);

    // the path is the platform's: never written by hand; no two admin files share one
    const byHand = await call('PATCH', `/admin-files/${id}`, {
      data: { type: 'admin-files', id, attributes: { path: `documents/${word}/other.pdf` } },
    });
    expect(byHand.status).toBe(403);
    const same = await call('POST', '/admin-files', adminFile(fileId, containerId, 'Accès au bâtiment'));
    expect(same.status).toBe(409);
    expect(same.body.errors[0].source.pointer).toBe('/data/attributes/path');
    const missing = await call('POST', '/admin-files', { data: { type: 'admin-files' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/data/relationships/file',
      '/data/relationships/fileContainer',
    ]);

    // the file is kept while the admin file names it
    expect((await call('POST', `/files/${fileId}/soft-delete`)).status).toBe(409);

    // a rename moves the path: the old one answers 404, the new one the same content
    const renamed = await call('PATCH', `/admin-files/${id}`, {
      data: { type: 'admin-files', id, attributes: { name: 'Plan d’accès' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = `minPosition=${renamed.body.meta.position}`;
    const newPath = `documents/${word}/plan-d-acces.pdf`;
    expect((await call('GET', `/admin-files/${id}?${after}`)).body.data.attributes.path).toBe(newPath);
    expect(await statusOf(`/api/v1/services/admin-files/${path}`)).toBe(404);
    expect(await statusOf(`/api/v1/services/admin-files/${newPath}`)).toBe(200);
    // the freed path takes another admin file
    const again = await call('POST', '/admin-files', adminFile(fileId, containerId));
    expect(again.status, JSON.stringify(again.body)).toBe(201);

    // listed by container with the container's path; its history says who did what
    const listed = await call(
      'GET',
      `/admin-files?filter[fileContainer]=${containerId}&include=fileContainer&sort=path&minPosition=${again.body.meta.position}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: { attributes: { path: string } }) => r.attributes.path)).toEqual([
      path,
      newPath,
    ]);
    expect(listed.body.included).toEqual([
      expect.objectContaining({
        type: 'file-containers',
        attributes: expect.objectContaining({ path: `documents/${word}` }),
      }),
    ]);
    // by its file's media family
    const documents = await call(
      'GET',
      `/admin-files?filter[fileContainer]=${containerId}&filter[family]=doc`,
    );
    expect(documents.body.data).toHaveLength(2);
    const images = await call(
      'GET',
      `/admin-files?filter[fileContainer]=${containerId}&filter[family]=image`,
    );
    expect(images.body.data).toEqual([]);
    const history = await call('GET', `/admin-files/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: { attributes: { kind: string } }) => e.attributes.kind)).toEqual([
      'updated',
      'created',
    ]);

    // in the trash, it is served no more
    const trashed = await call('POST', `/admin-files/${id}/soft-delete`);
    expect(trashed.status).toBe(200);
    expect(
      await statusOf(`/api/v1/services/admin-files/${newPath}?minPosition=${trashed.body.meta.position}`),
    ).toBe(404);
  });

  it('is managed by administrators only: a member neither lists, makes, nor sees a container', async () => {
    const someone = await member();
    const own = await upload(someone.headers, pdf('member'), 'mine.pdf');
    expect(own.status).toBe(201);
    const container = await app.admin('POST', '/file-containers', {
      data: {
        type: 'file-containers',
        attributes: { name: 'Forms', path: `forms-${randomBytes(3).toString('hex')}` },
      },
    });
    expect(container.status).toBe(201);
    expect((await someone.browser.call('GET', '/api/v1/admin-files')).status).toBe(403);
    expect((await someone.browser.call('GET', '/api/v1/file-containers')).status).toBe(403);
    const refused = await someone.browser.call('POST', '/api/v1/admin-files', {
      body: adminFile(own.body.data.id, container.body.data.id),
    });
    expect(refused.status).toBe(403);
    // a container in the trash takes no new admin file
    const trashed = await app.admin('POST', `/file-containers/${container.body.data.id}/soft-delete`);
    expect(trashed.status).toBe(200);
    const admins = await upload({ Authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, pdf('admin'), 'form.pdf');
    const inTrash = await app.admin(
      'POST',
      '/admin-files',
      adminFile(admins.body.data.id, container.body.data.id),
    );
    expect(inTrash.status).toBe(422);
    expect(inTrash.body.errors[0].source.pointer).toMatch(/^\/data\/relationships\/fileContainer/);
  });
});
