/* What the back office offers the frame: its routes, the navigation drawer's admin entries and the side menu. */
import { useLocation } from 'wouter';
import { deferred } from '../../kit/lazy/deferred.tsx';

export { adminRoutes } from './routes.tsx';

/** The admin area's drawer entries, loaded after the page has painted (issue 10). */
export const AdminNavEntries = deferred<{ onNavigate: () => void }>(() =>
  import('./admin-nav.tsx').then((m) => m.AdminNavEntries),
);

/** On a back-office screen the side menu is part of what it shows first. */
function useOnAdminPath(): boolean {
  const [path] = useLocation();
  return path === '/admin' || path.startsWith('/admin/');
}

/**
 * The admin menu beside the back office's screens on a wide window: loaded with the screen in the back office,
 * after the page has painted elsewhere (where it renders nothing).
 */
export const AdminSideNav = deferred<object>(
  () => import('./admin-nav.tsx').then((m) => m.AdminSideNav),
  useOnAdminPath,
);
