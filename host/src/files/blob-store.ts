import { join } from 'node:path';
import { fileTusStorage, type TusStorage } from '@platform/command-api/files/tus';
import { s3TusStorage } from '@platform/command-api/files/tus-s3';
import { parseS3Url, s3BlobStore } from '@platform/infra/files/s3-storage';
import { localBlobStore, type BlobStore } from '@platform/infra/files/storage';

/**
 * The platform's blob store (ADR 0027): an S3-compatible bucket when FILES_S3_URL is set, uploads staged on this
 * machine's disk (multipart ones; resumable ones gather in the bucket: platformTusStorage); otherwise the local disk under the files folder (`<DATA_DIR>/files`). Both stage in
 * `<filesDir>/tmp`, which a start sweeps of what a crash left.
 */
export function platformBlobStore(options: {
  filesDir: string;
  s3Url?: string;
  clock?: () => Date;
}): BlobStore {
  const clock = options.clock ?? (() => new Date());
  if (options.s3Url)
    return s3BlobStore(parseS3Url(options.s3Url), { stagingDir: join(options.filesDir, 'tmp'), clock });
  return localBlobStore(options.filesDir, { clock });
}

/**
 * Where resumable (tus) uploads gather until complete (ADR 0027): the files' bucket, under `tus/`, when
 * FILES_S3_URL is set, so that a PATCH reaching another machine continues the same upload; otherwise this
 * machine's disk (`<filesDir>/tus`).
 */
export function platformTusStorage(options: { filesDir: string; s3Url?: string }): TusStorage {
  if (options.s3Url) return s3TusStorage(parseS3Url(options.s3Url));
  return fileTusStorage(join(options.filesDir, 'tus'));
}
