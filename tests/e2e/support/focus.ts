import type { Locator, Page } from 'playwright-core';

/** Whether the element is the document's focused element (what a keyboard user is on). */
export const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

/** The focused element in a few words (tag, then its label or text), for failure messages. */
export const describeFocus = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (body)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '';
    return `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''}> ${name}`;
  });

/** How the focused element shows its focus: its outline, which the theme draws for :focus-visible. */
export function focusIndicator(page: Page): Promise<{ outline: string; width: number; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { outline: 'none', width: 0, visible: false };
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      outline: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      visible: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight,
    };
  });
}

/** Presses Tab until `locator` has focus, at most `max` times; returns how many presses it took. */
export async function tabTo(page: Page, locator: Locator, max = 15): Promise<number> {
  const visited: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(locator)) return presses;
    visited.push(await describeFocus(page));
  }
  throw new Error(
    `Tab never reached ${locator.toString()} in ${max} presses; it went to:\n  ${visited.join('\n  ')}`,
  );
}
