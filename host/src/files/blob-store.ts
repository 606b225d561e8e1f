import { join } from 'node:path';
import { parseS3Url, s3BlobStore } from '@platform/infra/files/s3-storage';
import { localBlobStore, type BlobStore } from '@platform/infra/files/storage';

/**
 * The platform's blob store (ADR 0027): an S3-compatible bucket when FILES_S3_URL is set, uploads staged on this
 * machine's disk; otherwise the local disk under the files folder (`<DATA_DIR>/files`). Both stage in
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
