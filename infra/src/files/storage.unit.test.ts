import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobStoreContract } from '@platform/tests/contract/blob-store.contract';
import { BlobTooLargeError, HEAD_BYTES, localBlobStore } from './storage.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'blobs-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  return out;
};
const sha = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('local blob store', () => {
  it('stores bytes under their sha256 once, whatever the number of uploads, and reads them back', async () => {
    const store = localBlobStore(root);
    const body = 'x'.repeat(10_000);
    const first = await store.stage(Readable.from([Buffer.from(body)]), { maxBytes: 1_000_000 });
    expect(first).toMatchObject({ hash: sha(body), size: 10_000 });
    expect(first.head.length).toBe(HEAD_BYTES);
    expect(await store.size(first.hash)).toBeNull();
    await first.commit();
    const second = await store.stage(Readable.from([Buffer.from(body)]), { maxBytes: 1_000_000 });
    await second.commit();
    expect(await files(join(root, 'blobs'))).toEqual([
      join(root, 'blobs', first.hash.slice(0, 2), first.hash),
    ]);
    expect(await files(join(root, 'tmp'))).toEqual([]);
    expect(await store.size(first.hash)).toBe(10_000);
    expect(await text(store.read(first.hash, { start: 2, end: 5 }))).toBe('xxxx');
  });

  it('keeps nothing of a staged blob that is discarded, too large, or whose source fails half-way', async () => {
    const store = localBlobStore(root);
    const staged = await store.stage(Readable.from([Buffer.from('draft')]), { maxBytes: 100 });
    await staged.discard();
    await expect(
      store.stage(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    const cut = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.stage(cut, { maxBytes: 1_000_000 })).rejects.toThrow('connection reset');
    expect(await files(root)).toEqual([]);
  });

  it('makes its blob folders before the first upload, and again when one was removed by hand', async () => {
    const store = localBlobStore(root);
    const first = await store.stage(Readable.from([Buffer.from('one')]), { maxBytes: 100 });
    const folders = await readdir(join(root, 'blobs'));
    expect(folders).toHaveLength(256);
    expect(folders).toContain(first.hash.slice(0, 2));
    await rm(join(root, 'blobs', first.hash.slice(0, 2)), { recursive: true });
    await first.commit();
    expect(await store.size(first.hash)).toBe(3);
    expect(await files(join(root, 'tmp'))).toEqual([]);
  });

  it('replaces a name left holding other bytes (a crash before their flush) with the bytes of its hash', async () => {
    const store = localBlobStore(root);
    const body = Buffer.from('the whole bytes of a photo');
    const hash = sha(body);
    // what a crash between a new name's link and its flush may leave: the name, and not all of its bytes
    const first = await store.stage(Readable.from([Buffer.from('x')]), { maxBytes: 100 });
    await first.discard();
    await writeFile(join(root, 'blobs', hash.slice(0, 2), hash), 'the whole');
    const again = await store.stage(Readable.from([body]), { maxBytes: 100 });
    await again.commit();
    expect(await text(store.read(hash))).toBe(body.toString());
    expect(await store.size(hash)).toBe(body.length);
    expect(await files(join(root, 'tmp'))).toEqual([]);
  });

  it('never takes a path from outside: a key that is not a hash names no file', async () => {
    const store = localBlobStore(root);
    await writeFile(join(root, 'secret'), 'x');
    expect(await store.size('../secret')).toBeNull();
    expect(() => store.read('../secret')).toThrow(/Not a blob hash/);
  });

  it('sweeps the staging files a crash left behind', async () => {
    const store = localBlobStore(root);
    await store.sweepStaging();
    await writeFile(join(root, 'tmp', 'left.part'), 'half');
    await store.sweepStaging();
    expect(await files(root)).toEqual([]);
  });
});

let offset = 0;
const now = () => new Date(Date.now() + offset);
// one store per test's folder
let local: { root: string; store: ReturnType<typeof localBlobStore> } | null = null;
blobStoreContract('local disk', () => {
  if (local?.root !== root) local = { root, store: localBlobStore(root, { clock: now }) };
  return {
    store: local.store,
    stagingDir: join(root, 'tmp'),
    now,
    advance: (ms) => {
      offset += ms;
    },
  };
});
