import type { MediaFamily } from '../resources/files.ts';

/** The file reading failure message of the seeds (000 §8, 001 §5). */
export const UNREADABLE_FILE = 'impossible to read file';

/** Documents: accepted by these mime prefixes (seed 001 §5). */
export const DOC_MIME_PREFIXES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.',
  'application/vnd.oasis.opendocument.',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/rtf',
  'application/epub+zip',
  'text/',
] as const;

/** 3d models, lcc and svg files: accepted by their extension (seed 001 §5), with the mime type they are served as. */
export const EXTENSION_FAMILIES: Readonly<Record<string, { family: MediaFamily; mimeType: string }>> = {
  stl: { family: '3d', mimeType: 'model/stl' },
  obj: { family: '3d', mimeType: 'model/obj' },
  fbx: { family: '3d', mimeType: 'application/octet-stream' },
  ply: { family: '3d', mimeType: 'application/octet-stream' },
  '3mf': { family: '3d', mimeType: 'model/3mf' },
  gltf: { family: '3d', mimeType: 'model/gltf+json' },
  glb: { family: '3d', mimeType: 'model/gltf-binary' },
  step: { family: '3d', mimeType: 'model/step' },
  stp: { family: '3d', mimeType: 'model/step' },
  amf: { family: '3d', mimeType: 'application/octet-stream' },
  '3ds': { family: '3d', mimeType: 'application/octet-stream' },
  dae: { family: '3d', mimeType: 'model/vnd.collada+xml' },
  lcc: { family: 'lcc', mimeType: 'application/octet-stream' },
  svg: { family: 'svg', mimeType: 'image/svg+xml' },
};

/** Plain-text documents, which no magic number identifies: their extension and a text content. */
const TEXT_DOCUMENTS: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
};

/** Containers some extension families' files are made of (a 3mf is a zip, a dae an XML document). */
const CONTAINERS = new Set(['zip', 'xml']);

/** Extensions that name the same format. */
const SAME_FORMAT = [
  ['jpg', 'jpeg', 'jpe', 'jfif'],
  ['tif', 'tiff'],
  ['mpg', 'mpeg'],
  ['mp4', 'm4v', 'm4a', 'm4p'],
  ['ogg', 'oga', 'ogv', 'opus', 'ogx'],
  ['mov', 'qt'],
  ['heic', 'heif'],
  ['mid', 'midi'],
  ['wav', 'wave'],
  ['aif', 'aiff'],
];
const sameFormat = (a: string, b: string) =>
  a === b || SAME_FORMAT.some((g) => g.includes(a) && g.includes(b));

