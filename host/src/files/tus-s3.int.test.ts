import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

// Resumable uploads in the files' bucket (FILES_S3_URL): two platforms, each with its own data directory, share one
// database and one bucket, as two machines behind one address do, and an upload begun on one is continued on the
// other. The bucket is served by moto's S3 server (Python, on the machine): s3rver, which the blob store's tests
// use, lacks the multipart calls @tus/s3-store makes on every request (ListParts, AbortMultipartUpload; and
// ListMultipartUploads), so it cannot hold a tus upload.

/**
 * Whether moto's S3 server can start here (python3 with moto, as this machine's image has them). Where it cannot,
 * the file's tests are skipped and say so: the bucket's other tests (s3rver, from npm) still run everywhere.
 */
const MOTO = spawnSync('python3', ['-c', 'import moto.server'], { stdio: 'ignore' }).status === 0;
if (!MOTO)
  process.stderr.write(
    "tus-s3.int.test.ts: skipped, python3 with moto (moto's S3 server) is not on this machine\n",
  );

const MB = 1024 * 1024;
const TUS = '/api/v1/services/files/tus';
const BUCKET = 'platform-files';
let moto: ChildProcess;
let s3: S3Client;
let first: AccountsTestApp;
let second: AccountsTestApp;
let dir: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (!MOTO) return;
  dir = await mkdtemp(join(tmpdir(), 'files-tus-s3-int-'));
  const port = await freePort();
  moto = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (moto.exitCode !== null) throw new Error(`moto's S3 server exited (${moto.exitCode})`);
      expect((await fetch(endpoint)).ok).toBe(true);
    },
    { timeout: 30_000, interval: 100 },
  );
  s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'KEY', secretAccessKey: 'SECRET' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const files = (name: string) => ({
    dir: join(dir, name),
    limits: { file: 16 * MB, image: 2 * MB, adminFile: 16 * MB },
    s3Url: `http://KEY:SECRET@127.0.0.1:${port}/${BUCKET}/site`,
  });
  first = await startAccountsApp({}, { files: files('first') });
  second = await startAccountsApp({}, { files: files('second') }, { databaseUrl: first.databaseUrl });
}, 60_000);
afterAll(async () => {
  if (!MOTO) return;
  await second?.close();
  await first?.close();
  s3?.destroy();
  moto?.kill();
  await rm(dir, { recursive: true, force: true });
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const filesOnDisk = async () =>
  (await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
/** the keys of the bucket under a prefix */
const keys = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map(
    (o) => o.Key,
  );
const multipartUploads = async () =>
  (
    (await s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'site/tus/' }))).Uploads ?? []
  ).map((u) => u.Key);

let people = 0;
async function member(): Promise<Record<string, string>> {
  const email = `tus-s3-${++people}@example.org`;
  await createUser(first, { email });
  const browser = first.browser();
  expect((await signIn(browser, email)).status).toBe(200);
  return { Cookie: `atc_session=${browser.cookie()}`, 'X-Requested-With': 'XMLHttpRequest' };
}

