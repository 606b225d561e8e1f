import { isAdministrator } from '@platform/contracts/accounts/rules';
import { type AdminMenuEntry, type AdminMenuSection } from '@platform/contracts/admin/menu';
import { useId } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { useSession } from '../../kit/session/session.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NavList } from '../../kit/ui/nav-list.ts';
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

export interface AdminMenu {
  /** the top level (the dashboard, the dev mailbox), then the groups in seed 001 §6's order, none empty */
  sections: AdminMenuSection[];
  /** an entry's name in the reader's language */
  name: (entry: AdminMenuEntry) => string;
  /** a group's heading */
  groupName: (group: string) => string;
}

/**
 * The admin menu of this viewer (seed 000 §2.9, seed 001 §6), the one source of the drawer, the side menu and the
 * dashboard: the dashboard first, then the groups of contracts' adminMenu (the resource catalogue and the
 * hand-written screens, filtered by what the viewer may see, each entry by its own access rule) with their
 * headings, and the dev mailbox for administrators (the rule of its route, query-api's mailbox-routes.ts). Null
 * for users who may not use the back office (mayUseBackOffice: a role, or a screen of the menu by its own rule).
 */
export function useAdminMenu(): AdminMenu | null {
  const t = useAdminT();
  const lookup = useMessageLookup();
  const { user, features } = useSession();
  const environment = useEnvironmentLevels();
  if (!user) return null;
  const viewer = viewerFacts(user, environment);
  const sections = webAdminMenu(viewer, features).filter((section) => section.entries.length > 0);
  if (!mayUseBackOffice(user, features, sections)) return null;
  if (isAdministrator(viewer))
    sections[0]?.entries.push({ key: 'mailbox', href: ADMIN_ROUTES.mailbox, icon: 'mail' });
  return {
    sections,
    name: (entry) =>
      entry.key === 'mailbox' ? t('admin.mailbox.title') : (lookup(`admin.menu.${entry.key}`) ?? entry.key),
    groupName: (group) => lookup(`admin.menu.group.${group}`) ?? group,
  };
}

/**
 * The admin menu's entries (the navigation drawer's, the side menu's): nothing outside /admin or for users who
 * may not use the dashboard. The ids of the headings are this instance's own, so that the side menu and the
 * drawer can both be in the page.
 */
export function AdminNavEntries({ onNavigate }: { onNavigate?: () => void }) {
  const t = useAdminT();
  const menu = useAdminMenu();
  const [path] = useLocation();
  const id = useId();
  if (!path.startsWith('/admin') || !menu) return null;
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
            {menu.name(entry)}
          </Link>
        </li>
      ))}
    </Entries>
  );
  return (
    <nav aria-labelledby={`${id}-label`}>
      <span className="group" id={`${id}-label`}>
        {t('admin.nav.label')}
      </span>
      {menu.sections.map((section) =>
        section.group === null ? (
          <div key="top">{list(section.entries)}</div>
        ) : (
          <div key={section.group}>
            <span className="group" id={`${id}-${section.group}`}>
              {menu.groupName(section.group)}
            </span>
            {list(section.entries, `${id}-${section.group}`)}
          </div>
        ),
      )}
    </nav>
  );
}

/**
 * The admin menu beside every back-office screen, on a window wide enough for the reader's text
 * (theme.media.sideMenu, in em and scaled by the text settings): narrower, or with large text, it is not shown
 * and the menu stays in the navigation drawer.
 */
const Side = styled(NavList).attrs({ as: 'div' })`
  display: none;
  @media ${({ theme }) => theme.media.sideMenu} {
    display: block;
    flex: 0 0 16rem;
    padding: 1rem 0.75rem 2rem;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export function AdminSideNav() {
  const [path] = useLocation();
  const menu = useAdminMenu();
  if (!path.startsWith('/admin') || !menu) return null;
  return (
    <Side data-admin-side-menu="">
      <AdminNavEntries />
    </Side>
  );
}
