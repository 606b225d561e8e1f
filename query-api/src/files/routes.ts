import express, { type Request, type Response } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { NotFoundError } from '@platform/contracts/errors';
import {
  ADMIN_FILE_MANAGERS,
  ADMIN_FILE_PATH,
  adminFileResource,
} from '@platform/contracts/files/admin-file';
import { FILE_UPLOADERS, fileResource } from '@platform/contracts/files/file';
import { uploaderLimits, type UploadLimits } from '@platform/contracts/files/media';
import { securedFileResource } from '@platform/contracts/files/secured-file';
import { allows } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { recordFacts } from '@platform/contracts/resources/state';
import { fileEndpoints } from '@platform/contracts/files/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { BLOB_HASH, type BlobStore } from '@platform/infra/files/storage';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { ruleColumns, ruleSql } from '../resources/visibility.ts';
import { matchesIfNoneMatch } from '../read-cache.ts';

const uuid = z.string().uuid();

const FileRow = z.object({
  id: z.string(),
  name: z.string(),
  mime_type: z.string(),
  extension: z.string(),
  family: z.string(),
  hash: z.string(),
  size: z.union([z.number(), z.bigint(), z.string()]),
  is_public: z.boolean().nullable(),
  preview: z.unknown(),
  created_by: z.string().nullable(),
  organization_id: z.string().nullable(),
  deleted_at: z.unknown(),
});
type FileRow = z.infer<typeof FileRow>;

const SecuredRow = z.object({
  id: z.string(),
  name: z.string(),
  mime_type: z.string(),
  extension: z.string(),
  hash: z.string(),
  size: z.union([z.number(), z.bigint(), z.string()]),
  created_by: z.string().nullable(),
  model_type: z.string().nullable(),
  model_id: z.string().nullable(),
});

/** A year: what a browser keeps a file whose URL names its content's hash. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The policy of every file served: no script, plugin or form of it runs in the platform's origin (a sanitised SVG
 * opened on its own included), styles and images of its own allowed. PDFs keep the site's policy: a sandboxed one is
 * not shown by Chromium's PDF viewer, which runs a PDF's scripts in its own process, not in the origin.
 */
const SANDBOX = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; media-src 'self'";

/** Shown in the browser: images, video, audio, PDFs and text; everything else is downloaded. */
const INLINE = /^(image\/|video\/|audio\/|application\/pdf$|text\/plain$)/;

