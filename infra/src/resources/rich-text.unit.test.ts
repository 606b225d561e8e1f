import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ArticleSectionsSchema } from '@platform/contracts/publications/records';
import { richText } from '@platform/contracts/resources/fields';
import { memberHtmlSanitizer, richTextAttributes, richTextWalker } from './rich-text.ts';

describe('the sanitiser of members’ rich HTML', () => {
  it('removes scripts and event handlers, keeps the text and the allowed markup', async () => {
    const sanitize = await memberHtmlSanitizer();
    expect(sanitize('<p>Hi <strong>there</strong><script>alert(1)</script></p>')).toBe(
      '<p>Hi <strong>there</strong></p>',
    );
    expect(sanitize('<img src="x.png" onerror="alert(1)" alt="x">')).toBe('<img src="x.png" alt="x">');
    expect(sanitize('<form><input name="a"></form><style>p{}</style><p>t</p>')).toBe('<p>t</p>');
  });

  it('gives every link rel="ugc noopener", noreferrer too when it opens a new tab', async () => {
    const sanitize = await memberHtmlSanitizer();
    expect(sanitize('<a href="https://example.org/a">a</a>')).toBe(
      '<a href="https://example.org/a" rel="ugc noopener">a</a>',
    );
    expect(sanitize('<a href="https://example.org/b" target="_blank" rel="author">b</a>')).toBe(
      '<a href="https://example.org/b" target="_blank" rel="ugc noopener noreferrer">b</a>',
    );
  });

  it('drops javascript:, vbscript: and data: links, whatever their case and blanks', async () => {
    const sanitize = await memberHtmlSanitizer();
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' java\tscript:x',
      'vbscript:x',
      'data:text/html,x',
    ])
      expect(sanitize(`<a href="${href}">x</a>`)).toBe('<a rel="ugc noopener">x</a>');
  });

  it('removes empty paragraphs, keeps those with text or an image', async () => {
    const sanitize = await memberHtmlSanitizer();
    expect(sanitize('<p></p><p> &nbsp; </p><p><br></p><p>one</p><p><img src="a.png"></p>')).toBe(
      '<p>one</p><p><img src="a.png"></p>',
    );
  });

  it('keeps frames with the attributes a video player needs', async () => {
    const sanitize = await memberHtmlSanitizer();
    expect(
      sanitize('<iframe src="https://www.youtube.com/embed/x" allowfullscreen="" onload="x()"></iframe>'),
    ).toBe('<iframe src="https://www.youtube.com/embed/x" allowfullscreen=""></iframe>');
  });
});

describe('the walk of a schema’s rich text', () => {
  const schema = z.object({
    title: z.string(),
    body: richText(z.string()).nullable().default(null),
    sections: ArticleSectionsSchema.default([]),
    translations: z.record(z.string(), z.object({ sections: ArticleSectionsSchema.optional() })).default({}),
  });
  const dirty = '<p onclick="x()">a<script>1</script></p><p></p>';

  it('finds no rich text in a schema that marks none', () => {
    expect(richTextWalker(z.object({ a: z.string(), b: z.array(z.object({ c: z.string() })) }))).toBeNull();
    expect(richTextAttributes(z.object({ a: z.string() }))).toBeNull();
  });

  it('sanitises the marked strings at the top level, in arrays of objects and in records, nothing else', async () => {
    const sanitize = richTextAttributes(schema)!;
    const section = (content: string) => ({
      id: '0a000000-0000-4000-8000-00000000000a',
      title: dirty,
      content,
    });
    const out = await sanitize({
      title: dirty,
      body: dirty,
      sections: [section(dirty)],
      translations: { fr: { sections: [section(dirty)] } },
    });
    expect(out).toEqual({
      title: dirty,
      body: '<p>a</p>',
      sections: [section('<p>a</p>')],
      translations: { fr: { sections: [section('<p>a</p>')] } },
    });
    // absent and null values stay as they were
    expect(await sanitize({ title: 't', body: null })).toEqual({ title: 't', body: null });
  });
});
