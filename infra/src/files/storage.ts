import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, stat, unlink, utimes } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join, resolve } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes file-type reads to recognise a format (its reasonable detection size). */
export const HEAD_BYTES = 4100;

/** A blob's name: the sha256 of its bytes, in lower-case hex. */
export const BLOB_HASH = /^[0-9a-f]{64}$/;

/** The local disk's folders of blobs, by the first two hex digits of their hash. */
const BLOB_FOLDERS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Bytes received in full but not stored yet: the caller decides from them (their type, their size) and then
 * commits them under their hash or discards them. Nothing of a staged blob outlives a discard.
 */
export interface StagedBlob {
  readonly hash: string;
  readonly size: number;
  /** the first HEAD_BYTES bytes (fewer for a shorter file): what the type is decided from */
  readonly head: Buffer;
  /** the staged bytes again, from the start (a preview is made from them) */
  read(): Readable;
  /** stores the bytes under their hash; the same bytes stored before are kept once */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** The upload went past its limit: nothing of it was kept. */
export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * Where file contents live (ADR 0027): content-addressed by sha256, written through a staging step so that an upload
 * cut off or refused leaves nothing. One adapter today (local disk under the data directory); an S3-compatible one
 * takes the same port for a platform on more than one machine. Names given by users never reach the store: its
 * keys are hashes and random staging names.
 */
export interface BlobStore {
  /** streams `source` in, refusing it past `maxBytes` (BlobTooLargeError, nothing kept) */
  stage(source: Readable, options: { maxBytes: number }): Promise<StagedBlob>;
  /** the stored blob's size, or null when there is none */
  size(hash: string): Promise<number | null>;
  /** the stored bytes, whole or from `start` to `end` inclusive */
  read(hash: string, range?: { start: number; end: number }): Readable;
  /**
   * every stored blob with when it was stored: its first commit, or a later commit of the same bytes (an upload
   * that found them stored already), so that a sweep's grace period covers an upload naming an old blob too
   */
  list(): AsyncIterable<{ hash: string; storedAt: Date }>;
  /** removes a blob unless it was stored at `storedBefore` or later (looked at again just before); true if removed */
  removeIfStoredBefore(hash: string, storedBefore: Date): Promise<boolean>;
}

/**
 * How many bytes a staging file's stream holds before it makes the upload wait: the chunks that arrive while one
 * write is on its way are written together (one writev) rather than one 64 KB write after the other, each waiting
 * for the last, so receiving and writing overlap. A bound per upload, never the whole file.
 */
export const STAGING_BUFFER = 1024 * 1024;

/** Counts, hashes and keeps the head of what flows through; fails once more than `max` bytes came. */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.max) {
      done(new BlobTooLargeError(this.max));
      return;
    }
    this.hash.update(chunk);
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.headChunks.push(Buffer.from(part));
      this.headSize += part.length;
    }
    done(null, chunk);
  }
  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}

/**
 * Bytes streamed into a staging file of `tmp`: hashed, counted, their head kept; nothing left when it fails. Not
 * flushed: a store that keeps the file flushes it itself (the local disk's, beside its other work), one that sends
 * the bytes on elsewhere and removes the file needs no flush.
 */
export async function stageOnDisk(
  tmp: string,
  source: Readable,
  maxBytes: number,
): Promise<{ staging: string; hash: string; size: number; head: Buffer }> {
  const staging = join(tmp, `${randomUUID()}.part`);
  const meter = new Meter(maxBytes);
  // wx: a fresh file of our own naming
  const file = createWriteStream(staging, { flags: 'wx', highWaterMark: STAGING_BUFFER });
  try {
    await pipeline(source, meter, file);
  } catch (error) {
    // a source that fails at once may do so before the file is even open: it is removed once closed, not before
    if (!file.closed) await once(file, 'close').catch(() => undefined);
    await rm(staging, { force: true });
    throw error;
  }
  return { staging, hash: meter.hash.digest('hex'), size: meter.size, head: meter.head() };
}

/**
 * Makes a path durable (fsync): a file's bytes, or a folder's entries (a file created, renamed or removed in it is
 * then found as it was after a crash of the machine). A file written by a stream that has closed it is reopened.
 */
export async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const LINKS_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']);

/**
 * Gives `file` the name `target` unless that name exists (a hard link: never replaces what is there); true when
 * named, false when the name exists or the file system makes no hard links. The target's folder is made again
 * when it went since this process made it (removed by hand).
 */
async function linkNew(file: string, target: string): Promise<boolean> {
  const named = () =>
    link(file, target).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        // EEXIST: the name is there; a file system without hard links: named the other way (a rename, flushed first)
        if (error.code === 'EEXIST' || LINKS_UNSUPPORTED.has(error.code ?? '')) return false;
        throw error;
      },
    );
  try {
    return await named();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await makeFolder(dirname(target));
    return named();
  }
}

/**
 * A folder made (with its missing parents) and durable: when anything was created, the folders that gained an entry
 * are synced, from the parent of the first one made down to the folder's own parent.
 */
async function makeFolder(folder: string): Promise<void> {
  const target = resolve(folder);
  const made = await mkdir(target, { recursive: true });
  if (made === undefined) return;
  const first = resolve(made);
  for (let at = target; ; at = dirname(at)) {
    await syncPath(dirname(at));
    if (at === first || dirname(at) === at) break;
  }
}

