import { describe, expect, it } from 'vitest';
import { linkify, linkTarget } from './linkify.ts';

describe('linkify', () => {
  it('cuts the links out of plain text and keeps the rest as text', () => {
    expect(linkify('Open https://example.org/verify?a=1&b=2 to continue.')).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'https://example.org/verify?a=1&b=2',
        href: 'https://example.org/verify?a=1&b=2',
      },
      { kind: 'text', text: ' to continue.' },
    ]);
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(linkify('See http://localhost:3000/auth/password/reset/abc.').at(0)).toEqual({
      kind: 'text',
      text: 'See ',
    });
    expect(linkify('(http://x.org/a) and http://x.org/wiki/A_(b))')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'http://x.org/a', href: 'http://x.org/a' },
      { kind: 'text', text: ') and ' },
      { kind: 'link', text: 'http://x.org/wiki/A_(b)', href: 'http://x.org/wiki/A_(b)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never turns markup or other schemes into links', () => {
    expect(linkify('<a href="javascript:alert(1)">x</a> javascript:alert(1)')).toEqual([
      { kind: 'text', text: '<a href="javascript:alert(1)">x</a> javascript:alert(1)' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('keeps line breaks in the text parts', () => {
    expect(linkify('Hello,\n\nhttps://a.org\nBye')).toEqual([
      { kind: 'text', text: 'Hello,\n\n' },
      { kind: 'link', text: 'https://a.org', href: 'https://a.org' },
      { kind: 'text', text: '\nBye' },
    ]);
  });
});

describe('linkTarget', () => {
  it('makes links of this site in-app paths and others external', () => {
    expect(
      linkTarget('http://localhost:3000/auth/email/verify/1/2?expires=3', 'http://localhost:3000'),
    ).toEqual({
      href: '/auth/email/verify/1/2?expires=3',
      external: false,
    });
    expect(linkTarget('https://example.org/a', 'http://localhost:3000')).toEqual({
      href: 'https://example.org/a',
      external: true,
    });
  });
});
