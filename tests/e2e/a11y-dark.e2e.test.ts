import { describe, test } from 'vitest';
import { axeOnPublicRoutes, PUBLIC_ROUTES } from './support/public-routes.ts';

// the light theme is in a11y.e2e.test.ts: two files, so that the two test workers share the work
describe('axe, WCAG 2.2 AA, dark theme', () => {
  const expectNoAxeViolations = axeOnPublicRoutes('dark');
  test.each(PUBLIC_ROUTES)('%s has no violations', (path, h1) => expectNoAxeViolations(path, h1));
});
