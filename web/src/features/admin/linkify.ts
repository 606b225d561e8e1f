/**
 * Plain text cut into text and links, so a mail's links can be rendered as <a> elements while the rest stays
 * text (React escapes it): no HTML from the message is ever injected. Only http(s) addresses become links.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// punctuation that ends a sentence rather than the address ("see https://x.org/a.")
const TRAILING = /[.,;:!?'"»]+$/;

function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  // a closing parenthesis belongs to the address only when the address opened one
  while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING, '');
  }
  return url;
}

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    if (!isHttpUrl(url)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Where a link of a mail leads: an address of this site becomes an in-app path (client-side navigation), any
 * other stays absolute and opens in a new tab.
 */
export function linkTarget(href: string, origin: string): { href: string; external: boolean } {
  const url = new URL(href);
  if (url.origin === origin) return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  return { href: url.toString(), external: true };
}
