import { describe, expect, it } from 'vitest';
import { navigationEntries, sectionId, sectionTitle } from './sections.ts';
import { htmlToText, truncate } from '../../../kit/ui/truncate.ts';
import { embedUrl, videoEmbedUrl } from '../../../kit/rich-text/video-embed.ts';

describe('section ids', () => {
  it('use the viewId, else page-section-{position}', () => {
    expect(sectionId({ viewId: 'welcome', position: 0 })).toBe('welcome');
    expect(sectionId({ viewId: null, position: 3 })).toBe('page-section-3');
    expect(sectionId({ viewId: '   ', position: 0 })).toBe('page-section-0');
  });
});

describe('page navigation entries', () => {
  const c = (
    name: string,
    props: Record<string, unknown>,
    position: number,
    viewId: string | null = null,
  ) => ({
    name,
    props,
    position,
    viewId,
  });

  it('list the sections with a title, in order, when there are more than one', () => {
    expect(
      navigationEntries([
        c('hero', { title: 'Welcome' }, 0, 'welcome'),
        c('buttons', { buttons: [{ kind: 'internal', label: 'Go', path: '/go' }] }, 1),
        c('content', { title: '  ' }, 2),
        c('testimonials', { title: 'Voices' }, 3),
        c('contact-card', { firstName: 'Support', lastName: 'Team' }, 4),
      ]),
    ).toEqual([
      { id: 'welcome', title: 'Welcome' },
      { id: 'page-section-3', title: 'Voices' },
      { id: 'page-section-4', title: 'Support Team' },
    ]);
  });

  it('are empty with a single titled section, and ignore unknown types', () => {
    expect(navigationEntries([c('hero', { title: 'Only one' }, 0), c('charter', {}, 1)])).toEqual([]);
    expect(sectionTitle(c('mystery', { title: 'x' }, 0))).toBeNull();
    // props that do not parse never reach a page: the route resolver leaves their component out
    // (query-api/src/routes/resolve.int.test.ts)
  });
});

describe('short descriptions', () => {
  it('keep a text that fits, whitespace collapsed', () => {
    expect(truncate('  Borrow   adapted\nequipment ', 200)).toBe('Borrow adapted equipment');
    expect(truncate('a'.repeat(200), 200)).toBe('a'.repeat(200));
  });

  it('cut a longer text at a word boundary, ellipsis included in the length', () => {
    const text = 'Rent switches, eye-gaze devices and adapted controllers for a trial period before you buy.';
    const short = truncate(text, 40);
    expect(short).toBe('Rent switches, eye-gaze devices and…');
    expect(Array.from(short).length).toBeLessThanOrEqual(40);
    expect(truncate('x'.repeat(500), 200)).toHaveLength(200);
  });

  it('never split a character made of two code units', () => {
    expect(truncate('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(truncate('anything', 0)).toBe('');
  });

  it('read the text of rich descriptions', () => {
    expect(htmlToText('<p>Hello <strong>world</strong></p><p>again</p>')).toBe('Hello world again');
    expect(htmlToText('<p>one</p>\n<p>two</p>')).toBe('one two');
    expect(htmlToText('line<br>break')).toBe('line break');
    expect(htmlToText('<img src=x onerror="throw 1">text')).toBe('text');
    expect(htmlToText('')).toBe('');
  });
});

describe('video embed URLs', () => {
  it('play YouTube from its privacy-enhanced host with the start time of t', () => {
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=1m30s')).toEqual({
      provider: 'youtube',
      url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90&rel=0',
    });
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ', { autoplay: true })?.url).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
  });

  it('play Vimeo from its player host with the start time as a fragment', () => {
    expect(videoEmbedUrl('https://vimeo.com/76979871?t=45')?.url).toBe(
      'https://player.vimeo.com/video/76979871#t=45s',
    );
    expect(embedUrl({ provider: 'vimeo', id: '1', startSeconds: 0 }, { autoplay: true })).toBe(
      'https://player.vimeo.com/video/1?autoplay=1',
    );
  });

  it('refuse other hosts and malformed ids', () => {
    expect(videoEmbedUrl('https://evil.example/embed/dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(videoEmbedUrl('https://vimeo.com/not-a-number')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
  });
});
