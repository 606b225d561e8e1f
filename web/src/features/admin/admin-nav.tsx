import { isAdministrator } from '@platform/contracts/accounts/rules';
import type { AdminMenuEntry } from '@platform/contracts/admin/menu';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { useSession } from '../../kit/session/session.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import { mayUseBackOffice, webAdminMenu } from '../../kit/admin/admin-menu.ts';
import { useAdminT } from '../../kit/admin/admin-ui.tsx';
import { useEnvironmentLevels, viewerFacts } from '../../kit/admin/resources/viewer.ts';

/** The drawer's own list style covers its first level only: the admin entries keep its look, without bullets. */
const Entries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * The admin menu, in the side drawer the shell shows in the admin area (seed 000 §2.9, seed 001 §6): the
 * dashboard first, then the groups of contracts' adminMenu (the resource catalogue and the hand-written
 * screens, filtered by what the viewer may see) with their headings, and the dev mailbox for administrators.
 * Nothing outside /admin or for users who may not use the back office (mayUseBackOffice).
 */
export function AdminNavEntries({ onNavigate }: { onNavigate: () => void }) {
  const t = useAdminT();
  const lookup = useMessageLookup();
  const [path] = useLocation();
  const { user, features } = useSession();
  const environment = useEnvironmentLevels();
  if (!path.startsWith('/admin') || !user) return null;
  const viewer = viewerFacts(user, environment);
  const sections = webAdminMenu(viewer, features);
  if (!mayUseBackOffice(user, features, sections)) return null;
  if (isAdministrator(viewer))
    sections[0]?.entries.push({ key: 'mailbox', href: ADMIN_ROUTES.mailbox, icon: 'mail' });
  const name = (entry: AdminMenuEntry) =>
    entry.key === 'mailbox' ? t('admin.mailbox.title') : (lookup(`admin.menu.${entry.key}`) ?? entry.key);
  const current = (href: string) => path === href || path.startsWith(`${href}/`);
  const list = (entries: AdminMenuEntry[], labelledBy?: string) => (
    <Entries aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link
            href={entry.href}
            aria-current={current(entry.href) ? 'page' : undefined}
            onPress={onNavigate}
          >
            {name(entry)}
          </Link>
        </li>
      ))}
    </Entries>
  );
  return (
    <nav aria-labelledby="admin-nav-label">
      <span className="group" id="admin-nav-label">
        {t('admin.nav.label')}
      </span>
      {sections
        .filter((section) => section.entries.length > 0)
        .map((section) =>
          section.group === null ? (
            <div key="top">{list(section.entries)}</div>
          ) : (
            <div key={section.group}>
              <span className="group" id={`admin-nav-${section.group}`}>
                {lookup(`admin.menu.group.${section.group}`) ?? section.group}
              </span>
              {list(section.entries, `admin-nav-${section.group}`)}
            </div>
          ),
        )}
    </nav>
  );
}
