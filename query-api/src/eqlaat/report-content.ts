/**
 * A report's rich content (HTML, sanitised when it was written: infra/src/resources/rich-text.ts) as the blocks of
 * readable text a document draws: headings, paragraphs and list items with their markers. Parsed with jsdom, the
 * parser the sanitiser itself uses, loaded the first time a report is made (no script runs in a fragment, nothing
 * it names is fetched).
 */

export type ContentBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; depth: number; text: string }
  /** `marker`: '•', '1.'...; empty for what follows a nested list in the same item (its text goes on) */
  | { kind: 'item'; depth: number; marker: string; text: string };

type Fragment = (html: string) => DocumentFragment;
let parser: Promise<Fragment> | null = null;

function fragmentParser(): Promise<Fragment> {
  parser ??= import('jsdom').then(
    ({ JSDOM }) =>
      (html: string) =>
        JSDOM.fragment(html),
  );
  return parser;
}

/** What holds no text to read in a printed report: scripts and styles (gone after sanitising anyway), players. */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'NOSCRIPT',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'VIDEO',
  'AUDIO',
  'CANVAS',
  'SVG',
  'HEAD',
  'TITLE',
]);

/** Elements that start and end a block of text: what is before and after them is another paragraph. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'BLOCKQUOTE',
  'PRE',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'NAV',
  'MAIN',
  'ADDRESS',
  'FIGURE',
  'FIGCAPTION',
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'CAPTION',
  'DL',
  'DT',
  'DD',
  'HR',
  'DETAILS',
  'SUMMARY',
]);

const HEADING = /^H([1-6])$/;

/** Elements nested deeper than this are read as their text alone (a walk never runs out of stack). */
const MAX_NESTING = 64;

interface Frame {
  kind: 'heading' | 'paragraph' | 'item';
  level: number;
  depth: number;
  marker: string;
  text: string;
  /** an item whose first line (with its marker) was written */
  started: boolean;
}

const frame = (kind: Frame['kind'], depth: number, marker = '', level = 0): Frame => ({
  kind,
  level,
  depth,
  marker,
  text: '',
  started: false,
});

/** Blanks collapsed within each line, the lines trimmed, the empty ones dropped. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Whether a link's address is worth printing beside its text (an address a reader can type, not already shown). */
function printedHref(link: Element): string | null {
  const href = link.getAttribute('href')?.trim();
  if (!href || !/^(https?:|mailto:)/i.test(href)) return null;
  const shown = (link.textContent ?? '').trim();
  return shown === href || shown === href.replace(/^mailto:/i, '') ? null : href;
}

/** The blocks of the HTML, in order; an empty content has none. */
export async function contentBlocks(html: string): Promise<ContentBlock[]> {
  if (!html.trim()) return [];
  const fragment = (await fragmentParser())(html);
  const blocks: ContentBlock[] = [];

  const emit = (at: Frame) => {
    const text = tidy(at.text);
    at.text = '';
    if (!text) return;
    if (at.kind === 'heading') blocks.push({ kind: 'heading', level: at.level, text });
    else if (at.kind === 'item') {
      blocks.push({ kind: 'item', depth: at.depth, marker: at.started ? '' : at.marker, text });
      at.started = true;
    } else blocks.push({ kind: 'paragraph', depth: at.depth, text });
  };

  const children = (node: Node, at: Frame, depth: number, pre: boolean, nesting: number) => {
    for (const child of node.childNodes) walk(child, at, depth, pre, nesting + 1);
  };

  const list = (element: Element, at: Frame, depth: number, pre: boolean, nesting: number) => {
    emit(at);
    const ordered = element.tagName === 'OL';
    const start = Number.parseInt(element.getAttribute('start') ?? '', 10);
    let number = Number.isFinite(start) ? start : 1;
    for (const child of element.childNodes) {
      if (child.nodeType === child.ELEMENT_NODE && (child as Element).tagName === 'LI') {
        const item = frame('item', depth + 1, ordered ? `${number++}.` : '•');
        children(child, item, depth + 1, pre, nesting + 1);
        emit(item);
      } else {
        // text between the items, or a list straight inside a list: as a paragraph at the items' depth
        const loose = frame('paragraph', depth + 1);
        walk(child, loose, depth + 1, pre, nesting + 1);
        emit(loose);
      }
    }
  };

  const walk = (node: Node, at: Frame, depth: number, pre: boolean, nesting: number): void => {
    if (node.nodeType === node.TEXT_NODE) {
      const data = node.nodeValue ?? '';
      at.text += pre ? data : data.replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (SKIPPED.has(tag)) return;
    if (nesting > MAX_NESTING) {
      at.text += ` ${element.textContent ?? ''} `;
      return;
    }
    const heading = HEADING.exec(tag);
    if (heading) {
      emit(at);
      const own = frame('heading', depth, '', Number(heading[1]));
      children(element, own, depth, pre, nesting);
      emit(own);
      return;
    }
    if (tag === 'UL' || tag === 'OL') return list(element, at, depth, pre, nesting);
    if (tag === 'LI') {
      // an item outside a list
      emit(at);
      const item = frame('item', depth + 1, '•');
      children(element, item, depth + 1, pre, nesting);
      emit(item);
      return;
    }
    if (tag === 'BR') {
      at.text += '\n';
      return;
    }
    if (tag === 'IMG') {
      const alt = element.getAttribute('alt')?.trim();
      if (alt) at.text += ` ${alt} `;
      return;
    }
    if (BLOCKS.has(tag)) {
      emit(at);
      children(element, at, depth, pre || tag === 'PRE', nesting);
      emit(at);
      return;
    }
    if (tag === 'TD' || tag === 'TH') {
      children(element, at, depth, pre, nesting);
      at.text += ' ';
      return;
    }
    children(element, at, depth, pre, nesting);
    if (tag === 'A') {
      const href = printedHref(element);
      if (href) at.text += ` (${href})`;
    }
  };

  const root = frame('paragraph', 0);
  children(fragment, root, 0, false, 0);
  emit(root);
  return blocks;
}