/** One raw HTTP exchange of the tus protocol with one of the platforms. */
async function tus(
  app: AccountsTestApp,
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

const create = (
  app: AccountsTestApp,
  headers: Record<string, string>,
  size: number,
  metadata: Record<string, string>,
) =>
  tus(app, headers, 'POST', TUS, {
    'Upload-Length': String(size),
    'Upload-Metadata': Object.entries(metadata)
      .map(([key, value]) => `${key} ${b64(value)}`)
      .join(','),
  });

/** A PATCH whose connection drops once `sent` bytes of a body announced whole went out. */
function cutPatch(
  app: AccountsTestApp,
  headers: Record<string, string>,
  path: string,
  bytes: Buffer,
  sent: number,
) {
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

const pathOf = (location: string | null) => new URL(location!, 'http://platform.test').pathname;

describe.skipIf(!MOTO)('resumable uploads in the bucket (FILES_S3_URL)', () => {
  it('continues on a second platform an upload begun on the first, into one served file', async () => {
    const headers = await member();
    // 12 MB: a part of 8 MB and 1 MB waiting for more after the first PATCH, the rest and that 1 MB after the second
    const bytes = randomBytes(12 * MB);
    const made = await create(first, headers, bytes.length, { filename: 'board.lcc', description: 'Layout' });
    expect(made.status, made.text).toBe(201);
    const at = pathOf(made.headers.get('location'));
    const id = at.split('/').pop()!;

    const begun = await tus(first, headers, 'PATCH', at, { 'Upload-Offset': '0' }, bytes.subarray(0, 9 * MB));
    expect(begun.status, begun.text).toBe(204);
    expect(begun.headers.get('upload-offset')).toBe(String(9 * MB));
    // the other platform knows the upload, and where it stands, from the bucket alone
    const head = await tus(second, headers, 'HEAD', at);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(9 * MB));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(await keys('site/tus/')).toEqual(expect.arrayContaining([`site/tus/${id}.info`]));
    // nothing of it on either machine's disk
    expect(await filesOnDisk()).toEqual([]);

    const rest = await tus(
      second,
      headers,
      'PATCH',
      at,
      { 'Upload-Offset': String(9 * MB) },
      bytes.subarray(9 * MB),
    );
    expect(rest.status, rest.text).toBe(200);
    const file = rest.body.data;
    expect(file.id).toBe(id);
    expect(file.attributes).toMatchObject({
      hash: sha(bytes),
      size: bytes.length,
      originalName: 'board.lcc',
    });
    // served by either platform, whole
    for (const app of [first, second]) {
      const served = await fetch(app.url(`${file.attributes.url}?minPosition=${rest.body.meta.position}`));
      expect(served.status).toBe(200);
      expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(bytes));
    }
    // the upload is done with, on both: its objects are gone from the bucket, the blob is there
    expect((await tus(first, headers, 'HEAD', at)).status).toBe(404);
    expect(await keys('site/tus/')).toEqual([]);
    expect(await multipartUploads()).toEqual([]);
    expect(await keys(`site/blobs/${sha(bytes).slice(0, 2)}/`)).toEqual([
      `site/blobs/${sha(bytes).slice(0, 2)}/${sha(bytes)}`,
    ]);
    expect(await filesOnDisk()).toEqual([]);
  });

  it('resumes on the second platform an upload whose connection to the first dropped', async () => {
    const headers = await member();
    const bytes = randomBytes(6 * MB);
    const made = await create(first, headers, bytes.length, { filename: 'scan.lcc' });
    expect(made.status, made.text).toBe(201);
    const at = pathOf(made.headers.get('location'));
    await cutPatch(first, headers, at, bytes, 4 * MB);
    // what reached the first platform before the connection went (never more than was sent) is kept in the bucket,
    // where the second reads it: under S3's 5 MB part, one object written at once, so the offset is whole when seen
    let offset = 0;
    await vi.waitFor(
      async () => {
        offset = Number((await tus(second, headers, 'HEAD', at)).headers.get('upload-offset'));
        expect(offset).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(offset).toBeLessThanOrEqual(4 * MB);
    const rest = await tus(
      second,
      headers,
      'PATCH',
      at,
      { 'Upload-Offset': String(offset) },
      bytes.subarray(offset),
    );
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data.attributes).toMatchObject({ hash: sha(bytes), size: bytes.length });
    const served = await fetch(
      first.url(`${rest.body.data.attributes.url}?minPosition=${rest.body.meta.position}`),
    );
    expect(sha(Buffer.from(await served.arrayBuffer()))).toBe(sha(bytes));
    expect(await keys('site/tus/')).toEqual([]);
    expect(await multipartUploads()).toEqual([]);
  });

  it('leaves nothing in the bucket of an upload refused on completion or given up, nor takes one past the limit', async () => {
    const headers = await member();
    const bytes = randomBytes(300_000);
    const made = await create(first, headers, bytes.length, { filename: 'photo.png', family: 'image' });
    expect(made.status, made.text).toBe(201);
    const at = pathOf(made.headers.get('location'));
    const done = await tus(second, headers, 'PATCH', at, { 'Upload-Offset': '0' }, bytes);
    expect(done.status, done.text).toBe(422);
    expect(done.body.errors[0]).toMatchObject({ source: { pointer: '/file' } });
    expect(await keys('site/tus/')).toEqual([]);
    expect(await multipartUploads()).toEqual([]);
    expect((await create(first, headers, 17 * MB, { filename: 'big.lcc' })).status).toBe(413);
    // given up on the other platform, half sent: nothing of it left either
    const given = await create(first, headers, 200_000, { filename: 'given.lcc' });
    const up = pathOf(given.headers.get('location'));
    const part = await tus(first, headers, 'PATCH', up, { 'Upload-Offset': '0' }, randomBytes(100_000));
    expect(part.status, part.text).toBe(204);
    expect((await tus(second, headers, 'DELETE', up)).status).toBe(204);
    expect((await tus(first, headers, 'HEAD', up)).status).toBe(404);
    expect(await keys('site/tus/')).toEqual([]);
    expect(await multipartUploads()).toEqual([]);
    expect(await filesOnDisk()).toEqual([]);
  });

  // last: it moves the second platform's clock a day on
  it('removes an abandoned upload from the bucket once it expired, on any platform', async () => {
    const headers = await member();
    const bytes = randomBytes(200_000);
    const made = await create(first, headers, bytes.length, { filename: 'left.lcc' });
    const at = pathOf(made.headers.get('location'));
    const id = at.split('/').pop()!;
    const half = await tus(first, headers, 'PATCH', at, { 'Upload-Offset': '0' }, bytes.subarray(0, 100_000));
    expect(half.status, half.text).toBe(204);
    expect((await keys('site/tus/')).sort()).toEqual([`site/tus/${id}.info`, `site/tus/${id}.part`]);
    expect(await multipartUploads()).toEqual([`site/tus/${id}`]);
    expect((await second.platform.files.run()).uploadsExpired).toBe(0);
    second.advance(25 * 60 * 60 * 1000);
    expect((await second.platform.files.run()).uploadsExpired).toBe(1);
    expect(await keys('site/tus/')).toEqual([]);
    expect(await multipartUploads()).toEqual([]);
    expect((await tus(first, headers, 'HEAD', at)).status).toBe(404);
    expect((await first.admin('GET', `/files/${id}`)).status).toBe(404);
  });
});
