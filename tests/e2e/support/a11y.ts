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
  const violations = (await withoutTargetsUnderTheStickyBar(page, results.violations)).map((v) => {
    const targets = v.nodes.map((n) => n.target.map(String).join(' ')).join(' | ');
    return `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${targets}`;
  });
  if (violations.length > 0) {
    throw new Error(`axe violations on ${label}:\n${violations.map((v) => `  - ${v}`).join('\n')}`);
  }
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/**
 * axe's target-size rule takes a sticky element as if it stayed where it is in the flow (axe-core issue 3720, open):
 * once the page is scrolled, a link partly under the site's sticky top bar (the back office's side menu, say) is
 * measured as a target cut short by the bar and reported, though nobody can touch it there and it is whole once
 * scrolled back. Those nodes alone are left out: a target-size finding anywhere else still fails the check.
 */
async function withoutTargetsUnderTheStickyBar(page: Page, violations: Violations): Promise<Violations> {
  const kept: Violations = [];
  for (const violation of violations) {
    if (violation.id !== 'target-size') {
      kept.push(violation);
      continue;
    }
    const nodes = [];
    for (const node of violation.nodes) {
      const selector = node.target.map(String).join(' ');
      const underBar = await page.evaluate((css) => {
        const target = document.querySelector(css);
        // the site's top bar: the page's first header, before any screen's own
        const bar = document.querySelector('header');
        if (!target || !bar || getComputedStyle(bar).position !== 'sticky') return false;
        const t = target.getBoundingClientRect();
        const b = bar.getBoundingClientRect();
        return window.scrollY > 0 && t.top < b.bottom && t.bottom > b.top;
      }, selector);
      if (!underBar) nodes.push(node);
    }
    if (nodes.length) kept.push({ ...violation, nodes });
  }
  return kept;
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
