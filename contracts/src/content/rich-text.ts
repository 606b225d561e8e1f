/**
 * The one policy for members' rich HTML (articles, blog posts, events, repository items, forum messages; seed 000
 * §5): the server sanitises what members write with it before deciding (infra/src/resources/rich-text.ts) and the
 * web renders with it (sanitize-html.ts, `ugc: true`). Pure data, read by DOMPurify on both sides.
 *
 * - The DOMPurify configuration is the editors' one (frames only with the attributes a video player needs;
 *   scripts, event handlers, forms and styles out);
 * - empty paragraphs are removed;
 * - every link gets `rel="ugc noopener"`, and `noreferrer` too when it opens a new tab;
 * - a `javascript:` (or `vbscript:`, `data:`) link loses its href.
 */
export const MEMBER_RICH_HTML_POLICY = {
  dompurify: {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'scrolling', 'target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  },
  stripEmptyParagraphs: true,
  linkRel: ['ugc', 'noopener'],
  newTabLinkRel: ['ugc', 'noopener', 'noreferrer'],
  forbiddenHrefSchemes: ['javascript:', 'vbscript:', 'data:'],
} as const;

/** Whether a link's href may stay: not one of the forbidden schemes, whatever its case and blanks. */
export function isAllowedHref(href: string): boolean {
  // browsers ignore control characters and blanks inside a scheme ("java\tscript:")
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  return !MEMBER_RICH_HTML_POLICY.forbiddenHrefSchemes.some((scheme) => compact.startsWith(scheme));
}

/** The rel a member's link gets: `ugc noopener`, plus `noreferrer` when it opens a new tab. */
export function memberLinkRel(target: string | null): string {
  return (target === '_blank' ? MEMBER_RICH_HTML_POLICY.newTabLinkRel : MEMBER_RICH_HTML_POLICY.linkRel).join(
    ' ',
  );
}

/** The text of some HTML, tags removed and blanks collapsed (no parser: an excerpt's text, never rendered as HTML). */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
