/* What the back office offers the frame: its routes, and the navigation drawer's admin entries. */
import { deferred } from '../../kit/lazy/deferred.tsx';

export { adminRoutes } from './routes.tsx';

/** The admin area's drawer entries, loaded after the page has painted (issue 10). */
export const AdminNavEntries = deferred<{ onNavigate: () => void }>(() =>
  import('./admin-nav.tsx').then((m) => m.AdminNavEntries),
);
