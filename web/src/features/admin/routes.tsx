import { Route } from 'wouter';
import { Guarded } from '../../kit/session/guarded.tsx';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
// the menu tree editor and the pages' list, editor, preview and history, matched before the generic back office
import { MenuEditorRoute } from '../menu/index.ts';
import { AppPagesScreen } from '../pages/index.ts';
// the eqlaat team's calendar, a path of the resource back office of its own
import { eqlaatAdminRoutes } from '../eqlaat/index.ts';
// the software statistics' two screens, paths of the resource back office of their own
import { softwareStatsAdminRoutes } from '../software-stats/index.ts';
// the statistics' charts: recharts loads with that screen alone
import { StatsScreen } from '../stats/index.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { useRedirect } from '../../kit/admin/route-redirect.ts';
import { MY_ORGANIZATION_PATHS, MyOrganizationRoute } from './my-organization.tsx';

// each screen is its own chunk, loaded when first visited (seed 000 §7)
const DashboardScreen = lazyScreen(() =>
  import('./dashboard.tsx').then((m) => ({ default: m.DashboardScreen })),
);
const ValidationRequestsScreen = lazyScreen(() =>
  import('./validation-requests.tsx').then((m) => ({ default: m.ValidationRequestsScreen })),
);
const UsersScreen = lazyScreen(() => import('./users.tsx').then((m) => ({ default: m.UsersScreen })));
const MailboxScreen = lazyScreen(() => import('./mailbox.tsx').then((m) => ({ default: m.MailboxScreen })));
// every screen of the resource back office is one chunk (kit/admin/resources/resource-screen.tsx), with what the
// modules add to it (resource-screen.tsx)
const ResourceScreen = lazyScreen(() =>
  import('./resource-screen.tsx').then((m) => ({ default: m.ExtendedResourceScreen })),
);
// with the admin screens, not with every page (issue 10)
const AdministratorsOnly = lazyScreen(() =>
  import('../../kit/admin/admin-ui.tsx').then((m) => ({ default: m.AdministratorsOnly })),
);

/**
 * The admin screens (seed 000 §2.4: sign-in, verified e-mail and validated account): the dashboard, and for
 * administrators the validation requests (validation-requests feature), the users and the dev mailbox; and the
 * back office of the resource catalogue, whose own screens check each action's rule.
 */
/** /admin itself, as typed or bookmarked: the dashboard, whose guard then says who may see it. */
function AdminRoot() {
  useRedirect(ADMIN_ROUTES.dashboard);
  return null;
}

export const adminRoutes = (
  <>
    <Route path="/admin">
      <AdminRoot />
    </Route>
    <Route path={ADMIN_ROUTES.dashboard}>
      <Guarded requirement="validated">
        <DashboardScreen />
      </Guarded>
    </Route>
    <Route path={ADMIN_ROUTES.validationRequests}>
      <Guarded requirement="validated" feature="validationRequests">
        <AdministratorsOnly>
          <ValidationRequestsScreen />
        </AdministratorsOnly>
      </Guarded>
    </Route>
    <Route path={ADMIN_ROUTES.users}>
      <Guarded requirement="validated">
        <AdministratorsOnly>
          <UsersScreen />
        </AdministratorsOnly>
      </Guarded>
    </Route>
    <Route path="/admin/resources/app-menu-items/:action?/:id?/:revision?">
      <Guarded requirement="validated">
        <MenuEditorRoute />
      </Guarded>
    </Route>
    <Route path="/admin/resources/app-pages/:action?/:id?/:revision?">
      <Guarded requirement="validated">
        <AppPagesScreen />
      </Guarded>
    </Route>
    {eqlaatAdminRoutes}
    {softwareStatsAdminRoutes}
    {/* the organization the viewer acts as, when organizations are on (else the generic screen's address) */}
    <Route path={MY_ORGANIZATION_PATHS[0]}>
      <Guarded requirement="validated">
        <MyOrganizationRoute otherwise={<ResourceScreen />} />
      </Guarded>
    </Route>
    <Route path={MY_ORGANIZATION_PATHS[1]}>
      <Guarded requirement="validated">
        <MyOrganizationRoute otherwise={<ResourceScreen />} />
      </Guarded>
    </Route>
    <Route path={ADMIN_ROUTES.resources}>
      <Guarded requirement="validated">
        <ResourceScreen />
      </Guarded>
    </Route>
    <Route path={ADMIN_ROUTES.stats}>
      <Guarded requirement="validated">
        <StatsScreen />
      </Guarded>
    </Route>
    <Route path={ADMIN_ROUTES.mailbox}>
      <Guarded requirement="validated">
        <AdministratorsOnly>
          <MailboxScreen />
        </AdministratorsOnly>
      </Guarded>
    </Route>
  </>
);
