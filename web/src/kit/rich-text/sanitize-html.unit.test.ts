import { describe, expect, it } from 'vitest';
import { CONSENT_PLACEHOLDER_ATTRIBUTE, sanitizeHtml } from './sanitize-html.ts';

const all = { newTabNote: '(opens in a new tab)', allowsProvider: () => true };
const none = { ...all, allowsProvider: () => false };

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('rich HTML sanitising', () => {
  it('removes scripts, event handlers and javascript: links, keeps the text', () => {
    const out = dom(
      sanitizeHtml(
        '<p onclick="steal()">Hi <script>steal()</script><a href="javascript:steal()">x</a><img src="/a.png" onerror="steal()" alt="A"></p>',
        all,
      ),
    );
    expect(out.querySelector('script')).toBeNull();
    expect(out.innerHTML).not.toMatch(/steal|onerror|onclick|javascript/);
    expect(out.querySelector('img')?.getAttribute('alt')).toBe('A');
    expect(out.textContent).toContain('Hi');
  });

  it('keeps frames of the two video players only, with the player attributes', () => {
    const out = dom(
      sanitizeHtml(
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=30" allow="autoplay" allowfullscreen frameborder="0" scrolling="no" onload="x()"></iframe>' +
          '<iframe src="https://player.vimeo.com/video/76979871" title="Our film"></iframe>' +
          '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>' +
          '<iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe>' +
          '<iframe srcdoc="<script>x()</script>"></iframe>',
        all,
      ),
    );
    const frames = Array.from(out.querySelectorAll('iframe'));
    expect(frames.map((f) => f.getAttribute('src'))).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&rel=0',
      'https://player.vimeo.com/video/76979871',
    ]);
    const [youtube, vimeo] = frames;
    expect(youtube?.getAttribute('allow')).toBe('autoplay');
    expect(youtube?.hasAttribute('allowfullscreen')).toBe(true);
    expect(youtube?.getAttribute('frameborder')).toBe('0');
    expect(youtube?.getAttribute('scrolling')).toBe('no');
    expect(youtube?.hasAttribute('onload')).toBe(false);
    expect(youtube?.getAttribute('title')).toBe('YouTube');
    expect(vimeo?.getAttribute('title')).toBe('Our film');
  });

  it('puts a consent placeholder where a frame of a refused provider was', () => {
    const out = dom(sanitizeHtml('<p>Watch:</p><iframe src="https://vimeo.com/76979871"></iframe>', none));
    expect(out.querySelector('iframe')).toBeNull();
    expect(
      out.querySelector(`[${CONSENT_PLACEHOLDER_ATTRIBUTE}]`)?.getAttribute(CONSENT_PLACEHOLDER_ATTRIBUTE),
    ).toBe('vimeo');
  });

  it('gives new-tab links noopener and a screen-reader note, and drops other targets', () => {
    const out = dom(
      sanitizeHtml(
        '<a href="https://example.org" target="_blank">Docs</a> <a href="/x" target="_top">In</a> <a href="/y">Plain</a>',
        all,
      ),
    );
    const [blank, top, plain] = Array.from(out.querySelectorAll('a'));
    expect(blank?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(blank?.querySelector('.visually-hidden')?.textContent).toBe(' (opens in a new tab)');
    expect(top?.hasAttribute('target')).toBe(false);
    expect(top?.querySelector('.visually-hidden')).toBeNull();
    expect(plain?.outerHTML).toBe('<a href="/y">Plain</a>');
  });

  it('marks members’ links as theirs with ugc: rel ugc noopener, noreferrer on a new tab, no script hrefs', () => {
    const out = dom(
      sanitizeHtml(
        '<a href="https://example.org/a">Plain</a> <a href="https://example.org/b" target="_blank">New</a> <a href="jav&#x09;ascript:alert(1)">Bad</a>',
        { ...all, ugc: true },
      ),
    );
    const [plain, blank, bad] = Array.from(out.querySelectorAll('a'));
    expect(plain?.getAttribute('rel')).toBe('ugc noopener');
    expect(blank?.getAttribute('rel')).toBe('ugc noopener noreferrer');
    expect(blank?.querySelector('.visually-hidden')?.textContent).toBe(' (opens in a new tab)');
    expect(bad?.hasAttribute('href')).toBe(false);
    // editors' links keep no rel of their own
    expect(dom(sanitizeHtml('<a href="/y">Plain</a>', all)).querySelector('a')?.hasAttribute('rel')).toBe(
      false,
    );
  });

  it('strips empty paragraphs and keeps the others', () => {
    expect(
      sanitizeHtml('<p></p><p>&nbsp;</p><p> <br> </p><p>Text</p><p><img src="/i.png" alt=""></p>', all),
    ).toBe('<p>Text</p><p><img src="/i.png" alt=""></p>');
    expect(sanitizeHtml('   ', all)).toBe('');
  });
});
