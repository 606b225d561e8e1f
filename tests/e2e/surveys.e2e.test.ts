import { describe, expect, test } from 'vitest';
import { demoSurvey } from '@platform/host/seed/demo-surveys';
import { checkA11yInBothThemes } from './support/a11y.ts';
import { openContext } from './support/browser.ts';
import { inBothThemes } from './support/themes.ts';
import { LARGEST_TEXT, measureReflow, storeAccessibility } from './support/reflow.ts';

describe('the home page survey, end to end', () => {
  test('a visitor answers it with the keyboard and sees the results with their answer marked, at 320 px and the largest text', async () => {
    const { context } = await openContext({ theme: 'light', viewport: { width: 320, height: 800 } });
    await storeAccessibility(context, LARGEST_TEXT);
    const page = await context.newPage();
    try {
      await page.goto('/');
      const group = page.getByRole('radiogroup', { name: demoSurvey.question });
      await group.waitFor();
      await checkA11yInBothThemes(page, 'home survey form');

      // keyboard only: into the group, down to the third choice, then on to the button
      await group.getByRole('radio').first().focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => group.getByRole('radio', { name: demoSurvey.choices[2] }).isChecked())
        .toBe(true);
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Send my answer');
      await page.keyboard.press('Enter');

      await page.getByText('Thank you: your answer is counted.').waitFor();
      const results = page.getByRole('list', { name: 'Results' });
      await expect
        .poll(() => results.getByText(/\(your answer\)/).innerText())
        .toContain(demoSurvey.choices[2]);
      await checkA11yInBothThemes(page, 'home survey results');
      await inBothThemes(page, async () => {
        const report = await measureReflow(page);
        expect(report, JSON.stringify(report)).toMatchObject({ clipped: [], outside: [] });
        expect(report.overflow).toBeLessThanOrEqual(0);
      });
    } finally {
      await context.close();
    }
  });
});
