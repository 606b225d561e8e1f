import { z } from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { byteSize, fieldInfo, isRichText, richText, singleLine } from './fields.ts';

describe('fieldInfo', () => {
  it('gives short texts one line and long ones several', () => {
    expect(fieldInfo('name', z.string().max(255)).kind).toBe('text');
    expect(fieldInfo('notes', z.string().max(5000)).kind).toBe('longText');
    expect(fieldInfo('notes', z.string()).kind).toBe('longText');
  });

  it('keeps a long text marked single-line on one line, under its wrappers, and validates as before', () => {
    const url = singleLine(
      z
        .string()
        .max(2048)
        .refine((v) => v.startsWith('/')),
    );
    expect(fieldInfo('url', url).kind).toBe('text');
    expect(fieldInfo('url', url.nullable().default(null))).toMatchObject({ kind: 'text', nullable: true });
    expect(url.safeParse('/about').success).toBe(true);
    expect(url.safeParse('about').success).toBe(false);
  });

  it('marks a count of bytes to be shown as a size, an integer still', () => {
    const size = byteSize(z.number().int().min(0));
    expect(fieldInfo('size', size)).toMatchObject({ kind: 'integer', display: 'bytes', min: 0 });
    expect(fieldInfo('size', size.nullable())).toMatchObject({ kind: 'integer', display: 'bytes' });
    expect(fieldInfo('count', z.number().int()).display).toBeUndefined();
    expect(size.safeParse(-1).success).toBe(false);
  });
});

describe('richText', () => {
  it('marks a text as members’ rich HTML, under its wrappers, and validates as before', () => {
    const html = richText(z.string().max(20_000));
    expect(fieldInfo('content', html)).toMatchObject({ kind: 'richText', maxLength: 20_000 });
    expect(fieldInfo('content', html.nullable().default(null))).toMatchObject({
      kind: 'richText',
      nullable: true,
    });
    expect(isRichText(html.default(''))).toBe(true);
    expect(isRichText(z.string())).toBe(false);
    expect(html.safeParse('x'.repeat(20_001)).success).toBe(false);
  });
});
