import { z } from 'zod/v4';
import { APP_ADMINS, either, type AccessRule } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';
import { byteSize } from '../resources/fields.ts';
import { MEDIA_FAMILIES } from '../resources/files.ts';
import { SlugSchema } from '../organizations/events.ts';

export const BlobHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in lower-case hex');
const ExtensionSchema = z.string().regex(/^[a-z0-9]{1,10}$/);
const Dimension = z.number().int().min(1).max(1_000_000);

/** What the platform measured of a file: an image's width and height (seed 001 §3, metadata). */
export const FileMetadataSchema = z
  .object({ width: Dimension.optional(), height: Dimension.optional() })
  .strict();

/** The preview variant of an image, made on upload (a bounded width, its own hash, size and type). */
export const FilePreviewSchema = z
  .object({
    hash: BlobHashSchema,
    width: Dimension,
    height: Dimension,
    mimeType: z.string().max(100),
    extension: ExtensionSchema,
  })
  .strict();

/** Where a file's bytes are served: the hash is in the path, so a public file's answer never changes. */
export const fileContentPath = (id: string, hash: string, extension: string) =>
  `/api/v1/services/files/${id}/content/${hash}.${extension}`;

/** Who may upload files (POST /services/files): any signed-in member. */
export const FILE_UPLOADERS: AccessRule = 'signedIn';

/** What the platform alone writes: the content's facts, set by an upload, never by an edit. */
const PLATFORM_ONLY = { read: 'everyone', write: 'nobody' } as const;

/**
 * A file (seed 001 §3) on the resource layer: its content is a blob of the blob store named by its sha256 (ADR
 * 0027). An upload (POST /services/files) creates it, and an upload naming it replaces its content, as events of
 * its stream, so its history says who uploaded or replaced what. The content's facts (hash, size, type, family,
 * measurements, preview) are written by uploads only; administrators and its author edit its name, description
 * and whether it is public.
 *
 * - Public files are served to everybody with long-lived caching; other files only to those who may update the
 *   file (its author, the organization it belongs to, administrators).
 * - recordsCount is the number of records whose file fields name it, kept by the files projection; a file still
 *   used cannot be soft-deleted nor deleted (409).
 */
export const fileResource = defineResource({
  type: 'files',
  singular: 'file',
  category: 'file',
  eventPrefix: 'File',
  module: 'files',
  menu: { group: 'application', icon: 'perm_media' },
  attributes: z.object({
    name: z.string().trim().min(1).max(255),
    slug: SlugSchema,
    originalName: z.string().max(255),
    description: z.string().trim().max(2000).nullable().default(null),
    mimeType: z.string().min(1).max(100),
    extension: ExtensionSchema,
    family: z.enum(MEDIA_FAMILIES),
    hash: BlobHashSchema,
    size: byteSize(z.number().int().min(0)),
    isPublic: z.boolean().default(true),
    isUploaded: z.boolean().default(true),
    metadata: FileMetadataSchema.default({}),
    preview: FilePreviewSchema.nullable().default(null),
  }),
  computed: { recordsCount: 'integer' },
  traits: { publicationItem: true },
  softDeletable: true,
  fieldAccess: {
    // made unique by the upload (the name's slug and 48 bits of the file's id), found by GET /services/files/{slug}
    slug: PLATFORM_ONLY,
    originalName: PLATFORM_ONLY,
    mimeType: PLATFORM_ONLY,
    extension: PLATFORM_ONLY,
    family: PLATFORM_ONLY,
    hash: PLATFORM_ONLY,
    size: PLATFORM_ONLY,
    isUploaded: PLATFORM_ONLY,
    metadata: PLATFORM_ONLY,
    preview: PLATFORM_ONLY,
  },
  derived: {
    url: (a, id) => fileContentPath(id, String(a.hash), String(a.extension)),
    // an image's preview variant; an image without one (small already) and an SVG are their own preview
    previewUrl: (a, id) => {
      const preview = a.preview as { hash: string; extension: string } | null;
      if (preview) return fileContentPath(id, preview.hash, preview.extension);
      return a.family === 'image' || a.family === 'svg'
        ? fileContentPath(id, String(a.hash), String(a.extension))
        : null;
    },
  },
  access: {
    see: APP_ADMINS,
    index: either(APP_ADMINS, 'author'),
    // a public file's record (name, type, size, url) is read by everyone, as its bytes are; a file that is not
    // public, record and bytes, by those who may edit it only: its name may be a patient's
    show: either(APP_ADMINS, 'author', { flag: 'isPublic' }),
    // through POST /services/files (multipart), never a document naming a hash
    create: 'nobody',
    update: either(APP_ADMINS, 'author'),
    softDelete: either(APP_ADMINS, 'author'),
    restore: APP_ADMINS,
    delete: APP_ADMINS,
  },
  filters: ['family', 'isPublic', 'mimeType', 'slug', 'hash'],
  search: ['name', 'originalName'],
  sorts: ['name', 'size'],
  title: 'name',
});
