import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { MEDIA_FAMILIES } from '../resources/files.ts';

/** The families a file field accepts, comma-separated: `image,document`. */
export const MediaFamiliesFieldSchema = z
  .string()
  .transform((v) => v.split(',').map((f) => f.trim()))
  .pipe(z.array(z.enum(MEDIA_FAMILIES)).min(1));

/** The text fields of an upload (a multipart form whose file part is `file`): each refused on its own pointer. */
export const FileFieldsSchema = z
  .object({
    id: z.string().uuid().optional(),
    name: z.string().trim().min(1).max(255).optional(),
    description: z.string().trim().max(2000).optional(),
    isPublic: z.enum(['true', 'false']).optional(),
    family: MediaFamiliesFieldSchema.optional(),
  })
  .passthrough();

/**
 * The files (ADR 0027; command-api/src/files/routes.ts, query-api/src/files/routes.ts): uploads stream as
 * multipart forms (large ones resume through tus under /services/files/tus), their bytes are served under their
 * hash, and a secured file only through a check of the record it belongs to.
 */
export const fileEndpoints = {
  /** 201 with the file's document (200 when `id` names a file the uploader replaces) */
  upload: defineEndpoint({
    method: 'POST',
    path: '/services/files',
    form: 'multipart',
    body: FileFieldsSchema,
  }),
  /** files[] are the file parts; the record they belong to is checked by the route itself */
  uploadSecured: defineEndpoint({
    method: 'POST',
    path: '/services/secured-files',
    form: 'multipart',
    body: z.object({ 'model[type]': z.string().min(1), 'model[id]': z.string().uuid() }),
  }),
  deleteSecured: defineEndpoint({ method: 'DELETE', path: '/services/secured-files/:id' }),

  /** the upload limits that apply to the viewer, in bytes */
  limits: defineEndpoint({ method: 'GET', path: '/services/file-limits' }),
  /** a file by its id or its slug */
  file: defineEndpoint({ method: 'GET', path: '/services/files/:ref' }),
  /** one content of a file (the original or its preview), cacheable forever under its hash */
  content: defineEndpoint({ method: 'GET', path: '/services/files/:id/content/:blob' }),
  securedFile: defineEndpoint({ method: 'GET', path: '/services/secured-files/:id/show' }),
} satisfies Record<string, AnyEndpoint>;
