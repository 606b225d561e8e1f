import DOMPurify from 'dompurify';
import { domWindow } from '../ui/dom-window.ts';
import { parseVideoUrl } from '@platform/contracts/pages/video';
import { isAllowedHref, memberLinkRel } from '@platform/contracts/content/rich-text';
import { embedUrl, PROVIDER_NAMES, type VideoProvider } from './video-embed.ts';

/**
 * The DOMPurify configuration for editors' rich HTML (seed 000 §5): frames are the only addition to DOMPurify's
 * safe defaults, with the attributes a video player needs; scripts, event handlers, forms and javascript: URLs
 * stay out as DOMPurify's defaults have them.
 */
export const RICH_HTML_CONFIG = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'scrolling', 'target'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  RETURN_DOM_FRAGMENT: true as const,
};

/** Marks where a frame waits for the visitor's consent; the rich-text component renders a placeholder there. */
export const CONSENT_PLACEHOLDER_ATTRIBUTE = 'data-consent-placeholder';

export interface SanitizeOptions {
  /** the screen-reader note appended to links that open a new tab, e.g. "(opens in a new tab)" */
  newTabNote: string;
  /** whether the visitor accepted this video provider's cookies; frames of the others become placeholders */
  allowsProvider: (provider: VideoProvider) => boolean;
  /** class of the note's span, hidden on screen by the rich-text styles */
  noteClass?: string;
  /**
   * members' HTML (MEMBER_RICH_HTML_POLICY, contracts/src/content/rich-text.ts): every link gets `rel="ugc
   * noopener"` (and `noreferrer` when it opens a new tab), and a javascript:, vbscript: or data: link loses its href
   */
  ugc?: boolean;
}

function fixFrame(frame: HTMLIFrameElement, options: SanitizeOptions): void {
  const video = parseVideoUrl(frame.getAttribute('src') ?? '');
  if (!video) {
    frame.remove(); // only the two video providers may be framed
    return;
  }
  if (!options.allowsProvider(video.provider)) {
    const placeholder = frame.ownerDocument.createElement('div');
    placeholder.setAttribute(CONSENT_PLACEHOLDER_ATTRIBUTE, video.provider);
    frame.replaceWith(placeholder);
    return;
  }
  frame.setAttribute('src', embedUrl(video));
  if (!frame.getAttribute('title')?.trim()) frame.setAttribute('title', PROVIDER_NAMES[video.provider]);
  frame.setAttribute('loading', 'lazy');
}

function fixLink(link: HTMLAnchorElement, options: SanitizeOptions): void {
  const target = link.getAttribute('target');
  if (options.ugc) {
    const href = link.getAttribute('href');
    if (href !== null && !isAllowedHref(href)) link.removeAttribute('href');
    link.setAttribute('rel', memberLinkRel(target === '_blank' ? target : null));
  }
  if (target === null) return;
  if (target !== '_blank') {
    link.removeAttribute('target'); // named frames and _top/_parent have no meaning here
    return;
  }
  link.setAttribute('rel', options.ugc ? memberLinkRel(target) : 'noopener noreferrer');
  const note = link.ownerDocument.createElement('span');
  note.className = options.noteClass ?? 'visually-hidden';
  note.textContent = ` ${options.newTabNote}`;
  link.appendChild(note);
}

/** A paragraph with nothing to read or see: only whitespace, non-breaking spaces and line breaks. */
function isEmptyParagraph(p: Element): boolean {
  if ((p.textContent ?? '').replace(/[\s\u00a0]/g, '') !== '') return false;
  return Array.from(p.querySelectorAll('*')).every((el) => el.tagName === 'BR');
}

/**
 * Editors' HTML made safe to render: DOMPurify with RICH_HTML_CONFIG, then frames limited to the video players
 * (rewritten to their player URL, or a consent placeholder), new-tab links given noopener and a screen-reader
 * note, and empty paragraphs removed.
 */
export function sanitizeHtml(html: string, options: SanitizeOptions): string {
  if (html.trim() === '') return '';
  const window = domWindow();
  const purify = DOMPurify(window);
  const fragment = purify.sanitize(html, RICH_HTML_CONFIG) as DocumentFragment;
  fragment.querySelectorAll('iframe').forEach((frame) => fixFrame(frame, options));
  fragment.querySelectorAll('a').forEach((link) => fixLink(link, options));
  fragment.querySelectorAll('p').forEach((p) => {
    if (isEmptyParagraph(p)) p.remove();
  });
  const container = window.document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}
