import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localBlobStore } from '@platform/infra/files/storage';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { TEST_ADMIN_TOKEN } from '@platform/tests/support/http';

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
let app: AccountsTestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'files-sweep-int-'));
  app = await startAccountsApp(
    {},
    { files: { dir, limits: { file: 8 * MB, image: 2 * MB, adminFile: 8 * MB }, sweepGraceMs: 24 * HOUR } },
  );
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const ADMIN = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The hashes of the blobs on disk. */
const blobsOnDisk = async (): Promise<Set<string>> => {
  const entries = await readdir(join(dir, 'blobs'), { withFileTypes: true, recursive: true });
  return new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
};

async function upload(bytes: Buffer, name: string, fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(app.url('/api/v1/services/files'), {
    method: 'POST',
    headers: ADMIN,
    body: form,
  });
  const answer = { status: response.status, headers: response.headers, body: await response.json() };
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer;
}

const pdf = () => Buffer.from(`%PDF-1.4\n% ${randomBytes(16).toString('hex')}\ntrailer << >>\n%%EOF\n`);

/** Bytes stored in the blob store without a record: what an upload refused after its blob's commit leaves. */
async function orphan(bytes: Buffer): Promise<string> {
  // the platform's clock: the blob is as old as the platform says
  const store = localBlobStore(dir, { clock: app.now });
  const staged = await store.stage(Readable.from([bytes]), { maxBytes: MB });
  await staged.commit();
  return staged.hash;
}

describe('the sweep of blobs no record names', () => {
  it('removes deleted, replaced and orphan blobs past the grace period, and never a named or young one', async () => {
    const image = await upload(
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer(),
      'banner.png',
    );
    const kept = await upload(pdf(), 'kept.pdf');
    const deleted = await upload(pdf(), 'deleted.pdf');
    const trashed = await upload(pdf(), 'trashed.pdf');
    const first = pdf();
    const replaced = await upload(first, 'v1.pdf');
    const second = pdf();
    const replacement = await upload(second, 'v2.pdf', { id: replaced.body.data.id });
    expect(replacement.status).toBe(200);
    expect((await app.admin('DELETE', `/files/${deleted.body.data.id}`)).status).toBe(200);
    expect((await app.admin('POST', `/files/${trashed.body.data.id}/soft-delete`)).status).toBe(200);
    const organization = await app.admin('POST', '/organizations', {
      data: { type: 'organizations', attributes: { name: `Sweep Lab ${randomBytes(3).toString('hex')}` } },
    });
    const secured = new FormData();
    secured.append('model[type]', 'organizations');
    secured.append('model[id]', organization.body.data.id);
    const contract = pdf();
    secured.append('files[]', new Blob([new Uint8Array(contract)]), 'contract.pdf');
    const attached = await fetch(app.url('/api/v1/services/secured-files'), {
      method: 'POST',
      headers: ADMIN,
      body: secured,
    });
    expect(attached.status).toBe(201);
    const stray = await orphan(randomBytes(5000));

    const named = [
      image.body.data.attributes.hash,
      image.body.data.attributes.preview.hash,
      kept.body.data.attributes.hash,
      trashed.body.data.attributes.hash,
      sha(second),
      sha(contract),
    ];
    const unnamed = [deleted.body.data.attributes.hash, sha(first), stray];
    const before = await blobsOnDisk();
    for (const hash of [...named, ...unnamed]) expect(before.has(hash), hash).toBe(true);

    // within the grace period, nothing goes: an upload commits its blob before its record's event
    expect((await app.platform.files.run()).blobsRemoved).toEqual([]);
    expect(await blobsOnDisk()).toEqual(before);

    // every write above is visible in the log the sweep reads before the clock jumps past the grace period: the
    // period is what protects a blob whose record's event is not visible yet, and this test jumps over it
    // every write above, visible yet or not: a transaction open in another test file holds the visible head back
    const head = await app.platform.eventStore.lastCommittedPosition();
    const names = app.platform.projections.map((p) => p.name);
    expect((await waitForProjections(app.platform, names, head, 60_000)).reached).toBe(true);
    app.advance(25 * HOUR);
    // the log shows an event once the transactions begun before it are done: a deletion may be seen a moment later
    const removed: string[] = [];
    await vi.waitFor(
      async () => {
        removed.push(...(await app.platform.files.run()).blobsRemoved);
        expect(removed.sort()).toEqual([...unnamed].sort());
      },
      // a bound for a hang: on a loaded machine the deletion's event can take seconds to show in the log
      { timeout: 60_000, interval: 100 },
    );
    const after = await blobsOnDisk();
    for (const hash of named) expect(after.has(hash), `named ${hash}`).toBe(true);
    for (const hash of unnamed) expect(after.has(hash), `unnamed ${hash}`).toBe(false);
    // the files that are left are served as before
    const served = await fetch(app.url(image.body.data.attributes.previewUrl));
    expect(served.status).toBe(200);
    // the trashed file's blob is kept: a restore brings the file back whole
    const restored = await app.admin('POST', `/files/${trashed.body.data.id}/restore`);
    expect(restored.status).toBe(200);
    const content = await fetch(
      app.url(`${trashed.body.data.attributes.url}?minPosition=${restored.body.meta.position}`),
    );
    expect(content.status).toBe(200);
  });

  it('keeps an old blob that an upload of the same bytes stored again, until it too is past the grace period', async () => {
    const bytes = randomBytes(7000);
    const hash = await orphan(bytes);
    app.advance(25 * HOUR);
    // the same bytes come again (an upload about to name them): the blob is as young as that upload
    expect(await orphan(bytes)).toBe(hash);
    expect((await app.platform.files.run()).blobsRemoved).not.toContain(hash);
    expect((await blobsOnDisk()).has(hash)).toBe(true);
    app.advance(25 * HOUR);
    expect((await app.platform.files.run()).blobsRemoved).toContain(hash);
    expect((await blobsOnDisk()).has(hash)).toBe(false);
  });
});
