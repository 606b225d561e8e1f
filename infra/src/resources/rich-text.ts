import { z } from 'zod/v4';
import { isAllowedHref, memberLinkRel, MEMBER_RICH_HTML_POLICY } from '@platform/contracts/content/rich-text';
import { isRichText, transformed } from '@platform/contracts/resources/fields';

/** Turns one member's HTML into what may be stored and shown (MEMBER_RICH_HTML_POLICY). */
export type HtmlSanitizer = (html: string) => string;

let sanitizer: Promise<HtmlSanitizer> | null = null;

/** A paragraph with nothing to read: no text but blanks and no-break spaces, no element but line breaks. */
function isEmptyParagraph(p: Element): boolean {
  if ((p.textContent ?? '').replace(/[\s\u00a0]/g, '') !== '') return false;
  return [...p.querySelectorAll('*')].every((child) => child.tagName === 'BR');
}

/**
 * The sanitiser of members' rich HTML (seed 000 §5, issue 21): DOMPurify with the members' policy in a server-side
 * window, made once per process (jsdom is loaded the first time a member's rich text is written). Scripts, event
 * handlers, forms and styles are removed; a `javascript:`, `vbscript:` or `data:` link loses its href; every link
 * gets `rel="ugc noopener"` (and `noreferrer` when it opens a new tab); empty paragraphs are removed.
 */
export function memberHtmlSanitizer(): Promise<HtmlSanitizer> {
  sanitizer ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const window = new JSDOM('').window;
    const purify = createDOMPurify(window as never);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const link = node as Element;
      const href = link.getAttribute('href');
      if (href !== null && !isAllowedHref(href)) link.removeAttribute('href');
      link.setAttribute('rel', memberLinkRel(link.getAttribute('target')));
    });
    const { dompurify } = MEMBER_RICH_HTML_POLICY;
    const config = {
      ADD_TAGS: [...dompurify.ADD_TAGS],
      ADD_ATTR: [...dompurify.ADD_ATTR],
      FORBID_TAGS: [...dompurify.FORBID_TAGS],
      RETURN_DOM_FRAGMENT: true as const,
    };
    const holder = window.document.createElement('div');
    return (html: string) => {
      const fragment = purify.sanitize(html, config);
      if (MEMBER_RICH_HTML_POLICY.stripEmptyParagraphs)
        for (const p of [...fragment.querySelectorAll('p')]) if (isEmptyParagraph(p)) p.remove();
      holder.replaceChildren(fragment);
      const clean = holder.innerHTML;
      holder.replaceChildren();
      return clean;
    };
  })();
  return sanitizer;
}

/** Rewrites a value: each rich text string in it sanitised, the rest as it was. */
type Walker = (value: unknown, sanitize: HtmlSanitizer) => unknown;

/**
 * How to sanitise the values of a schema: null when no rich text string is marked in it; else a walk that
 * sanitises each marked string, at the top level or inside objects, arrays and records (an article's sections,
 * their translations). Built once per schema, from its shape.
 */
export function richTextWalker(schema: z.ZodType): Walker | null {
  if (isRichText(schema)) return (value, sanitize) => (typeof value === 'string' ? sanitize(value) : value);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return richTextWalker(schema.unwrap() as z.ZodType);
  const inner = transformed(schema);
  if (inner) return richTextWalker(inner);
  if (schema instanceof z.ZodObject) {
    const walkers = Object.entries(schema.shape as z.ZodRawShape)
      .map(([key, field]) => [key, richTextWalker(field as z.ZodType)] as const)
      .filter((entry): entry is readonly [string, Walker] => entry[1] !== null);
    if (!walkers.length) return null;
    return (value, sanitize) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, walk] of walkers) if (Object.hasOwn(out, key)) out[key] = walk(out[key], sanitize);
      return out;
    };
  }
  if (schema instanceof z.ZodArray) {
    const walk = richTextWalker(schema.element as z.ZodType);
    return walk
      ? (value, sanitize) => (Array.isArray(value) ? value.map((item) => walk(item, sanitize)) : value)
      : null;
  }
  if (schema instanceof z.ZodRecord) {
    const walk = richTextWalker(schema.valueType as z.ZodType);
    return walk
      ? (value, sanitize) =>
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, sanitize)]))
            : value
      : null;
  }
  return null;
}

/**
 * The attributes of a write with each rich text string sanitised (the schema of the record's attributes): what
 * the command side decides on. Loads the sanitiser only when the schema marks rich text.
 */
export function richTextAttributes(
  attributes: z.ZodObject,
): ((values: Record<string, unknown>) => Promise<Record<string, unknown>>) | null {
  const walk = richTextWalker(attributes);
  if (!walk) return null;
  return async (values) => walk(values, await memberHtmlSanitizer()) as Record<string, unknown>;
}
