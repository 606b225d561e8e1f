import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

const MB = 1024 * 1024;
const TUS = '/api/v1/services/files/tus';
let app: AccountsTestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'files-tus-int-'));
  app = await startAccountsApp(
    {},
    { files: { dir, limits: { file: 8 * MB, image: 2 * MB, adminFile: 16 * MB } } },
  );
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const filesIn = async (folder: string): Promise<string[]> => {
  const entries = await readdir(join(dir, folder), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

let people = 0;
async function member(): Promise<Record<string, string>> {
  const email = `tus-${++people}@example.org`;
  await createUser(app, { email });
  const browser = app.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return { Cookie: `atc_session=${browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' };
}

/** One raw HTTP exchange of the tus protocol (every request carries Tus-Resumable). */
async function tus(
  headers: Record<string, string>,
  method: string,
  path: string,
  extra: Record<string, string> = {},
  body?: Buffer,
) {
  const response = await fetch(app.url(path), {
    method,
    headers: {
      ...headers,
      'Tus-Resumable': '1.0.0',
      ...extra,
      ...(body ? { 'Content-Type': 'application/offset+octet-stream' } : {}),
    },
    body: body ? new Uint8Array(body) : null,
  });
  const text = await response.text();
  let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    // tus's own answers are plain text
  }
  return { status: response.status, headers: response.headers, text, body: json };
}

const create = (headers: Record<string, string>, size: number, metadata: Record<string, string>) =>
  tus(headers, 'POST', TUS, {
    'Upload-Length': String(size),
    'Upload-Metadata': Object.entries(metadata)
      .map(([key, value]) => `${key} ${b64(value)}`)
      .join(','),
  });

/**
 * A PATCH whose connection drops after `sent` bytes of a body announced whole: what a client whose network went
 * away leaves on the server.
 */
function cutPatch(headers: Record<string, string>, path: string, bytes: Buffer, sent: number) {
  return new Promise<void>((resolve) => {
    const req = request(app.url(path), {
      method: 'PATCH',
      headers: {
        ...headers,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, sent), () => {
      req.destroy();
      resolve();
    });
  });
}

const pathOf = (location: string | null) => new URL(location!, app.url('/')).pathname;

describe('resumable uploads (tus)', () => {
  it('resumes an upload cut off half-way from the offset the server tells, into one file of the same hash', async () => {
    const headers = await member();
    const bytes = randomBytes(4 * MB);
    const made = await create(headers, bytes.length, { filename: 'board.lcc', description: 'A layout' });
    expect(made.status, made.text).toBe(201);
    const at = pathOf(made.headers.get('location'));
    expect(at).toMatch(new RegExp(`^${TUS}/[0-9a-f-]{36}$`));

    const half = bytes.length / 2;
    await cutPatch(headers, at, bytes, half);
    // the server keeps what reached it before the connection went: never more than was sent
    let offset = 0;
    await vi.waitFor(
      async () => {
        const head = await tus(headers, 'HEAD', at);
        expect(head.status).toBe(200);
        expect(head.headers.get('upload-length')).toBe(String(bytes.length));
        offset = Number(head.headers.get('upload-offset'));
        expect(offset).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(offset).toBeLessThanOrEqual(half);
    // no file yet: the record is made when the last byte came
    const id = at.split('/').pop()!;
    expect((await fetch(app.url(`/api/v1/files/${id}`))).status).toBe(404);

    const rest = await tus(headers, 'PATCH', at, { 'Upload-Offset': String(offset) }, bytes.subarray(offset));
    expect(rest.status, rest.text).toBe(200);
    const file = rest.body.data;
    expect(file.id).toBe(id);
    expect(file.attributes).toMatchObject({
      hash: sha(bytes),
      size: bytes.length,
      originalName: 'board.lcc',
      description: 'A layout',
      family: 'lcc',
      isUploaded: true,
    });
    const served = await fetch(app.url(`${file.attributes.url}?minPosition=${rest.body.meta.position}`));
    expect(served.status).toBe(200);
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(bytes));
    // the parts are gone once the file is a record; the upload cannot be continued
    expect((await tus(headers, 'HEAD', at)).status).toBe(404);
    expect(await filesIn('tus')).toEqual([]);
  });

  it('leaves nothing of an upload whose content is refused when it completes', async () => {
    const headers = await member();
    const blobsBefore = await filesIn('blobs');
    const bytes = randomBytes(300_000);
    const made = await create(headers, bytes.length, { filename: 'photo.png', family: 'image' });
    expect(made.status).toBe(201);
    const at = pathOf(made.headers.get('location'));
    const done = await tus(headers, 'PATCH', at, { 'Upload-Offset': '0' }, bytes);
    expect(done.status, done.text).toBe(422);
    expect(done.body.errors[0]).toMatchObject({ source: { pointer: '/file' } });
    expect((await tus(headers, 'HEAD', at)).status).toBe(404);
    expect(await filesIn('tus')).toEqual([]);
    expect(await filesIn('tmp')).toEqual([]);
    expect(await filesIn('blobs')).toEqual(blobsBefore);
    expect((await fetch(app.url(`/api/v1/files/${at.split('/').pop()}`))).status).toBe(404);
  });

  it('refuses visitors, hides an upload from another member, and refuses a length past the limit', async () => {
    const visitor = await create({}, 10, { filename: 'a.lcc' });
    expect(visitor.status).toBe(401);
    const owner = await member();
    const made = await create(owner, 1000, { filename: 'a.lcc' });
    const at = pathOf(made.headers.get('location'));
    const other = await member();
    expect((await tus(other, 'HEAD', at)).status).toBe(404);
    expect((await tus(other, 'PATCH', at, { 'Upload-Offset': '0' }, randomBytes(1000))).status).toBe(404);
    expect((await tus(owner, 'GET', at)).status).toBe(404);
    expect((await tus(owner, 'HEAD', at)).headers.get('upload-offset')).toBe('0');
    expect((await tus(owner, 'DELETE', at)).status).toBe(204);
    expect(await filesIn('tus')).toEqual([]);
    const tooLarge = await create(owner, 9 * MB, { filename: 'big.lcc' });
    expect(tooLarge.status).toBe(413);
    const noName = await create(owner, 10, { description: 'no name' });
    expect(noName.status).toBe(422);
  });

  it('refuses uploads and preflights from another origin, and grants no cross-origin read', async () => {
    const headers = await member();
    const other = 'https://elsewhere.example';
    const foreign = await create({ ...headers, Origin: other }, 10, { filename: 'a.lcc' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'auth.forbidden' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(app.url(TUS), {
      method: 'OPTIONS',
      headers: {
        Origin: other,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'tus-resumable, upload-length, x-requested-with',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    // an upload made from the platform's own page is taken, and no answer grants another origin anything
    const own = new URL(app.url('/')).origin;
    const made = await create({ ...headers, Origin: own }, 10, { filename: 'a.lcc' });
    expect(made.status, made.text).toBe(201);
    expect(made.headers.get('access-control-allow-origin')).toBeNull();
    const at = pathOf(made.headers.get('location'));
    const continued = await tus(
      { ...headers, Origin: other },
      'PATCH',
      at,
      { 'Upload-Offset': '0' },
      randomBytes(10),
    );
    expect(continued.status).toBe(403);
    expect((await tus(headers, 'HEAD', at)).headers.get('upload-offset')).toBe('0');
    expect((await tus(headers, 'DELETE', at)).status).toBe(204);
    expect(await filesIn('tus')).toEqual([]);
  });

  // last: it moves the platform's clock a day on
  it('removes an unfinished upload once it expired, and no younger one', async () => {
    const headers = await member();
    const bytes = randomBytes(200_000);
    const made = await create(headers, bytes.length, { filename: 'left.lcc' });
    const at = pathOf(made.headers.get('location'));
    const half = await tus(headers, 'PATCH', at, { 'Upload-Offset': '0' }, bytes.subarray(0, 100_000));
    expect(half.status, half.text).toBe(204);
    expect((await filesIn('tus')).length).toBeGreaterThan(0);
    expect((await app.platform.files.run()).uploadsExpired).toBe(0);
    expect((await tus(headers, 'HEAD', at)).headers.get('upload-offset')).toBe('100000');
    app.advance(25 * 60 * 60 * 1000);
    expect((await app.platform.files.run()).uploadsExpired).toBe(1);
    expect(await filesIn('tus')).toEqual([]);
    // nothing of it became a file
    expect((await app.admin('GET', `/files/${at.split('/').pop()}`)).status).toBe(404);
  });
});
