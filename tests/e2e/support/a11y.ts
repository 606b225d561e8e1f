import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { shot } from './demo.ts';
import { inBothThemes } from './themes.ts';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what issue 3 asks of every public screen. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe on the page with the WCAG rules, the live announcer left out (see checkA11y). Legacy mode runs axe in the
 * page in one go: the default (runPartial, then finishRun in a blank page it opens for each check) found the same
 * violations at two to three times the cost, a quarter of the browser tests' time across their 150 checks. The
 * platform's pages frame no cross-origin content that the partial mode would be needed for.
 */
export const axeOf = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude('[data-live-announcer]').setLegacyMode(true);

/**
 * Runs axe on the page as it is now and fails with one line per violation (rule id, impact, help, and the
 * elements concerned), so that the report says what to fix without opening a browser.
 */
export async function checkA11y(page: Page, label: string): Promise<void> {
  // react-aria's live announcer: after a button that announced its pending state has left the page (the form
  // navigated on), its announcement node points to the removed button for 7 s. It is off-screen, has no content,
  // and removes itself; everything else on the page is checked.
  const results = await axeOf(page).analyze();
  const violations = results.violations.map((v) => {
    const targets = v.nodes.map((n) => n.target.map(String).join(' ')).join(' | ');
    return `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${targets}`;
  });
  if (violations.length > 0) {
    throw new Error(`axe violations on ${label}:\n${violations.map((v) => `  - ${v}`).join('\n')}`);
  }
}

/**
 * axe in the page's theme and in the other one, switched live (support/themes.ts), with a screenshot of each
 * when `shotName` is given (`<shotName>-<theme>.png`); the page ends in the theme it started in.
 */
export async function checkA11yInBothThemes(page: Page, label: string, shotName?: string): Promise<void> {
  await inBothThemes(
    page,
    async (theme) => {
      await checkA11y(page, `${label} (${theme})`);
      if (shotName) await shot(page, `${shotName}-${theme}`);
    },
    { restore: true },
  );
}
