import { describe, expect, it } from 'vitest';
import {
  classifyFile,
  extensionOf,
  looksLikeSvg,
  precheckUpload,
  streamLimit,
  UNREADABLE_FILE,
  uploaderLimits,
} from './media.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const png = { mime: 'image/png', ext: 'png' };

describe('the upload type filters (seed 001 §5)', () => {
  it('takes images, video, audio and documents by the content’s mime type', () => {
    expect(classifyFile({ name: 'a.png', head: bytes('x'), detected: png })).toMatchObject({
      family: 'image',
    });
    expect(
      classifyFile({ name: 'a.JPG', head: bytes('x'), detected: { mime: 'image/jpeg', ext: 'jpg' } }),
    ).toMatchObject({ family: 'image', extension: 'jpg' });
    expect(
      classifyFile({ name: 'a.jpeg', head: bytes('x'), detected: { mime: 'image/jpeg', ext: 'jpg' } }),
    ).toMatchObject({ ok: true });
    expect(
      classifyFile({ name: 'clip', head: bytes('x'), detected: { mime: 'video/mp4', ext: 'mp4' } }),
    ).toMatchObject({ family: 'video' });
    expect(
      classifyFile({
        name: 'f.docx',
        head: bytes('x'),
        detected: {
          mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ext: 'docx',
        },
      }),
    ).toMatchObject({ family: 'doc' });
    expect(classifyFile({ name: 'notes.txt', head: bytes('plain words'), detected: null })).toMatchObject({
      family: 'doc',
      mimeType: 'text/plain',
    });
  });

  it('takes 3d, lcc and svg by extension, unless the content says it is something else', () => {
    expect(classifyFile({ name: 'part.stl', head: bytes('solid x'), detected: null })).toMatchObject({
      family: '3d',
    });
    expect(
      classifyFile({
        name: 'part.3mf',
        head: bytes('PK'),
        detected: { mime: 'application/zip', ext: 'zip' },
      }),
    ).toMatchObject({ family: '3d' });
    expect(classifyFile({ name: 'part.stl', head: bytes('x'), detected: png })).toMatchObject({
      ok: false,
      problem: 'mismatch',
    });
    expect(
      classifyFile({ name: 'set.lcc', head: new Uint8Array([1, 2, 0, 4]), detected: null }),
    ).toMatchObject({
      family: 'lcc',
    });
    expect(
      classifyFile({ name: 'logo.svg', head: bytes('<?xml version="1.0"?><svg>'), detected: null }),
    ).toMatchObject({ family: 'svg', mimeType: 'image/svg+xml' });
    expect(classifyFile({ name: 'logo.svg', head: bytes('hello'), detected: null })).toMatchObject({
      ok: false,
    });
  });

  it('refuses a name the content contradicts, unknown types and empty files with the seed’s message', () => {
    expect(classifyFile({ name: 'cv.pdf', head: bytes('x'), detected: png })).toEqual({
      ok: false,
      problem: 'mismatch',
      detail: "The file's content is a PNG file but its name ends in .pdf: rename it or choose another file",
    });
    expect(classifyFile({ name: 'drawing.png', head: bytes('<svg></svg>'), detected: null })).toMatchObject({
      problem: 'mismatch',
    });
    expect(
      classifyFile({ name: 'a.zip', head: bytes('PK'), detected: { mime: 'application/zip', ext: 'zip' } }),
    ).toMatchObject({ problem: 'unsupported' });
    expect(classifyFile({ name: 'a.txt', head: new Uint8Array(), detected: null })).toEqual({
      ok: false,
      problem: 'unreadable',
      detail: UNREADABLE_FILE,
    });
    expect(
      classifyFile({ name: 'a.txt', head: new Uint8Array([0xff, 0xfe, 0, 1]), detected: null }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('reads a name’s extension as data only', () => {
    expect(extensionOf('../../etc/passwd')).toBeNull();
    expect(extensionOf('Report.Final.PDF')).toBe('pdf');
    expect(looksLikeSvg(bytes('<!-- made by hand --><svg width="1">'))).toBe(true);
  });
});

describe('the checks made before an upload', () => {
  const limits = { file: 1000, image: 100 };
  it('refuses an empty file, a family the field does not take, and a size past the limit that applies', () => {
    expect(precheckUpload({ name: 'a.pdf', type: 'application/pdf', size: 0 }, { limits })).toBe(
      'unreadable',
    );
    expect(
      precheckUpload({ name: 'a.pdf', type: 'application/pdf', size: 50 }, { families: ['image'], limits }),
    ).toBe('type');
    expect(precheckUpload({ name: 'grip.stl', type: '', size: 50 }, { families: ['3d'], limits })).toBeNull();
    expect(precheckUpload({ name: 'photo.png', type: 'image/png', size: 101 }, { limits })).toBe('size');
    expect(precheckUpload({ name: 'a.pdf', type: 'application/pdf', size: 101 }, { limits })).toBeNull();
    // a field of images streams under the image limit whatever the name says
    expect(precheckUpload({ name: 'blob', type: '', size: 101 }, { families: ['image'], limits })).toBe(
      'size',
    );
    expect(precheckUpload({ name: 'a.pdf', type: 'application/pdf', size: 1001 }, { limits })).toBe('size');
  });

  it('gives an administrator the admin file limit for everything', () => {
    expect(uploaderLimits({ file: 10, image: 5, adminFile: 50 }, true)).toEqual({ file: 50, image: 50 });
    expect(uploaderLimits({ file: 10, image: 5, adminFile: 50 }, false)).toEqual({ file: 10, image: 5 });
    expect(streamLimit({ file: 10, image: 5 }, ['image', 'svg'])).toBe(5);
    expect(streamLimit({ file: 10, image: 5 }, ['image', 'doc'])).toBe(10);
  });
});
