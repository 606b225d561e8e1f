import type { BrowserContext, Page } from 'playwright-core';

/**
 * The largest text settings the accessibility drawer offers (font size 32 px, line height 3, letter spacing
 * 2.5, i.e. 0.12 em): what WCAG 1.4.12 (text spacing) asks content to survive, and more.
 */
export const LARGEST_TEXT = { fontSize: 32, lineHeight: 3, letterSpacing: 2.5 } as const;

/** Stores accessibility parameters before any page script runs, as a reader who set the sliders would have. */
export async function storeAccessibility(
  context: BrowserContext,
  parameters: { fontSize: number; lineHeight: number; letterSpacing: number; fontFamily?: string },
): Promise<void> {
  await context.addInitScript((value) => {
    localStorage.setItem('accessibility-parameters', value);
  }, JSON.stringify(parameters));
}

export interface ReflowReport {
  /** how far the document is wider than the viewport (CSS px; 0 or less is fine) */
  overflow: number;
  /** elements that hide part of their own content (overflow hidden or clip, content wider or taller) */
  clipped: string[];
  /** text and headings that stick out of the viewport sideways, outside any scroll region of their own */
  outside: string[];
  /** when the page scrolls sideways: the innermost boxes past the right edge (what to look at first) */
  widest: string[];
}

/**
 * Measures what WCAG 1.4.10 (reflow) and 1.4.12 (text spacing) look at: sideways scrolling of the page, text
 * cut by its own box, and text beyond the viewport's left or right edge. A region that scrolls on purpose
 * (overflow auto or scroll, e.g. a wide table) is its own viewport: what is inside it is not "outside".
 * Visually hidden text (1 px boxes, clip) is for screen readers and is skipped.
 */
export function measureReflow(page: Page): Promise<ReflowReport> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (el: Element): string => {
      const tag = el.tagName.toLowerCase();
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${tag}${id}${cls}> "${text}"`;
    };
    const hiddenCache = new Map<Element, boolean>();
    const visuallyHidden = (el: Element | null): boolean => {
      if (!el || el === document.documentElement) return false;
      const cached = hiddenCache.get(el);
      if (cached !== undefined) return cached;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const own =
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        (style.clip !== 'auto' && style.clip !== '') ||
        (style.clipPath !== 'none' && style.clipPath !== '') ||
        (style.position === 'absolute' && rect.width <= 1 && rect.height <= 1);
      const result = own || visuallyHidden(el.parentElement);
      hiddenCache.set(el, result);
      return result;
    };
    const inScrollRegion = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };

    const clipped: string[] = [];
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement || el.closest('svg')) continue;
      const style = getComputedStyle(el);
      const hides = (o: string) => o === 'hidden' || o === 'clip';
      if (
        (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
        (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0)
      ) {
        if (!visuallyHidden(el) && (el.textContent ?? '').trim() !== '') {
          clipped.push(
            `${describe(el)} ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
          );
        }
      }
      if (!/^H[1-6]$/.test(el.tagName)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if ((rect.left < -1 || rect.right > width + 1) && !visuallyHidden(el) && !inScrollRegion(el)) {
        outside.push(
          `${describe(el)} from ${Math.round(rect.left)} to ${Math.round(rect.right)} of ${width}`,
        );
      }
    }
    // the text itself, which can run out of a box that does not clip it (a long word in a narrow column)
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || (node.textContent ?? '').trim() === '') continue;
      if (parent.closest('script, style, noscript, svg')) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if ((rect.left < -1 || rect.right > width + 1) && !visuallyHidden(parent) && !inScrollRegion(parent)) {
        outside.push(
          `${describe(parent)} from ${Math.round(rect.left)} to ${Math.round(rect.right)} of ${width}`,
        );
      }
    }
    const overflow = document.documentElement.scrollWidth - width;
    const widest: string[] = [];
    if (overflow > 0) {
      const beyond = Array.from(document.body.querySelectorAll('*')).filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.right > width + 1 && !visuallyHidden(el) && !inScrollRegion(el);
      });
      for (const el of beyond
        .filter((el) => !beyond.some((other) => other !== el && el.contains(other)))
        .slice(0, 5))
        widest.push(`${describe(el)} to ${Math.round(el.getBoundingClientRect().right)} of ${width}`);
    }
    return { overflow, clipped, outside, widest };
  });
}
