import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreContract, type BlobStoreHarness } from '@platform/tests/contract/blob-store.contract';
import { parseS3Url, s3BlobStore } from './s3-storage.ts';

// s3rver: an S3-compatible server (S3's REST API over a folder) started here, so the S3 adapter runs through the
// same contract as the local disk one without a network or a container
let server: S3rver;
let dir: string;
let harness: BlobStoreHarness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-blobs-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: join(dir, 'server'),
    silent: true,
    configureBuckets: [{ name: 'platform-files' }],
  });
  const { port } = await server.run();
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const store = s3BlobStore(parseS3Url(`http://S3RVER:S3RVER@127.0.0.1:${port}/platform-files/site-a`), {
    stagingDir: join(dir, 'staging'),
    clock: now,
  });
  harness = {
    store,
    stagingDir: join(dir, 'staging'),
    now,
    advance: (ms) => {
      offset += ms;
    },
  };
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

blobStoreContract('S3-compatible (s3rver)', () => harness);

describe('FILES_S3_URL', () => {
  it('names the endpoint, the bucket, a prefix, the region and the credentials', () => {
    expect(parseS3Url('https://AK%2F1:se%2Bcret@s3.example.org:9000/files/site/a?region=eu-west-3')).toEqual({
      endpoint: 'https://s3.example.org:9000',
      bucket: 'files',
      prefix: 'site/a/',
      region: 'eu-west-3',
      accessKeyId: 'AK/1',
      secretAccessKey: 'se+cret',
      forcePathStyle: true,
    });
    expect(() => parseS3Url('https://s3.example.org/files')).toThrow(/access key/);
    expect(() => parseS3Url('https://k:s@s3.example.org/')).toThrow(/bucket/);
    expect(() => parseS3Url('ftp://k:s@s3.example.org/b')).toThrow(/http/);
  });
});
