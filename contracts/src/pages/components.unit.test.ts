import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { COMPONENT_TYPES, parseComponentProps } from './components.ts';
import { parseVideoUrl } from './video.ts';

const minimal: Record<string, Record<string, unknown>> = {
  'image-banner': { image: { url: '/files/banner.png' } },
  title: { title: 'Hello' },
  buttons: { buttons: [{ kind: 'external', label: 'Docs', url: 'https://docs.example.org' }] },
  video: { embedUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  'contact-card': { firstName: 'Ada', lastName: 'L.' },
};

describe('component registry', () => {
  it.each(COMPONENT_TYPES)('%s takes its minimal props and gets inverseBackground false', (type) => {
    expect(parseComponentProps(type, minimal[type] ?? {})).toMatchObject({ inverseBackground: false });
  });

  it('fills in the defaults the specification gives', () => {
    expect(parseComponentProps('clients', {})).toMatchObject({ logoMaxSize: 150 });
    expect(parseComponentProps('content', {})).toMatchObject({
      shortDescriptionLength: 200,
      display: 'cards',
    });
    expect(parseComponentProps('contact', {})).toMatchObject({
      contactUsPath: '/contact-us',
      newsletterPath: '/newsletter/subscribe',
    });
  });

  it('points at the offending prop, escaped as a JSON pointer', () => {
    const error = (() => {
      try {
        parseComponentProps('content', {
          items: [{ title: 'x', link: { kind: 'internal', label: 'y', path: '/a b' } }],
        });
      } catch (e) {
        return e as ValidationError;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.issues[0]?.pointer).toBe('/data/attributes/props/items/0/link/path');
  });

  it('wants a video to be a file or an embed, not both and not neither', () => {
    expect(() => parseComponentProps('video', {})).toThrow(ValidationError);
    const both = { embedUrl: 'https://vimeo.com/76979871', file: { url: '/v.mp4', mimeType: 'video/mp4' } };
    expect(() => parseComponentProps('video', both)).toThrow(ValidationError);
  });
});

describe('parseVideoUrl', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s',
      { provider: 'youtube', id: 'dQw4w9WgXcQ', startSeconds: 90 },
    ],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', { provider: 'youtube', id: 'dQw4w9WgXcQ', startSeconds: 42 }],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      { provider: 'youtube', id: 'dQw4w9WgXcQ', startSeconds: null },
    ],
    ['https://vimeo.com/76979871', { provider: 'vimeo', id: '76979871', startSeconds: null }],
    ['https://player.vimeo.com/video/76979871', { provider: 'vimeo', id: '76979871', startSeconds: null }],
  ])('%s', (url, expected) => {
    expect(parseVideoUrl(url)).toEqual(expected);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/not-a-number',
    'https://videos.example.org/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});
