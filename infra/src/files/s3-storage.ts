import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { BLOB_HASH, stageOnDisk, type BlobStore } from './storage.ts';

/** The object metadata that says when a blob was stored (by the platform's clock), for the sweep's grace period. */
const STORED_AT = 'stored-at';

/** Where an S3-compatible store is, read from FILES_S3_URL. */
export interface S3Location {
  endpoint: string;
  bucket: string;
  /** the keys' prefix inside the bucket ('' or ending in '/') */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** path-style addressing (`endpoint/bucket/key`): what S3-compatible servers take; false for virtual hosts */
  forcePathStyle: boolean;
}

/**
 * FILES_S3_URL: `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=eu-west-1&pathStyle=false]` (the
 * key and secret URL-encoded). The endpoint is the URL's origin; the region defaults to us-east-1, addressing to
 * path style.
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('FILES_S3_URL must be an http(s) URL: https://KEY:SECRET@host/bucket');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket)
    throw new Error('FILES_S3_URL must name the bucket as its path: https://KEY:SECRET@host/bucket');
  if (!url.username || !url.password)
    throw new Error('FILES_S3_URL must carry the access key and secret: https://KEY:SECRET@host/bucket');
  return {
    endpoint: url.origin,
    bucket,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: url.searchParams.get('pathStyle') !== 'false',
  };
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * The S3-compatible adapter of the blob store port (ADR 0027), for a platform on more than one machine: committed
 * blobs are objects `<prefix>blobs/<ab>/<sha256>` of one bucket, shared by every machine. Uploads are staged on the
 * receiving machine's disk (`<stagingDir>`, as the local adapter does: hashed, counted and bounded while they
 * stream, nothing kept when refused or cut off) and sent to the bucket on commit, once, since the same bytes stored
 * before are not sent again (their object's stored-at is renewed, so the sweep's grace period covers the new
 * upload). Objects are sent whole (one PUT: at most 5 GB, above the largest configured upload).
 */
export function s3BlobStore(
  location: S3Location,
  options: { stagingDir: string; clock?: () => Date; client?: S3Client },
): BlobStore & { client: S3Client } {
  const clock = options.clock ?? (() => new Date());
  const client =
    options.client ??
    new S3Client({
      endpoint: location.endpoint,
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
      // checksums only where S3 requires them: a body sent whole, not in aws-chunked frames with a trailing
      // checksum, which S3-compatible servers do not all read (they would store the frames as the content)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const { bucket } = location;
  const blobsPrefix = `${location.prefix}blobs/`;
  const keyOf = (hash: string) => {
    if (!BLOB_HASH.test(hash)) throw new Error(`Not a blob hash: ${hash}`);
    return `${blobsPrefix}${hash.slice(0, 2)}/${hash}`;
  };
  let ready: Promise<unknown> | null = null;
  const prepared = () => (ready ??= mkdir(options.stagingDir, { recursive: true }));

  /** when a stored blob was stored, or null when there is none */
  const storedAt = async (hash: string): Promise<{ at: Date; size: number } | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(hash) }));
      const stamped = head.Metadata?.[STORED_AT];
      const at = stamped ? new Date(stamped) : (head.LastModified ?? new Date(0));
      return { at: Number.isNaN(at.getTime()) ? new Date(0) : at, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };

  return {
    client,
    async stage(source, { maxBytes }) {
      await prepared();
      // not flushed: the bytes are read back for the bucket's PUT, which is what keeps them, and then removed
      const { staging, hash, size, head } = await stageOnDisk(options.stagingDir, source, maxBytes);
      let settled = false;
      return {
        hash,
        size,
        head,
        read: () => createReadStream(staging),
        async commit() {
          if (settled) return;
          settled = true;
          try {
            const key = keyOf(hash);
            const Metadata = { [STORED_AT]: clock().toISOString() };
            if (await storedAt(hash))
              // the same bytes stored before: one copy is kept, as young as this upload
              await client.send(
                new CopyObjectCommand({
                  Bucket: bucket,
                  Key: key,
                  CopySource: `${bucket}/${key}`,
                  MetadataDirective: 'REPLACE',
                  Metadata,
                }),
              );
            else
              await client.send(
                new PutObjectCommand({
                  Bucket: bucket,
                  Key: key,
                  Body: createReadStream(staging),
                  ContentLength: size,
                  ContentType: 'application/octet-stream',
                  Metadata,
                }),
              );
          } finally {
            await rm(staging, { force: true });
          }
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
      return (await storedAt(hash))?.size ?? null;
    },
    read(hash, range) {
      const key = keyOf(hash);
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        .then(
          (answer) => {
            const body = answer.Body as Readable;
            body.on('error', (error) => out.destroy(error));
            body.pipe(out);
            // the reader gave up: the object's stream is let go too
            out.on('close', () => body.destroy());
          },
          (error: unknown) => out.destroy(error as Error),
        );
      return out;
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: blobsPrefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const hash = object.Key?.slice(object.Key.lastIndexOf('/') + 1) ?? '';
          if (!BLOB_HASH.test(hash) || object.Key !== keyOf(hash)) continue;
          const stored = await storedAt(hash);
          if (stored) yield { hash, storedAt: stored.at };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async removeIfStoredBefore(hash, storedBefore) {
      if (!BLOB_HASH.test(hash)) return false;
      const stored = await storedAt(hash);
      if (!stored || stored.at >= storedBefore) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(hash) }));
      return true;
    },
  };
}

/** Where the S3 adapter stages uploads on this machine: the data directory's staging folder. */
export const s3StagingDir = (filesDir: string) => join(filesDir, 'tmp');
