import { domWindow } from './dom-window.ts';

/** The text of an HTML fragment, whitespace collapsed; parsing with DOMParser runs no script and loads nothing. */
export function htmlToText(html: string): string {
  if (html === '') return '';
  // a block's end is a word break when read as text: "<p>one</p><p>two</p>" is "one two"
  const spaced = html.replace(/<\/(?:p|div|li|h[1-6]|blockquote|td|th)\s*>|<br\s*\/?>/gi, '$& ');
  const doc = new (domWindow().DOMParser)().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A short description (seed 000 §9: 200 characters by default): at most `max` characters including the
 * ellipsis, cut at a word boundary when one is near the end, so that a word is not shown half.
 */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (max < 1) return '';
  const chars = Array.from(clean); // code points: an emoji is not split in two
  if (chars.length <= max) return clean;
  const room = chars.slice(0, max - 1).join('');
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= room.length * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?-]+$/u, '')}…`;
}
