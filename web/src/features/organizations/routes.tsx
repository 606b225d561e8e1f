import { Route } from 'wouter';
import { Guarded } from '../../kit/session/guarded.tsx';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';

const OrganizationScreen = lazyScreen(() =>
  import('./organization-screen.tsx').then((m) => ({ default: m.OrganizationScreen })),
);

/**
 * organizations.show (seed 001 §2): /organizations/{id or slug}, public, only while the organizations and
 * user-organizations features are on (not found otherwise, as the API's organization routes are).
 */
export const organizationRoutes = (
  <Route path="/organizations/:id">
    <Guarded requirement="public" feature={['organizations', 'userOrganizations']}>
      <OrganizationScreen />
    </Guarded>
  </Route>
);
