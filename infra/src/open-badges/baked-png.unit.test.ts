import { PNG } from 'pngjs';
import sharp from 'sharp';
import extractChunks from 'png-chunks-extract';
import { describe, expect, it } from 'vitest';
import { bakeImage, bakePng, readBakedAssertionUrl } from './baked-png.ts';

const url =
  'https://badges.example.org/api/v1/open-badges/v2/assertions/0190a3c4-0000-7000-8000-0000000000a1';

/** A 3x2 PNG with known pixels, made by an independent encoder. */
function samplePng(): Buffer {
  const png = new PNG({ width: 3, height: 2 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = i * 10;
    png.data[i + 1] = 200;
    png.data[i + 2] = 255 - i;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

describe('baked PNG', () => {
  it('carries the assertion URL in an iTXt chunk keyed openbadges before IEND, and decodes as the same image', () => {
    const original = samplePng();
    const baked = bakePng(original, url);

    expect(readBakedAssertionUrl(baked)).toBe(url);
    const names = extractChunks(baked).map((c) => c.name);
    expect(names.at(-1)).toBe('IEND');
    expect(names.at(-2)).toBe('iTXt');
    // the keyword and the text as bytes, read without the code that wrote them
    const chunk = extractChunks(baked).at(-2)!;
    const data = Buffer.from(chunk.data);
    expect(data.subarray(0, 11).toString('latin1')).toBe('openbadges\0');
    expect(data.subarray(data.length - url.length).toString('utf8')).toBe(url);
    // a PNG library still decodes the image (CRCs right), pixel for pixel
    const decoded = PNG.sync.read(baked);
    const before = PNG.sync.read(original);
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect(Buffer.compare(decoded.data, before.data)).toBe(0);
  });

  it('replaces the openbadges chunk of an image baked before: one chunk, the new URL', () => {
    const again = bakePng(bakePng(samplePng(), url), `${url}-second`);
    expect(readBakedAssertionUrl(again)).toBe(`${url}-second`);
    expect(extractChunks(again).filter((c) => c.name === 'iTXt')).toHaveLength(1);
    expect(PNG.sync.read(again).width).toBe(3);
  });

  it('finds no URL in an image that was never baked, nor in a file that is no PNG', () => {
    expect(readBakedAssertionUrl(samplePng())).toBeNull();
    expect(readBakedAssertionUrl(Buffer.from('not a png'))).toBeNull();
    expect(() => bakePng(Buffer.from('not a png'), url)).toThrow();
  });

  it('converts a WebP or JPEG badge image to PNG before baking it', async () => {
    const raw = { width: 4, height: 4, channels: 3 } as const;
    const pixels = Buffer.alloc(4 * 4 * 3, 120);
    for (const format of ['webp', 'jpeg'] as const) {
      const image = await sharp(pixels, { raw }).toFormat(format).toBuffer();
      const baked = await bakeImage(image, url);
      expect(readBakedAssertionUrl(baked)).toBe(url);
      expect(PNG.sync.read(baked).width, format).toBe(4);
    }
  });
});
