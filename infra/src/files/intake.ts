import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileTypeFromBuffer, supportedExtensions } from 'file-type';
import sharp from 'sharp';
import { DomainError, ValidationError } from '@platform/contracts/errors';
import { classifyFile, extensionOf, UNREADABLE_FILE } from '@platform/contracts/files/media';
import type { MediaFamily } from '@platform/contracts/resources/files';
import type { BlobStore, StagedBlob } from './storage.ts';

/** The configured maximum sizes (seed 001 §9), in bytes. */
export interface FileLimits {
  /** any file a member uploads */
  file: number;
  /** an image (and an SVG) a member uploads */
  image: number;
  /** any file an administrator uploads (the admin file browser's) */
  adminFile: number;
}

export const MB = 1024 * 1024;
export const DEFAULT_FILE_LIMITS: FileLimits = { file: 256 * MB, image: 20 * MB, adminFile: 1024 * MB };

/** The preview variant's largest width: a card or a page column, never the original's. */
export const PREVIEW_WIDTH = 800;

/** Upload stream chunks (seed 001 §9): what the multipart parser hands on at a time. */
export const UPLOAD_CHUNK = 64 * 1024;

export interface InspectedFile {
  /** the blob to commit: the upload, or its sanitised form (an SVG) */
  staged: StagedBlob;
  family: MediaFamily;
  mimeType: string;
  extension: string;
  metadata: { width?: number; height?: number };
  /** an image's preview variant, staged too */
  preview: { staged: StagedBlob; width: number; height: number; mimeType: string; extension: string } | null;
}

export const tooLarge = (limit: number, pointer: string) =>
  new DomainError('validation.payload_too_large', `The file is larger than the ${limitText(limit)} allowed`, [
    {
      code: 'validation.payload_too_large',
      detail: `The file is larger than the ${limitText(limit)} allowed`,
      pointer,
    },
  ]);

const limitText = (bytes: number) =>
  bytes >= MB
    ? `${Math.floor(bytes / MB)} MB`
    : bytes >= 1024
      ? `${Math.floor(bytes / 1024)} KB`
      : `${bytes} bytes`;

const unreadable = (pointer: string) => ValidationError.at(pointer, UNREADABLE_FILE);

/**
 * Decides what an uploaded file is and prepares what is stored of it (ADR 0027): its type from its content
 * (file-type) checked against its name and the seed's family filters, the families the field accepts, the size
 * limit of its family; an SVG sanitised (its scripts and event handlers removed), an image measured and given a
 * preview variant. Refusals are DomainErrors on `pointer`; the caller discards what was staged.
 */
export async function inspectUpload(
  store: BlobStore,
  upload: { staged: StagedBlob; name: string },
  options: { pointer: string; families?: readonly MediaFamily[]; imageLimit: number },
): Promise<InspectedFile> {
  const { staged, name } = upload;
  const { pointer } = options;
  let detected: { mime: string; ext: string } | null = null;
  try {
    detected = (await fileTypeFromBuffer(staged.head)) ?? null;
  } catch {
    throw unreadable(pointer);
  }
  const decided = classifyFile({ name, head: staged.head, detected });
  // a name of a format file-type knows whose content it could not recognise: a damaged file
  const named = extensionOf(name);
  if (!decided.ok && !detected && named && supportedExtensions.has(named as never)) throw unreadable(pointer);
  if (!decided.ok) throw ValidationError.at(pointer, decided.detail);
  const { family, mimeType, extension } = decided;
  if (options.families && !options.families.includes(family))
    throw ValidationError.at(
      pointer,
      `Choose a file of type ${options.families.join(' or ')}: this one is ${family}`,
    );
  if ((family === 'image' || family === 'svg') && staged.size > options.imageLimit)
    throw tooLarge(options.imageLimit, pointer);
  if (family === 'svg') {
    const clean = await sanitizeSvg(await buffer(staged.read()));
    if (clean === null) throw unreadable(pointer);
    const sanitised = await store.stage(Readable.from([clean]), { maxBytes: options.imageLimit });
    await staged.discard();
    const size = await sharp(clean)
      .metadata()
      .catch(() => null);
    return {
      staged: sanitised,
      family,
      mimeType,
      extension,
      metadata: size?.width && size.height ? { width: size.width, height: size.height } : {},
      preview: null,
    };
  }
  if (family !== 'image') return { staged, family, mimeType, extension, metadata: {}, preview: null };
  return { staged, family, mimeType, extension, ...(await imageFacts(store, staged, pointer)) };
}

/** An image's size as shown (EXIF orientation applied) and its preview variant, bounded in width, as WebP. */
async function imageFacts(store: BlobStore, staged: StagedBlob, pointer: string) {
  try {
    const reader = sharp({ failOn: 'error' });
    const meta = await staged.read().pipe(reader).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const variant = sharp({ failOn: 'error' })
      .rotate()
      .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 });
    const { data, info } = await staged.read().pipe(variant).toBuffer({ resolveWithObject: true });
    const preview = await store.stage(Readable.from([data]), { maxBytes: data.length });
    return {
      metadata: { width, height },
      preview: {
        staged: preview,
        width: info.width,
        height: info.height,
        mimeType: 'image/webp',
        extension: 'webp',
      },
    };
  } catch {
    throw unreadable(pointer);
  }
}

let purifier: Promise<(svg: string) => string> | null = null;

/**
 * An SVG without what runs: DOMPurify's SVG profile (the sanitiser the web uses for rich text) in a server-side
 * window, which drops <script>, event-handler attributes, javascript: links and foreign objects. Null when what is
 * left is not an SVG document.
 */
export async function sanitizeSvg(bytes: Buffer): Promise<Buffer | null> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const purify = createDOMPurify(new JSDOM('').window as never);
    return (svg: string) =>
      purify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject'] });
  })();
  const sanitize = await purifier;
  const clean = sanitize(bytes.toString('utf8')).trim();
  return /^<svg[\s>]/i.test(clean) ? Buffer.from(clean, 'utf8') : null;
}
