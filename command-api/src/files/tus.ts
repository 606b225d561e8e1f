import { AsyncLocalStorage } from 'node:async_hooks';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import express, { type Request, type Response } from 'express';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { Metadata, type DataStore, type Upload } from '@tus/utils';
import { DomainError, NotFoundError } from '@platform/contracts/errors';
import { FILE_UPLOADERS } from '@platform/contracts/files/file';
import { TUS_PATH } from '@platform/contracts/files/paths';
import { tooLarge } from '@platform/infra/files/intake';
import { BlobTooLargeError, type BlobStore, type StagedBlob } from '@platform/infra/files/storage';
import { JSON_API_MEDIA_TYPE, toErrorDocument } from '@platform/infra/http/errors';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import type { CommandResult } from '../handler.ts';

/** An upload left unfinished this long is expired (the tus expiration extension): it cannot be resumed. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Where the parts of unfinished uploads gather until complete (ADR 0027): this machine's disk by default
 * (`fileTusStorage`), the files' bucket where FILES_S3_URL is set (`s3TusStorage`), so that an upload begun on one
 * machine is continued on any other.
 */
export interface TusStorage {
  /** the tus datastore: its `remove` takes everything of an upload, complete or not */
  datastore: DataStore;
  /** the bytes of a completed upload */
  read(id: string): Promise<Readable>;
  /** removes the unfinished uploads made more than the expiry period before `now`; answers how many */
  expire(now: Date): Promise<number>;
}

/** An upload unfinished and made more than the expiry period before `now`. */
export const expiredUpload = (upload: Upload | null, now: Date): boolean =>
  !!upload?.creation_date &&
  upload.offset !== upload.size &&
  new Date(upload.creation_date).getTime() + TUS_EXPIRY_MS <= now.getTime();

/** Uploads gathered on this machine's disk, in `directory` (@tus/file-store): a platform on one machine. */
export function fileTusStorage(directory: string): TusStorage {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  return {
    datastore,
    read: async (id) => createReadStream(join(directory, id)),
    async expire(now) {
      const ids = (await datastore.configstore.list?.().catch(() => [])) ?? [];
      let removed = 0;
      for (const id of ids) {
        if (!expiredUpload(await datastore.getUpload(id).catch(() => null), now)) continue;
        await datastore.remove(id).catch(() => undefined);
        removed++;
      }
      return removed;
    },
  };
}

/** The metadata key the platform writes (never the client's): who made the upload. */
const OWNER = 'platformOwner';

/** A completed tus upload, staged in the blob store, with what its client said of it. */
export interface CompletedUpload {
  /** the upload's id, which becomes the file's */
  id: string;
  /** the name the client gave it (`filename`, or `name`): data only, never a path */
  name: string;
  /** the other metadata: `description`, `isPublic`, `family`, as the multipart call's fields */
  fields: Record<string, string>;
  staged: StagedBlob;
}

export interface TusOptions {
  /** where the parts of unfinished uploads gather, until complete */
  storage: TusStorage;
  store: BlobStore;
  /** the origins of the platform's pages besides the request's own: requests from any other are refused */
  origins: readonly string[];
  /** the byte limit of an upload, given who sends it and what its metadata says it is */
  maxBytes(res: Response, metadata: Record<string, string>): number;
  /** makes the file record of a completed upload; throws a DomainError to refuse it */
  complete(
    req: Request,
    res: Response,
    upload: CompletedUpload,
  ): Promise<{ result: CommandResult; data: unknown }>;
}

/** The Express request being served, for tus's hooks (which see only a web Request). */
const current = new AsyncLocalStorage<{ req: Request; res: Response }>();
const served = () => {
  const context = current.getStore();
  if (!context) throw new Error('a tus hook ran outside an upload request');
  return context;
};

/** Metadata values as strings (a key sent without a value reads as empty), the platform's own key left out. */
const fieldsOf = (metadata: Upload['metadata']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(metadata ?? {})
      .filter(([key]) => key !== OWNER)
      .map(([key, value]) => [key, value ?? '']),
  );

/**
 * @tus/server (through srvx) ends a bodiless answer as `res.end(callback)`, a form the host's compression
 * middleware, which wraps `end`, does not take: the callback is heard on `finish` instead.
 */
function endsWithoutCallbacks(res: Response): void {
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding) => Response;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: () => void) => {
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as (() => void) | undefined;
    if (done) res.once('finish', done);
    return end(
      typeof chunk === 'function' ? undefined : chunk,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined,
    );
  }) as Response['end'];
}

/** A refusal as tus's hooks throw it: a status and a JSON:API error document as the body. */
const refusal = (error: unknown) => {
  const document = toErrorDocument(error, undefined);
  if (document.status >= 500) return error;
  return { status_code: document.status, body: JSON.stringify(document.body) };
};

