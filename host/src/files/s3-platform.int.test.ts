import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';

const MB = 1024 * 1024;
let server: S3rver;
let app: AccountsTestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'files-s3-int-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: join(dir, 'bucket-server'),
    silent: true,
    configureBuckets: [{ name: 'platform-files' }],
  });
  const { port } = await server.run();
  app = await startAccountsApp(
    {},
    {
      files: {
        dir: join(dir, 'files'),
        limits: { file: 8 * MB, image: 2 * MB, adminFile: 8 * MB },
        s3Url: `http://S3RVER:S3RVER@127.0.0.1:${port}/platform-files`,
      },
    },
  );
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const filesOnDisk = async (folder: string) =>
  (await readdir(join(dir, folder), { withFileTypes: true, recursive: true }).catch(() => [])).filter((e) =>
    e.isFile(),
  );

describe('files in an S3-compatible bucket (FILES_S3_URL)', () => {
  it('stores uploads in the bucket, serves them whole and by range, and sweeps them there', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'manual.pdf');
    const response = await fetch(app.url('/api/v1/services/files'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: form,
    });
    const answer = (await response.json()) as { data: any; meta: { position: string } }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(response.status, JSON.stringify(answer)).toBe(201);
    const { url, hash } = answer.data.attributes;
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    // nothing on this machine's disk: the staging folder is empty, the bytes are in the bucket
    expect(await filesOnDisk('files/tmp')).toEqual([]);
    expect(await filesOnDisk('files/blobs')).toEqual([]);
    expect(
      (await filesOnDisk('bucket-server')).some((e) => e.name.includes(hash) || e.parentPath.includes(hash)),
    ).toBe(true);
    const whole = await fetch(app.url(`${url}?minPosition=${answer.meta.position}`));
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(app.url(url), { headers: { Range: 'bytes=9-18' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(9, 19))).toBe(true);

    // deleted, and a day later swept from the bucket
    expect((await app.admin('DELETE', `/files/${answer.data.id}`)).status).toBe(200);
    expect((await app.platform.files.run()).blobsRemoved).toEqual([]);
    app.advance(25 * 60 * 60 * 1000);
    // the log shows an event once the transactions begun before it are done: a deletion may be seen a moment later
    await vi.waitFor(async () => expect((await app.platform.files.run()).blobsRemoved).toEqual([hash]), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
