import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect, onTestFailed } from 'vitest';
import {
  DEMO_OPEN_BADGES_PATH,
  DEMO_REPOSITORY_SEARCH_PATH,
  DEMO_TRAINING_REQUESTS_PATH,
  DEMO_TRAINING_RESOURCES_PATH,
  DEMO_TRAININGS_PATH,
} from '@platform/host/seed/demo-content';
import { DEMO_OPEN_BADGE_ASSERTION_ID } from '@platform/host/seed/demo-open-badge-assertion';
import { demoOpenBadgeId } from '@platform/host/seed/demo-open-badges';
import { checkA11y } from './a11y.ts';
import { openContext } from './browser.ts';

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
  ['/services/accessibility-guidelines', 'Accessibility guidelines'],
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
  // the community's pages, each with its list component (host/src/seed/demo-content.ts demoCommunityPages)
  ['/articles', 'Articles'],
  ['/blog', 'Blog'],
  ['/calendar', 'Events'],
  ['/repository', 'Technical aids'],
  [DEMO_REPOSITORY_SEARCH_PATH, 'Find a technical aid'],
  ['/forum', 'Forum'],
  [DEMO_TRAINING_RESOURCES_PATH, 'Training resources'],
  [DEMO_TRAINING_REQUESTS_PATH, 'Resource requests'],
  [DEMO_TRAININGS_PATH, 'Trainings'],
  // the global search's page (issue 22; the feature is on in the demo)
  ['/services/search', 'Search'],
  ['/errors/not-found', 'Page not found'],
  ['/errors/unauthorized', 'Access denied'],
];

interface RoutePage {
  page: Page;
  context: BrowserContext;
  /** uncaught errors in the page since the last route */
  errors: string[];
}

/**
 * The axe check of the public routes in one theme, for one test file: one page for all of them. The first route
 * is loaded (the server's paint, then the app); the next ones are reached inside the app as a reader following
 * links reaches them (the history API, which the router follows): a fresh context and load per route cost twice
 * as much, and the app's own navigation is what readers meet after their first page. A route that fails leaves
 * the page to be closed: the next one starts from a fresh load.
 */
export function axeOnPublicRoutes(theme: 'light' | 'dark') {
  let opened: Promise<RoutePage> | undefined;
  const close = async () => {
    const closing = opened;
    opened = undefined;
    if (closing) await (await closing).context.close();
  };
  afterAll(close);

  return async function expectNoAxeViolations(path: string, h1: string): Promise<void> {
    onTestFailed(close);
    opened ??= (async () => {
      const { context } = await openContext({ theme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      return { page, context, errors };
    })();
    const { page, errors } = await opened;
    errors.length = 0;
    if (page.url() === 'about:blank') await page.goto(path);
    else await page.evaluate((to) => history.pushState(null, '', to), path);
    await page.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname, 'the route reached').toBe(path);
    // nothing still loading: the loading bar and in-page loaders are gone (a loaded machine can take seconds)
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
    await checkA11y(page, `${path} (${theme})`);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  };
}