/** The extension of a file name, in lower case, or null (a name is data: it never becomes a path). */
export function extensionOf(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** Whether bytes read as UTF-8 text (a cut last character allowed) without NUL characters. */
export function looksLikeText(head: Uint8Array): boolean {
  if (!head.length || head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Whether a text starts as an SVG document: an optional XML declaration, comments and doctype, then `<svg`. */
export function looksLikeSvg(head: Uint8Array): boolean {
  if (!looksLikeText(head)) return false;
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  const prologue = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  return prologue.test(text);
}

/** The family of a mime type decided from content, by the seed's prefixes; null when no family takes it. */
export function familyOfMime(mime: string): MediaFamily | null {
  if (mime === 'image/svg+xml') return 'svg';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (DOC_MIME_PREFIXES.some((prefix) => mime.startsWith(prefix))) return 'doc';
  return null;
}

export type Classified =
  | { ok: true; family: MediaFamily; mimeType: string; extension: string }
  | { ok: false; problem: 'mismatch' | 'unsupported' | 'unreadable'; detail: string };

/**
 * What a file is, decided from its content (`detected`: what file-type recognised in its first bytes, or null) and
 * checked against its name (seed 001 §5): images, video, audio and documents by the content's mime type, 3d models,
 * lcc and svg by the name's extension with a content that does not say otherwise. A content and a name that
 * disagree are refused, and so is a format no family takes.
 */
export function classifyFile(input: {
  name: string;
  head: Uint8Array;
  detected: { mime: string; ext: string } | null;
}): Classified {
  const { head, detected } = input;
  const named = extensionOf(input.name);
  if (!head.length) return { ok: false, problem: 'unreadable', detail: UNREADABLE_FILE };
  const mismatch = (content: string): Classified => ({
    ok: false,
    problem: 'mismatch',
    detail: `The file's content is ${content} but its name ends in .${named}: rename it or choose another file`,
  });
  const byExtension = named ? EXTENSION_FAMILIES[named] : undefined;
  if (byExtension && named) {
    if (byExtension.family === 'svg') {
      if (!looksLikeSvg(head)) return mismatch(detected ? `a ${detected.ext.toUpperCase()} file` : 'not SVG');
      return { ok: true, family: 'svg', mimeType: 'image/svg+xml', extension: 'svg' };
    }
    if (detected && !sameFormat(detected.ext, named) && !CONTAINERS.has(detected.ext))
      return mismatch(`a ${detected.ext.toUpperCase()} file`);
    return { ok: true, family: byExtension.family, mimeType: byExtension.mimeType, extension: named };
  }
  if (detected) {
    if (named && !sameFormat(detected.ext, named)) return mismatch(`a ${detected.ext.toUpperCase()} file`);
    const family = familyOfMime(detected.mime);
    if (!family)
      return {
        ok: false,
        problem: 'unsupported',
        detail: `Files of type ${detected.mime} are not accepted`,
      };
    return { ok: true, family, mimeType: detected.mime, extension: detected.ext };
  }
  if (looksLikeSvg(head)) return mismatch('SVG');
  if (named && TEXT_DOCUMENTS[named] && looksLikeText(head))
    return { ok: true, family: 'doc', mimeType: TEXT_DOCUMENTS[named]!, extension: named };
  if (named && TEXT_DOCUMENTS[named]) return mismatch('not text');
  return {
    ok: false,
    problem: 'unsupported',
    detail: named ? `Files of type .${named} are not accepted` : UNREADABLE_FILE,
  };
}

/** The configured maximum sizes of uploads (seed 001 §9), in bytes. */
export interface UploadLimits {
  /** any file a member uploads */
  file: number;
  /** an image (and an SVG) a member uploads */
  image: number;
  /** any file one who manages admin files uploads (an admin file's content above all) */
  adminFile: number;
}

const IMAGE_FAMILIES: readonly MediaFamily[] = ['image', 'svg'];
const onlyImages = (families: readonly MediaFamily[] | null | undefined) =>
  !!families?.length && families.every((f) => IMAGE_FAMILIES.includes(f));

/**
 * The limits that apply to one uploader (ADR 0027): one who manages admin files (administrators and application
 * administrators: `ADMIN_FILE_MANAGERS`) uploads under the admin file limit whatever the file is; a member under the
 * image limit for images and SVGs, the file limit for anything else.
 */
export function uploaderLimits(
  limits: UploadLimits,
  managesAdminFiles: boolean,
): { file: number; image: number } {
  return managesAdminFiles
    ? { file: limits.adminFile, image: limits.adminFile }
    : { file: limits.file, image: limits.image };
}

/** The limit an upload streams under before its content is known: the image limit when its field takes images only. */
export function streamLimit(
  limits: { file: number; image: number },
  families: readonly MediaFamily[] | null | undefined,
): number {
  return onlyImages(families) ? limits.image : limits.file;
}

/**
 * A file's family as its name and the type the browser gives it say (the server decides from its content): by the
 * seed's extensions first (3d, lcc, svg, plain-text documents), then by the type's prefix; null when they say nothing.
 */
export function familyByName(name: string, mimeType: string): MediaFamily | null {
  const extension = extensionOf(name);
  if (extension && EXTENSION_FAMILIES[extension]) return EXTENSION_FAMILIES[extension]!.family;
  if (extension && TEXT_DOCUMENTS[extension]) return 'doc';
  return mimeType ? familyOfMime(mimeType.toLowerCase()) : null;
}

/**
 * What the browser can tell of a picked file before sending it (ADR 0027): empty ('unreadable', the seed's "impossible
 * to read file"), of a family the field does not take ('type'), or larger than the limit that applies ('size') — the
 * server's own refusals, said before the bytes travel. Null when nothing is wrong that the browser can see: the server
 * still decides from the content.
 */
export function precheckUpload(
  file: { name: string; type: string; size: number },
  options: { families?: readonly MediaFamily[] | null; limits: { file: number; image: number } },
): 'unreadable' | 'type' | 'size' | null {
  if (file.size === 0) return 'unreadable';
  const family = familyByName(file.name, file.type);
  if (family && options.families?.length && !options.families.includes(family)) return 'type';
  const limit =
    family && IMAGE_FAMILIES.includes(family)
      ? options.limits.image
      : streamLimit(options.limits, options.families);
  return file.size > limit ? 'size' : null;
}
