import { fileEndpoints } from '@platform/contracts/files/endpoints';
import { UNREADABLE_FILE } from '@platform/contracts/files/media';
import type { MediaFamily } from '@platform/contracts/resources/files';
import { z } from 'zod/v4';
import type { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';

/**
 * A file record as a file field shows it (ADR 0027): its name, where its bytes and its preview variant are served,
 * and the measurements that let a page set an image's width and height before it loads.
 */
export const FileAttributesSchema = z.object({
  name: z.string(),
  description: z.string().nullable().optional(),
  mimeType: z.string().optional(),
  family: z.string().optional(),
  size: z.number().optional(),
  url: z.string().optional(),
  previewUrl: z.string().nullable().optional(),
  metadata: z.object({ width: z.number().optional(), height: z.number().optional() }).partial().optional(),
  preview: z.object({ width: z.number(), height: z.number() }).passthrough().nullable().optional(),
});
export type FileAttributes = z.infer<typeof FileAttributesSchema>;

export const FileDocumentSchema = z.object({
  data: z.object({ type: z.literal('files'), id: z.string(), attributes: FileAttributesSchema }),
  meta: z.record(z.string(), z.unknown()).optional(),
});

/** What a page shows of an image file: the preview variant's URL and size (the original's when it has none). */
export interface FileView {
  id: string;
  name: string;
  description: string | null;
  src: string | null;
  width: number | null;
  height: number | null;
}

export function fileView(id: string, attributes: unknown): FileView | null {
  const parsed = FileAttributesSchema.safeParse(attributes);
  if (!parsed.success) return null;
  const a = parsed.data;
  const size = a.preview ?? a.metadata ?? {};
  return {
    id,
    name: a.name,
    description: a.description ?? null,
    src: a.previewUrl ?? null,
    width: size.width ?? null,
    height: size.height ?? null,
  };
}

/**
 * A file's URL read once the read side holds the file: an upload's answer comes before the projection that serves
 * its bytes, so an image shown right after it asks the read side to wait for the upload's position.
 */
export function afterPosition(url: string, position: string | null): string {
  return position ? `${url}${url.includes('?') ? '&' : '?'}minPosition=${encodeURIComponent(position)}` : url;
}

/**
 * POST /services/files (multipart): one file and the families the field accepts; 201 with the file's document and
 * the position of its event (`position`, for a read of it right after). `onProgress` hears the bytes as they leave.
 */
export function uploadFile(
  api: ApiClient,
  file: File,
  options: {
    families?: readonly MediaFamily[];
    description?: string;
    isPublic?: boolean;
    signal?: AbortSignal;
    onProgress?: (sent: number, total: number) => void;
  } = {},
) {
  const form = new FormData();
  // the text fields first: the server reads the accepted families before the file's bytes (their size limit)
  if (options.families?.length) form.append('family', options.families.join(','));
  if (options.description) form.append('description', options.description);
  if (options.isPublic !== undefined) form.append('isPublic', String(options.isPublic));
  form.append('file', file, file.name);
  return api
    .upload(fileEndpoints.upload, form, FileDocumentSchema, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    })
    .then((d) => ({
      ...d.data,
      position: typeof d.meta?.position === 'string' ? d.meta.position : null,
    }));
}

/** Why the platform refused a file: its size (413), a content it cannot read, or a type the field does not take. */
export type UploadRefusal = 'size' | 'unreadable' | 'type';

export function uploadRefusal(error: unknown): UploadRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 413 || error.errors.some((e) => e.code === 'validation.payload_too_large'))
    return 'size';
  if (error.status === 415) return 'type';
  if (error.status !== 422) return null;
  const onFile = error.errors.find((e) => e.source?.pointer === '/file') ?? error.errors[0];
  if (!onFile) return null;
  return onFile.detail === UNREADABLE_FILE ? 'unreadable' : 'type';
}

const FileLimitsSchema = z.object({
  data: z.object({ attributes: z.object({ file: z.number().int().min(0), image: z.number().int().min(0) }) }),
});

/** The limits asked once per API client (they change with a restart of the platform only). */
const limitsOf = new WeakMap<ApiClient, Promise<{ file: number; image: number } | null>>();

/**
 * The upload limits that apply to the signed-in viewer (GET /services/file-limits), for the checks a file field
 * makes before it sends a file; null when they cannot be read (the server still checks everything).
 */
export function fileLimits(api: ApiClient): Promise<{ file: number; image: number } | null> {
  let limits = limitsOf.get(api);
  if (!limits) {
    limits = api.call(fileEndpoints.limits, { schema: FileLimitsSchema }).then(
      (d) => d.data.attributes,
      () => {
        // asked again next time: a failure (offline, signed out) is not kept
        limitsOf.delete(api);
        return null;
      },
    );
    limitsOf.set(api, limits);
  }
  return limits;
}