/**
 * Resumable uploads (the tus protocol 1.0, ADR 0027) with @tus/server: `POST` with `Upload-Length` and
 * `Upload-Metadata` (`filename`, optionally `description`, `isPublic`, `family`) makes an upload, `HEAD` tells its
 * offset, `PATCH` from that offset sends more (after a dropped connection too, on any machine when the parts are
 * in the bucket), `DELETE` gives it up. The parts gather in `storage` (a TusStorage); once the last byte came, the whole is streamed into the blob store and
 * made into a file record by `complete`, as a multipart upload is, and the answer to that last `PATCH` is the
 * file's document (200). A refused file (its type, its size) leaves nothing: neither the parts nor a blob.
 *
 * Signed-in members only; an upload is continued only by the one who made it (to anyone else it does not exist),
 * and its bytes are never served back through tus (`GET` is a 404: a file is served once it is a record).
 */
export function tusRoutes(options: TusOptions): express.Router {
  const { datastore } = options.storage;
  /** an upload's metadata: stored once it is made, from the request while it is being made */
  const metadataOf = async (id: string | null) => {
    const stored = id ? await datastore.getUpload(id).catch(() => null) : null;
    return fieldsOf(stored?.metadata ?? Metadata.parse(served().req.get('upload-metadata') ?? undefined));
  };
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    // the upload's id is the file's to be, so the record and the upload are one thing
    namingFunction: () => crypto.randomUUID(),
    generateUrl: (_req, { id }) => `${served().req.baseUrl}/${id}`,
    // no CORS grant, ever: the platform's pages upload from its own origin, which needs none (other origins are
    // refused before tus sees them)
    allowedOrigins: () => false,
    maxSize: async (_req, id) => {
      const { res } = served();
      return options.maxBytes(res, await metadataOf(id));
    },
    async onUploadCreate(_req, upload) {
      const { res } = served();
      const fields = fieldsOf(upload.metadata);
      if (!(fields.filename ?? fields.name))
        throw {
          status_code: 422,
          body: JSON.stringify({
            errors: [
              {
                status: '422',
                code: 'validation.required',
                title: 'Unprocessable Entity',
                detail: 'Name the file in the Upload-Metadata "filename"',
                source: { pointer: '/filename' },
              },
            ],
          }),
        };
      return { metadata: { ...fields, [OWNER]: viewerOf(res).userId ?? '' } };
    },
    async onUploadFinish(_req, upload) {
      const { req, res } = served();
      const fields = fieldsOf(upload.metadata);
      const { filename, name, ...rest } = fields;
      try {
        const staged = await options.store
          .stage(await options.storage.read(upload.id), {
            maxBytes: options.maxBytes(res, fields),
          })
          .catch((error: unknown) => {
            throw error instanceof BlobTooLargeError ? tooLarge(error.limit, '/file') : error;
          });
        const { result, data } = await options.complete(req, res, {
          id: upload.id,
          name: filename ?? name ?? '',
          fields: rest,
          staged,
        });
        const position = result.position.toString();
        const version = result.nextExpectedVersion.toString();
        return {
          status_code: 200,
          headers: { 'Content-Type': JSON_API_MEDIA_TYPE, 'X-Event-Position': position },
          body: JSON.stringify({ data, meta: { position, version } }),
        };
      } catch (error) {
        throw refusal(error);
      } finally {
        // complete or refused, the parts are done with: the blob store holds what was kept
        await datastore.remove(upload.id).catch(() => undefined);
      }
    },
  });

  const router = express.Router();
  router.use(async (req: Request, res: Response) => {
    // another site's page (its script, or a preflight for it) may not make or continue an upload: the platform
    // grants no cross-origin call (ADR 0008), and tus's own CORS answers are turned off above
    const origin = req.get('origin');
    if (origin && origin !== `${req.protocol}://${req.get('host')}` && !options.origins.includes(origin))
      throw new DomainError(
        'auth.forbidden',
        `Uploads are accepted from the platform's own pages only, not ${origin}`,
      );
    requireAllowed(res, FILE_UPLOADERS, 'file: upload');
    const id = req.path.replace(/^\/+|\/+$/g, '');
    // the bytes of an upload are not served back: a file is served once it is a record
    if (req.method === 'GET') throw new NotFoundError('not found');
    if (id) {
      const missing = new NotFoundError(`upload ${id} not found`);
      if (!UUID.test(id) || id.includes('/')) throw missing;
      const upload = await datastore.getUpload(id).catch(() => null);
      // someone else's upload does not exist for this viewer
      if (!upload || upload.metadata?.[OWNER] !== viewerOf(res).userId) throw missing;
    }
    endsWithoutCallbacks(res);
    await current.run({ req, res }, () => tus.handle(req, res));
  });
  return router;
}
