import { decodeSync, encodeSync } from 'png-chunk-itxt';
import encodeChunks from 'png-chunks-encode';
import extractChunks from 'png-chunks-extract';
import sharp from 'sharp';

/**
 * Baked badge images (Open Badges 2.0 "Baking"): a PNG carrying, in an iTXt chunk keyed `openbadges`, the URL of the
 * hosted assertion it was awarded with, so the image alone leads a verifier to the assertion. The chunks are read
 * and written with kept libraries (they compute the chunks' CRCs); nothing of the image data is touched.
 */

export const OPEN_BADGES_KEYWORD = 'openbadges';

const isOpenBadgesChunk = (chunk: { name: string; data: Uint8Array }) => {
  if (chunk.name !== 'iTXt') return false;
  try {
    return decodeSync(chunk.data).keyword === OPEN_BADGES_KEYWORD;
  } catch {
    return false;
  }
};

/**
 * The PNG with the assertion URL baked in: one uncompressed iTXt chunk keyed `openbadges` just before IEND; an
 * `openbadges` chunk already there (a badge baked before) is replaced, so there is only ever one. Throws on a file
 * that is not a PNG.
 */
export function bakePng(png: Buffer, assertionUrl: string): Buffer {
  const chunks = extractChunks(png).filter((chunk) => !isOpenBadgesChunk(chunk));
  const end = chunks.findIndex((chunk) => chunk.name === 'IEND');
  if (end < 0) throw new Error('The PNG has no IEND chunk');
  const baked = {
    name: 'iTXt',
    data: encodeSync({
      keyword: OPEN_BADGES_KEYWORD,
      compressionFlag: false,
      compressionMethod: 0,
      languageTag: '',
      translatedKeyword: '',
      text: assertionUrl,
    }),
  };
  chunks.splice(end, 0, baked);
  return Buffer.from(encodeChunks(chunks));
}

/** The assertion URL baked into a PNG, or null when it has none (or is no PNG). */
export function readBakedAssertionUrl(png: Buffer): string | null {
  let chunks: ReturnType<typeof extractChunks>;
  try {
    chunks = extractChunks(png);
  } catch {
    return null;
  }
  const chunk = chunks.find(isOpenBadgesChunk);
  return chunk ? decodeSync(chunk.data).text : null;
}

/**
 * The badge image as a PNG: the files layer keeps images as uploaded or as WebP/JPEG variants, and only a PNG can be
 * baked (SVG baking is not done). A PNG is returned as it is.
 */
export async function toPng(image: Buffer): Promise<Buffer> {
  const { format } = await sharp(image, { failOn: 'error' }).metadata();
  if (format === 'png') return image;
  return sharp(image, { failOn: 'error' }).png().toBuffer();
}

/** Any image the files layer holds, as a PNG baked with the assertion URL. */
export async function bakeImage(image: Buffer, assertionUrl: string): Promise<Buffer> {
  return bakePng(await toPng(image), assertionUrl);
}

/** The media type of a baked image. */
export const BAKED_IMAGE_CONTENT_TYPE = 'image/png';
