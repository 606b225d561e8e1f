import { useLocation } from 'wouter';
import { useSession } from '../session/session.tsx';
import { Link } from '../ui/link.tsx';
import { ADMIN_ROUTES, canUseDashboard, isAdministrator } from './access.ts';
import { useAdminT } from './admin-ui.tsx';

/**
 * The admin area's own entries, in the side drawer the shell shows there (seed 000 §2.9): the dashboard for
 * whoever may use it, and the administrators' screens. Nothing outside /admin or for other users.
 */
export function AdminNavEntries({ onNavigate }: { onNavigate: () => void }) {
  const t = useAdminT();
  const [path] = useLocation();
  const { user, features } = useSession();
  if (!path.startsWith('/admin') || !user || !canUseDashboard(user, features)) return null;
  const entries: Array<[string, string]> = [[ADMIN_ROUTES.dashboard, t('admin.dashboard.title')]];
  if (isAdministrator(user)) {
    if (features.validationRequests)
      entries.push([ADMIN_ROUTES.validationRequests, t('admin.validationRequests.title')]);
    entries.push(
      [ADMIN_ROUTES.users, t('admin.users.title')],
      [ADMIN_ROUTES.mailbox, t('admin.mailbox.title')],
    );
  }
  return (
    <nav aria-labelledby="admin-nav-label">
      <span className="group" id="admin-nav-label">
        {t('admin.nav.label')}
      </span>
      <ul>
        {entries.map(([href, label]) => (
          <li key={href}>
            <Link href={href} aria-current={href === path ? 'page' : undefined} onPress={onNavigate}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