/**
 * The local-disk adapter: `<root>/blobs/ab/<hash>` for the bytes, `<root>/tmp/<random>.part` while they arrive.
 * A staged file gets its blob's name only when complete and accepted; a crash mid-upload leaves a `.part` file that
 * `sweepStaging` removes at the next start. A commit resolves once the bytes and the name are both durable (the
 * file and its folder flushed, ADR 0046, together since ADR 0052): the record naming the blob is appended after
 * it, so no record outlives its blob in a crash. A new name is linked to the staged file before its flush; a name
 * that exists is only ever replaced by bytes already flushed, so a blob a record names is never lost to a crash.
 */
export function localBlobStore(
  root: string,
  options: { clock?: () => Date } = {},
): BlobStore & {
  root: string;
  /** removes what uploads interrupted by a crash left in the staging folder */
  sweepStaging(): Promise<void>;
} {
  const clock = options.clock ?? (() => new Date());
  const tmp = join(root, 'tmp');
  const blobs = join(root, 'blobs');
  const pathOf = (hash: string) => {
    if (!BLOB_HASH.test(hash)) throw new Error(`Not a blob hash: ${hash}`);
    return join(blobs, hash.slice(0, 2), hash);
  };
  let ready: Promise<void> | null = null;
  /**
   * the folders, made once per process: `tmp`, `blobs` and its 256 `<ab>` folders, so that no commit makes a folder
   * (nor waits for its parent's sync); a failure is tried again by the next upload
   */
  const prepared = () =>
    (ready ??= (async () => {
      // blobs first: the folders it makes (the root too, on a first start) are synced into their parents
      await makeFolder(blobs);
      await mkdir(tmp, { recursive: true });
      const made = await Promise.all(
        BLOB_FOLDERS.map((prefix) => mkdir(join(blobs, prefix), { recursive: true })),
      );
      if (made.some((folder) => folder !== undefined)) await syncPath(blobs);
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    }));

  return {
    root,
    async stage(source, { maxBytes }) {
      await prepared();
      // written, not flushed yet: the flush starts at once and runs beside what the caller decides from the bytes
      // (their type, the record); a commit waits for it, a discard does not
      const { staging, hash, size, head } = await stageOnDisk(tmp, source, maxBytes);
      const flushed = syncPath(staging);
      flushed.catch(() => undefined);
      let settled = false;
      return {
        hash,
        size,
        head,
        read: () => createReadStream(staging),
        async commit() {
          if (settled) return;
          settled = true;
          const target = pathOf(hash);
          const now = clock();
          if (await linkNew(staging, target)) {
            // a name the store did not have: it is given before the bytes are on disk, and the flushes of the bytes
            // and of the folder holding the name then run together (one wait for the disk, not two in a row).
            // Nothing names the blob before both are done (the record is appended after this resolves); a crash
            // before then leaves a name whose bytes may be lost, which a later upload of the same bytes replaces
            // (below) and the sweep removes once past its grace period, as any blob no record names
            await Promise.all([
              // the staging name goes once its flush is done: the flush opens the file by that name, and an
              // unlink that ran first (the thread pool does not keep the order work was queued in) left it
              // nothing to open. Removing the name alone: a crash before leaves it to the sweep, the blob's stays
              flushed.then(() => unlink(staging)),
              syncPath(dirname(target)),
              utimes(target, now, now),
            ]);
            return;
          }
          // the same bytes under that name already (stored before, or left by a crash before their flush): they
          // are replaced by this upload's own, flushed first, so that the name never holds less than whole bytes
          // on disk (a record may name them already); a reader of the former copy reads it to its end
          await flushed;
          await rename(staging, target);
          // when it was stored, for the sweep's grace period (a blob stored again is as young as its new upload)
          await Promise.all([syncPath(dirname(target)), utimes(target, now, now)]);
        },
        async discard() {
          if (settled) return;
          settled = true;
          await rm(staging, { force: true });
        },
      };
    },
    async size(hash) {
      if (!BLOB_HASH.test(hash)) return null;
      const found = await stat(pathOf(hash)).catch(() => null);
      return found?.isFile() ? found.size : null;
    },
    read(hash, range) {
      return createReadStream(pathOf(hash), range ? { start: range.start, end: range.end } : {});
    },
    async *list() {
      await prepared();
      for (const prefix of await readdir(blobs)) {
        if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
        for (const name of await readdir(join(blobs, prefix)).catch(() => [])) {
          if (!BLOB_HASH.test(name) || !name.startsWith(prefix)) continue;
          const found = await stat(join(blobs, prefix, name)).catch(() => null);
          if (found?.isFile()) yield { hash: name, storedAt: found.mtime };
        }
      }
    },
    async removeIfStoredBefore(hash, storedBefore) {
      if (!BLOB_HASH.test(hash)) return false;
      const found = await stat(pathOf(hash)).catch(() => null);
      if (!found?.isFile() || found.mtime >= storedBefore) return false;
      await rm(pathOf(hash), { force: true });
      return true;
    },
    async sweepStaging() {
      await prepared();
      for (const name of await readdir(tmp))
        if (name.endsWith('.part')) await rm(join(tmp, name), { force: true });
    },
  };
}
