import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  fileSize,
  newsletterPreviewHtml,
  shownSize,
  type NewsletterPreviewData,
} from './preview.ts';

const letter = (own: Partial<NewsletterPreviewData> = {}): NewsletterPreviewData => ({
  locale: 'en',
  siteName: 'Assistive Platform',
  siteUrl: 'https://platform.example/',
  subject: 'Spring news',
  introHtml: '<p>Hello <strong>readers</strong>.</p>',
  outroHtml: '<p>See you soon.</p>',
  image: null,
  articles: [],
  attachments: [],
  ...own,
});

describe('a newsletter as its readers get it', () => {
  it('is one HTML document in the reader’s language, laid out in tables at most 600 pixels wide', () => {
    const html = newsletterPreviewHtml(letter({ locale: 'da' }));
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="da" dir="ltr">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Spring news</title>');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('role="presentation"');
    // no style sheet, no script: everything is inline
    expect(html).not.toMatch(/<style|<script|<link/i);
    expect(html).toContain('Du modtager dette nyhedsbrev fra Assistive Platform.');
    // the site's name on top, before the subject, the introduction before the closing text
    const at = (text: string) => html.indexOf(text);
    expect(at('Assistive Platform')).toBeLessThan(at('<h1'));
    expect(at('<h1')).toBeLessThan(at('Hello <strong>readers</strong>.'));
    expect(at('Hello <strong>readers</strong>.')).toBeLessThan(at('See you soon.'));
  });

  it('escapes every plain value, in text and in attributes', () => {
    const html = newsletterPreviewHtml(
      letter({
        siteName: 'A & B <Platform>',
        subject: 'News <script>alert(1)</script> "quoted"',
        image: {
          src: 'https://platform.example/a"b.webp',
          width: 10,
          height: 5,
          alt: '"><img src=x onerror=y>',
        },
        articles: [
          {
            title: '<b>Ramps</b> & rails',
            description: 'Line one <i>\nline two',
            url: 'https://platform.example/articles/1?a=1&b="2"',
          },
        ],
        attachments: [
          { name: '<plan>.pdf', url: 'https://platform.example/f', extension: 'pdf', size: 2048 },
        ],
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('News &lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;');
    expect(html).toContain('A &amp; B &lt;Platform&gt;');
    expect(html).toContain('alt="&quot;&gt;&lt;img src=x onerror=y&gt;"');
    expect(html).toContain('src="https://platform.example/a&quot;b.webp"');
    expect(html).toContain('&lt;b&gt;Ramps&lt;/b&gt; &amp; rails');
    expect(html).toContain('Line one &lt;i&gt;<br>line two');
    expect(html).toContain('href="https://platform.example/articles/1?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('&lt;plan&gt;.pdf</a> <span style="color:#4b5563;">(PDF, 2 kB)</span>');
    expect(escapeHtml(`'&"<>`)).toBe('&#39;&amp;&quot;&lt;&gt;');
  });

  it('shows the articles in their order, each with a link to its page that says which article', () => {
    const html = newsletterPreviewHtml(
      letter({
        articles: [
          { title: 'Second first', description: 'About ramps', url: 'https://platform.example/news/b' },
          { title: 'No page', description: '', url: null },
          { title: 'Then this', description: 'About lifts', url: 'https://platform.example/news/a' },
        ],
      }),
    );
    expect(html.indexOf('Second first')).toBeLessThan(html.indexOf('Then this'));
    expect(html).toContain(
      '<a href="https://platform.example/news/b" aria-label="Read the article: Second first"',
    );
    expect(html.match(/>Read the article<\/a>/g)).toHaveLength(2);
    expect(html).toContain('No page</h2></td>');
  });

  it('shows the image at the letter’s width with its aspect kept, and an empty alt when it is decorative', () => {
    const html = newsletterPreviewHtml(
      letter({ image: { src: 'https://platform.example/i.webp', width: 800, height: 450, alt: '' } }),
    );
    expect(html).toMatch(/<img src="https:\/\/platform\.example\/i\.webp" alt="" width="600" height="338" /);
    const unknown = newsletterPreviewHtml(
      letter({ image: { src: 'https://platform.example/i.webp', width: null, height: null, alt: 'A ramp' } }),
    );
    expect(unknown).toContain('alt="A ramp" style=');
    expect(shownSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(shownSize(1200, 1)).toEqual({ width: 600, height: 1 });
    expect(shownSize(undefined, 10)).toBeNull();
  });

  it('leaves out what the letter has not: no image, no introduction, no attachments', () => {
    const html = newsletterPreviewHtml(letter({ introHtml: null, outroHtml: null }));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Attachments');
    expect(html).not.toContain('Hello');
  });

  it('says a file’s size in the reader’s language', () => {
    expect(fileSize(512, 'en')).toBe('512 bytes');
    expect(fileSize(1_400_000, 'en')).toBe('1.4 MB');
    expect(fileSize(1_400_000, 'fr')).toMatch(/^1,4\s?Mo$/);
  });
});
