import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../kit/state/storage-keys.ts';
import { consent, renderCmsPage } from '../../../frame/testing/cms-testing.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const youtubeVideo = {
  name: 'video',
  props: { title: 'Our workshop', embedUrl: 'https://youtu.be/dQw4w9WgXcQ?t=42' },
};

describe('the video block', () => {
  it('without the provider’s consent shows the placeholder, whose button opens the cookie settings', async () => {
    consent({ youtube: false, vimeo: true });
    const user = userEvent.setup();
    renderCmsPage([youtubeVideo]);
    const placeholder = await screen.findByTestId('consent-placeholder');
    expect(placeholder.textContent).toContain(
      'This content needs the cookies of YouTube, which you have not accepted.',
    );
    expect(screen.queryByRole('button', { name: /Play the video/ })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(within(placeholder).getByRole('button', { name: 'Configure cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept all' }));
    // accepted: the play button replaces the placeholder, and plays from t in a dialog
    await user.click(await screen.findByRole('button', { name: 'Play the video: Our workshop' }));
    const player = await screen.findByRole('dialog', { name: 'Our workshop' });
    expect(player.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42&autoplay=1&rel=0',
    );
    expect(screen.queryByTestId('consent-placeholder')).toBeNull();
  });

  it('plays an uploaded file without asking for any consent', async () => {
    consent();
    const user = userEvent.setup();
    renderCmsPage([{ name: 'video', props: { file: { url: '/files/demo.mp4', mimeType: 'video/mp4' } } }]);
    await user.click(await screen.findByRole('button', { name: 'Play the video: Video' }));
    const player = await screen.findByRole('dialog', { name: 'Video' });
    expect(player.querySelector('video source')?.getAttribute('src')).toBe('/files/demo.mp4');
  });
});

describe('the custom block', () => {
  it('renders sanitised HTML: foreign frames removed, a refused provider’s frame as a placeholder', async () => {
    consent({ vimeo: false });
    renderCmsPage([
      {
        name: 'custom',
        props: {
          html:
            '<p>Hello</p><p></p><iframe src="https://evil.example/x"></iframe>' +
            '<iframe src="https://player.vimeo.com/video/76979871"></iframe><img src=x onerror="window.hacked=1">',
          styles: 'p { color: red; }',
        },
      },
    ]);
    const section = await waitFor(() => {
      const s = document.getElementById('page-section-0');
      if (!s) throw new Error('not yet');
      return s;
    });
    expect(section.querySelectorAll('p')).toHaveLength(2); // "Hello" and the placeholder's text
    expect(section.querySelector('iframe')).toBeNull();
    expect(within(section).getByTestId('consent-placeholder').textContent).toContain('Vimeo');
    expect(section.innerHTML).not.toContain('onerror');
    expect(section.querySelector('style')?.textContent).toContain('@scope ([id="page-section-0"])');
  });
});

describe('the community numbers', () => {
  it('ask for the numbers once, when half of the block first becomes visible', async () => {
    consent();
    const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> =
      [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    const { homeStatsCalls } = renderCmsPage([{ name: 'community-numbers', props: { title: 'In numbers' } }]);
    await screen.findByRole('heading', { name: 'In numbers' });
    // the observer is set up by an effect, which may run after the heading is on screen
    await waitFor(() => expect(observers).toHaveLength(1));
    expect(homeStatsCalls()).toBe(0);
    const [observer] = observers;
    expect(observer?.options?.threshold).toBe(0.5);
    const seen = [{ isIntersecting: true } as IntersectionObserverEntry];
    act(() => observer!.callback(seen, {} as IntersectionObserver));
    expect(await screen.findByText('1,234')).toBeTruthy();
    act(() => observer!.callback(seen, {} as IntersectionObserver));
    expect(screen.getByText('Organizations')).toBeTruthy();
    expect(homeStatsCalls()).toBe(1);
  });
});

describe('the hero', () => {
  it('cycles its images until paused, and remembers the choice', async () => {
    consent();
    const user = userEvent.setup();
    renderCmsPage([
      {
        name: 'hero',
        props: {
          title: 'Welcome',
          images: [
            { url: '/a.jpg', alt: 'A workshop' },
            { url: '/b.jpg', alt: 'A switch' },
          ],
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Pause the slideshow' }));
    expect(localStorage.getItem(STORAGE_KEYS.heroCarouselCycle)).toBe('0');
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A workshop' })).toBeTruthy();
  });
});

describe('the page navigation', () => {
  it('lists the titled sections in a drawer that Escape closes', async () => {
    consent();
    const user = userEvent.setup();
    renderCmsPage([
      { name: 'title', viewId: 'intro', props: { title: 'Introduction', level: 1 } },
      { name: 'testimonials', props: { title: 'Voices' } },
      {
        name: 'buttons',
        props: { buttons: [{ kind: 'external', label: 'Docs', url: 'https://docs.example.org' }] },
      },
    ]);
    const external = await screen.findByRole('link', { name: /Docs/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(external.textContent).toContain('(opens in a new tab)');
    await user.click(screen.getByRole('button', { name: 'On this page' }));
    const drawer = await screen.findByRole('dialog', { name: 'On this page' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Introduction', '#intro'],
      ['Voices', '#page-section-1'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'On this page' })).toBeNull());
  });

  it('is absent when fewer than two sections have a title', async () => {
    consent();
    renderCmsPage([{ name: 'title', props: { title: 'Only one', level: 1 } }]);
    await screen.findByRole('heading', { name: 'Only one' });
    expect(screen.queryByRole('button', { name: 'On this page' })).toBeNull();
  });
});
