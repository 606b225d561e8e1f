import { S3Store } from '@tus/s3-store';
import { ERRORS, type KvStore } from '@tus/utils';
import type { S3Location } from '@platform/infra/files/s3-storage';
import { expiredUpload, TUS_EXPIRY_MS, type TusStorage } from './tus.ts';

/** Where resumable uploads gather inside the files' prefix of the bucket. */
export const TUS_PREFIX = 'tus/';

const missing = (error: unknown) => {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    ['NotFound', 'NoSuchKey', 'NoSuchUpload'].includes(e.name ?? e.Code ?? '') ||
    e.$metadata?.httpStatusCode === 404
  );
};

/**
 * No cache of an upload's info between requests: another machine may have changed it since (a length declared
 * later), so every request reads it from the bucket (one small GET).
 */
const noCache: KvStore<never> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * @tus/s3-store's S3Store with its objects under a prefix of the bucket (the store names them by the upload's id
 * alone: `<id>` the multipart upload and the whole once complete, `<id>.info` the upload's info, `<id>.part` the
 * bytes of a PATCH too few yet for a part), and a removal that takes all three, whether the upload is complete
 * (its multipart upload gone: S3Store's own `remove` stops there) or not.
 */
class PrefixedS3Store extends S3Store {
  private readonly prefix: string;

  constructor(location: S3Location, prefix: string) {
    super({
      // parts of 8 MB as S3Store prefers; the bytes of a PATCH below S3's 5 MB minimum wait in `<id>.part`
      expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
      // expiry is the platform's housekeeping (expire below), not a lifecycle rule on tags
      useTags: false,
      cache: noCache,
      s3ClientConfig: {
        bucket: location.bucket,
        endpoint: location.endpoint,
        region: location.region,
        forcePathStyle: location.forcePathStyle,
        credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
        // as the blob store's client: bodies sent whole, not in aws-chunked frames some S3-compatible servers store
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    this.prefix = prefix;
    // every key S3Store names (an object's, each of a multi-delete's) is put under the prefix before it is sent
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: unknown; Delete?: { Objects?: { Key?: string }[] } };
        const keyed = typeof input.Key === 'string' ? { Key: `${prefix}${input.Key}` } : {};
        const deleted = input.Delete?.Objects
          ? {
              Delete: {
                ...input.Delete,
                Objects: input.Delete.Objects.map((o) => ({ ...o, Key: `${prefix}${o.Key ?? ''}` })),
              },
            }
          : {};
        return next({ ...args, input: { ...input, ...keyed, ...deleted } as typeof args.input });
      },
      { step: 'initialize', name: 'platformTusPrefix' },
    );
  }

  override async remove(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      if (missing(error)) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    if (uploadId)
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId })
        .catch((error: unknown) => {
          // a completed upload has no multipart upload any more
          if (!missing(error)) throw error;
        });
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: {
        Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }],
        Quiet: true,
      },
    });
  }

  /** the ids of the uploads whose info is in the bucket */
  async *ids(): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: this.prefix,
        ContinuationToken: token,
      });
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? '';
        if (key.endsWith('.info') && !key.includes('/')) yield key.slice(0, -'.info'.length);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/**
 * Resumable uploads gathered in the files' bucket (FILES_S3_URL, ADR 0027), under `<prefix>tus/`: every machine
 * reads and continues the same upload, so a PATCH after a dropped connection may reach any of them.
 */
export function s3TusStorage(location: S3Location): TusStorage {
  const store = new PrefixedS3Store(location, `${location.prefix}${TUS_PREFIX}`);
  return {
    datastore: store,
    read: (id) => store.read(id),
    async expire(now) {
      let removed = 0;
      for await (const id of store.ids()) {
        if (!expiredUpload(await store.getUpload(id).catch(() => null), now)) continue;
        await store.remove(id).catch(() => undefined);
        removed++;
      }
      return removed;
    },
  };
}
