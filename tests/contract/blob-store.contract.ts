import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { BlobTooLargeError, HEAD_BYTES, type BlobStore } from '@platform/infra/files/storage';

/** One adapter of the blob store port under test, on storage of its own. */
export interface BlobStoreHarness {
  store: BlobStore;
  /** the folder where uploads are staged: empty whenever no upload is in progress */
  stagingDir: string;
  /** moves the store's clock on */
  advance(ms: number): void;
  now(): Date;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const from = (...chunks: Buffer[]) => Readable.from(chunks);
const HOUR = 60 * 60 * 1000;

async function listed(store: BlobStore): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  for await (const blob of store.list()) out.set(blob.hash, blob.storedAt);
  return out;
}

/**
 * What every adapter of the blob store port (ADR 0027) does, the local disk and the S3-compatible one alike:
 * content-addressed storage through a staging step, bounded while streaming, nothing left by a refusal, ranges,
 * and the listing and guarded removal the sweep relies on.
 */
export function blobStoreContract(name: string, harness: () => BlobStoreHarness): void {
  const staged = async () => (await readdir(harness().stagingDir).catch(() => [])).length;

  describe(`blob store contract: ${name}`, () => {
    it('stores bytes under their sha256 once, whatever the number of uploads, and reads them whole or by range', async () => {
      const { store } = harness();
      const bytes = randomBytes(70_000);
      const first = await store.stage(from(bytes.subarray(0, 30_000), bytes.subarray(30_000)), {
        maxBytes: 100_000,
      });
      expect(first).toMatchObject({ hash: sha(bytes), size: bytes.length });
      expect(first.head.equals(bytes.subarray(0, HEAD_BYTES))).toBe(true);
      expect((await buffer(first.read())).equals(bytes)).toBe(true);
      expect(await store.size(first.hash)).toBeNull();
      await first.commit();
      const second = await store.stage(from(bytes), { maxBytes: 100_000 });
      await second.commit();
      expect(await staged()).toBe(0);
      expect(await store.size(first.hash)).toBe(bytes.length);
      expect((await buffer(store.read(first.hash))).equals(bytes)).toBe(true);
      expect(
        (await buffer(store.read(first.hash, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20)),
      ).toBe(true);
      expect([...(await listed(store)).keys()].filter((h) => h === first.hash)).toHaveLength(1);
    });

    it('keeps nothing of a staged blob that is discarded, too large, or whose source fails half-way', async () => {
      const { store } = harness();
      const before = await listed(store);
      const draft = await store.stage(from(randomBytes(500)), { maxBytes: 1000 });
      await draft.discard();
      await expect(
        store.stage(from(randomBytes(600), randomBytes(600)), { maxBytes: 1000 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      const cut = new Readable({
        read() {
          this.push(randomBytes(1000));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(store.stage(cut, { maxBytes: 1_000_000 })).rejects.toThrow('connection reset');
      expect(await staged()).toBe(0);
      expect(await listed(store)).toEqual(before);
      expect(await store.size(draft.hash)).toBeNull();
    });

    it('names no blob by a key that is not a hash, and a missing blob has no size', async () => {
      const { store } = harness();
      expect(await store.size('../secret')).toBeNull();
      expect(await store.size('f'.repeat(64))).toBeNull();
      expect(() => store.read('../secret')).toThrow(/Not a blob hash/);
      expect(await store.removeIfStoredBefore('../secret', new Date())).toBe(false);
    });

    it('lists blobs with when they were stored, and removes one only when stored before the given time', async () => {
      const h = harness();
      const bytes = randomBytes(2000);
      const blob = await h.store.stage(from(bytes), { maxBytes: 10_000 });
      await blob.commit();
      const stored = (await listed(h.store)).get(blob.hash);
      expect(stored).toBeInstanceOf(Date);
      expect(Math.abs(stored!.getTime() - h.now().getTime())).toBeLessThan(5000);
      expect(await h.store.removeIfStoredBefore(blob.hash, new Date(h.now().getTime() - HOUR))).toBe(false);
      h.advance(2 * HOUR);
      // stored again: as young as the new upload
      const again = await h.store.stage(from(bytes), { maxBytes: 10_000 });
      await again.commit();
      expect(await h.store.removeIfStoredBefore(blob.hash, new Date(h.now().getTime() - HOUR))).toBe(false);
      h.advance(2 * HOUR);
      expect(await h.store.removeIfStoredBefore(blob.hash, new Date(h.now().getTime() - HOUR))).toBe(true);
      expect(await h.store.size(blob.hash)).toBeNull();
      expect((await listed(h.store)).has(blob.hash)).toBe(false);
    });
  });
}