/** A file name as a Content-Disposition parameter (RFC 6266, RFC 8187). */
const disposition = (kind: 'inline' | 'attachment', name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** A single byte range of `Range: bytes=a-b` (suffix and open ranges too), or null for the whole content. */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * Streams one blob as the answer: its type and nosniff, a policy that keeps its scripts out of the origin, the
 * caching asked, an ETag (its hash) answered 304, and one byte range (video seeking).
 */
export async function sendBlob(
  req: Request,
  res: Response,
  store: BlobStore,
  blob: { hash: string; mimeType: string; name: string; cache: string },
): Promise<void> {
  const size = await store.size(blob.hash);
  if (size === null) throw new NotFoundError('The file content is missing');
  const etag = `"${blob.hash}"`;
  res.removeHeader('Content-Security-Policy');
  if (blob.mimeType !== 'application/pdf') res.setHeader('Content-Security-Policy', SANDBOX);
  res
    .setHeader('Cache-Control', blob.cache)
    .setHeader('ETag', etag)
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Accept-Ranges', 'bytes')
    .setHeader(
      'Content-Disposition',
      disposition(INLINE.test(blob.mimeType) ? 'inline' : 'attachment', blob.name),
    )
    .type(blob.mimeType.startsWith('text/') ? `${blob.mimeType}; charset=utf-8` : blob.mimeType);
  // compared weakly: a text file sent compressed goes out with its tag made weak (host/src/compression.ts)
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.status(304).end();
    return;
  }
  const range = byteRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${size}`).end();
    return;
  }
  if (range) res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = store.read(blob.hash, range ?? undefined);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * The files' contents (ADR 0027), on the read side:
 * - GET /services/files/{id}/content/{hash}.{ext}: the content (or the preview variant) whose hash the URL names,
 *   the `url` and `previewUrl` of a file's document; a public file's answer is cached a year (it never changes);
 * - GET /services/files/{slug or id}: the file's current content (seed 000 §7), revalidated;
 * - GET /services/secured-files/{id}/show: a secured file, to those who may update its record, its uploader and
 *   administrators.
 * A file that is not public is served, never cached by shared caches, to those who may update it, and to those who
 * may read a live record naming it through a private file field (a member's own invoice); to others it does not
 * exist (404), whatever URL they hold.
 */
export function fileServingRoutes(
  catalogue: readonly ResourceDefinition[],
  options: { store: BlobStore; limits?: UploadLimits },
): QueryModule {
  const { store } = options;
  const byType = new Map(catalogue.map((d) => [d.type, d]));
  return (deps) => {
    const router = express.Router();
    const files = sql.identifier(['read', resourceTable(fileResource).table]);

    // the upload limits that apply to the viewer, in bytes: what a file field checks before it sends a file
    const { limits } = options;
    if (limits)
      mountEndpoint(router, fileEndpoints.limits, (_req, res) => {
        requireAllowed(res, FILE_UPLOADERS, 'file: upload');
        const mine = uploaderLimits(limits, allows(ADMIN_FILE_MANAGERS, viewerOf(res)));
        res
          .setHeader('Cache-Control', 'private, no-cache')
          .type(JSON_API_MEDIA_TYPE)
          .send(JSON.stringify({ data: { type: 'file-limits', id: 'viewer', attributes: mine } }));
      });
    // the types with private file fields (an account's documents): their readers are served the files they name
    const privateFields = catalogue.flatMap((definition) => {
      const fields = Object.entries(definition.relationships).flatMap(([name, spec]) =>
        spec.file?.private ? [name] : [],
      );
      return fields.length ? [{ definition, fields }] : [];
    });
    const reads = deps.readAfter([
      resourceTable(fileResource).projection,
      ...privateFields.map(({ definition }) => resourceTable(definition).projection),
    ]);
    /**
     * Whether the viewer may read a live record that names the file through a private file field: its `show` rule,
     * in SQL on its row, as a find would ask it (the uses are the files projection's `files_uses`).
     */
    const readsARecordNaming = async (res: Response, fileId: string): Promise<boolean> => {
      if (!privateFields.length) return false;
      const viewer = viewerOf(res);
      const checks = privateFields.map(({ definition, fields }) => {
        const shape = resourceTable(definition);
        const rule = ruleSql(definition.access.show, viewer, ruleColumns(definition, shape));
        return sql.fragment`exists (select 1 from read.files_uses u
          join ${sql.identifier(['read', shape.table])} r on r.id::text = u.record_id
          where u.file_id = ${fileId} and u.record_type = ${definition.type}
            and u.field = any(${sql.array(fields, 'text')})
            ${definition.softDeletable ? sql.fragment`and r.deleted_at is null` : sql.fragment``} and ${rule})`;
      });
      return deps.readPool.oneFirst(
        sql.type(
          z.object({ allowed: z.boolean() }),
        )`select ${sql.join(checks, sql.fragment` or `)} as allowed`,
      );
    };
    const securedReads = deps.readAfter([resourceTable(securedFileResource).projection]);

    /** the file the viewer may have: public and live, or one they may update (administrators: soft-deleted too) */
    const findFile = async (res: Response, by: 'id' | 'slug', value: string): Promise<FileRow> => {
      const where = by === 'id' ? sql.fragment`id = ${value}` : sql.fragment`slug = ${value.toLowerCase()}`;
      const row = await deps.readPool.maybeOne(sql.type(FileRow)`
        select id::text, name, mime_type, extension, family, hash, size, is_public, preview, created_by,
          organization_id::text, deleted_at
        from ${files} where ${where}`);
      const viewer = viewerOf(res);
      const missing = new NotFoundError(`file ${value} not found`);
      if (!row) throw missing;
      const editor = allows(
        fileResource.access.update,
        viewer,
        recordFacts(fileResource, {
          createdBy: row.created_by,
          relationships: { organization: row.organization_id },
        }),
      );
      if (row.deleted_at !== null && !allows(fileResource.access.restore, viewer)) throw missing;
      if (row.is_public === false && !editor && !(await readsARecordNaming(res, row.id))) throw missing;
      return row;
    };
    const cacheOf = (row: FileRow, immutable: boolean) =>
      row.is_public === false || row.deleted_at !== null
        ? 'private, no-cache'
        : immutable
          ? IMMUTABLE
          : 'public, no-cache';

    mountEndpoint(router, fileEndpoints.content, reads, async (req, res, { params }) => {
      const id = params.id;
      const [hash, extension] = params.blob.split('.');
      if (!uuid.safeParse(id).success || !BLOB_HASH.test(hash ?? '')) throw new NotFoundError('No such file');
      const row = await findFile(res, 'id', id);
      const preview = row.preview as { hash: string; mimeType: string; extension: string } | null;
      const blob =
        hash === row.hash && extension === row.extension
          ? { mimeType: row.mime_type, name: row.name }
          : preview && hash === preview.hash && extension === preview.extension
            ? { mimeType: preview.mimeType, name: `${row.name.replace(/\.[^.]*$/, '')}.${preview.extension}` }
            : null;
      // an older content's URL: the file was replaced since
      if (!blob) throw new NotFoundError('This content of the file was replaced');
      await sendBlob(req, res, store, { hash: hash!, ...blob, cache: cacheOf(row, true) });
    });

    mountEndpoint(router, fileEndpoints.file, reads, async (req, res, { params }) => {
      const ref = params.ref;
      const row = await findFile(res, uuid.safeParse(ref).success ? 'id' : 'slug', ref);
      await sendBlob(req, res, store, {
        hash: row.hash,
        mimeType: row.mime_type,
        name: row.name,
        cache: cacheOf(row, false),
      });
    });

    // an admin file by its path (seed 001 §3): the content of the file it names now, revalidated (it may change)
    const admin = byType.get(adminFileResource.type);
    if (admin) {
      const shape = resourceTable(admin);
      const fileColumn = sql.identifier([shape.relationships.find((r) => r.name === 'file')!.column]);
      const pathColumn = sql.identifier([shape.attributes.find((a) => a.name === 'path')!.column]);
      const adminReads = deps.readAfter([shape.projection, resourceTable(fileResource).projection]);
      router.get('/services/admin-files/*path', adminReads, async (req, res) => {
        const segments = req.params.path as unknown as string[];
        const path = segments.join('/');
        const missing = new NotFoundError(`admin file ${path} not found`);
        if (!ADMIN_FILE_PATH.test(path)) throw missing;
        const row = await deps.readPool.maybeOne(sql.type(z.object({ file_id: z.string().nullable() }))`
          select ${fileColumn}::text as file_id
          from ${sql.identifier(['read', shape.table])} where ${pathColumn} = ${path} and deleted_at is null`);
        if (!row?.file_id) throw missing;
        const content = await findFile(res, 'id', row.file_id);
        await sendBlob(req, res, store, {
          hash: content.hash,
          mimeType: content.mime_type,
          name: segments.at(-1)!,
          cache: cacheOf(content, false),
        });
      });
    }

    mountEndpoint(router, fileEndpoints.securedFile, securedReads, async (req, res, { params }) => {
      const id = params.id;
      const missing = new NotFoundError(`secured-file ${id} not found`);
      if (!uuid.safeParse(id).success) throw missing;
      const row = await deps.readPool.maybeOne(sql.type(SecuredRow)`
        select id::text, name, mime_type, extension, hash, size, created_by, model_type, model_id
        from ${sql.identifier(['read', resourceTable(securedFileResource).table])} where id = ${id}`);
      if (!row) throw missing;
      const viewer = viewerOf(res);
      const model = row.model_type ? byType.get(row.model_type) : undefined;
      let allowed = viewer.isAdmin || (viewer.userId !== null && row.created_by === viewer.userId);
      if (!allowed && model && row.model_id) {
        // those who may update the record it is attached to: the same rule as a write, in SQL on its row
        const shape = resourceTable(model);
        const rule = ruleSql(model.access.update, viewer, ruleColumns(model, shape));
        allowed = await deps.readPool.exists(sql.type(z.object({}))`
          select 1 from ${sql.identifier(['read', shape.table])} r where r.id::text = ${row.model_id} and ${rule}`);
      }
      if (!allowed) throw missing;
      await sendBlob(req, res, store, {
        hash: row.hash,
        mimeType: row.mime_type,
        name: row.name,
        cache: 'private, no-store',
      });
    });
    return router;
  };
}
