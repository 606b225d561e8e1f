import { expect } from 'vitest';
import { DEMO_OPEN_BADGES_PATH } from '@platform/host/seed/demo-content';
import { DEMO_OPEN_BADGE_ASSERTION_ID } from '@platform/host/seed/demo-open-badge-assertion';
import { demoOpenBadgeId } from '@platform/host/seed/demo-open-badges';
import { checkA11y } from './a11y.ts';
import { openPage } from './browser.ts';

/** Every public route of the demo site and the heading a visitor lands on (seed 000 §2.2). */
export const PUBLIC_ROUTES: ReadonlyArray<[path: string, h1: string]> = [
  ['/', 'Assistive technology, shared'],
  ['/about', 'About the community'],
  ['/contact', 'Contact'],
  ['/legal/notice', 'Legal notice'],
  ['/legal/privacy-policy', 'Privacy policy'],
  ['/legal/cookies', 'Cookies'],
  ['/legal/terms', 'Terms of use'],
  ['/legal/terms-of-sale', 'Terms of sale'],
  ['/site-map', 'Site map'],
  ['/accessibility', 'Accessibility'],
  // a demo organization's public page (seed 001 §2; host/src/seed/demo-accounts.ts)
  ['/organizations/demo-fab-lab', 'Demo Fab Lab'],
  // the rental catalogue's page (the rental feature is on in the demo; host/src/seed/demo-content.ts)
  ['/rental', 'Equipment rental'],
  // the open badges' page, a badge's page and the demo assertion's public page (host/src/seed/demo-content.ts,
  // demo-open-badges.ts, demo-open-badge-assertion.ts: the same ids on every demo site)
  [DEMO_OPEN_BADGES_PATH, 'Open badges'],
  [`${DEMO_OPEN_BADGES_PATH}/${demoOpenBadgeId('switch-access')}`, 'Switch access basics'],
  [
    `${DEMO_OPEN_BADGES_PATH}/assertions/${DEMO_OPEN_BADGE_ASSERTION_ID}`,
    'Switch access basics, awarded to Member Two',
  ],
  ['/errors/not-found', 'Page not found'],
  ['/errors/unauthorized', 'Access denied'],
];

/** Opens a route in a fresh context with the theme stored, waits until it has loaded, and runs axe on it. */
export async function expectNoAxeViolations(path: string, h1: string, theme: 'light' | 'dark') {
  const { page } = await openPage({ theme });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor({ state: 'attached' });
  // nothing still loading: the loading bar and in-page loaders are gone
  await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
  expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
  await checkA11y(page, `${path} (${theme})`);
}
