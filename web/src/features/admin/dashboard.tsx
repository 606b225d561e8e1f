import type { AdminMenuEntry } from '@platform/contracts/admin/menu';
import { useEffect } from 'react';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded, type Loaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { ROUTES } from '../../kit/session/guard.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { adminApi } from './admin-api.ts';
import { useAdminMenu, type AdminMenu } from './admin-nav.tsx';
import { useAdminT, WidePage } from '../../kit/admin/admin-ui.tsx';
import { fluidSize, fluidSpace } from '../../kit/theme/theme.ts';

const Cards = styled.ul`
  list-style: none;
  padding: 0;
  margin: 1.5rem 0 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(17rem, 100%), 1fr));
  gap: 1rem;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: ${fluidSpace(1.25)};
  border-radius: 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: ${fluidSize(1.25)};
  }
  p {
    margin: 0;
    flex: 1;
  }
  .count {
    font-size: 1.125rem;
    font-weight: 700;
  }
`;

const Links = styled.ul`
  margin: 0;
  padding-inline-start: 1.25rem;
  display: grid;
  gap: 0.5rem;
`;

/** Every screen of the admin menu, by group: columns as wide as the reader's text allows. */
const Groups = styled.div`
  margin-top: 2rem;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(14rem, 100%), 1fr));
  gap: 0 1.5rem;
  h3 {
    margin: 1rem 0 0.25rem;
    font-size: ${fluidSize(1.125)};
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  li {
    margin: 0.25rem 0;
  }
  /* the entries without a group (the dev mailbox) on a line of their own, above the groups */
  .top {
    grid-column: 1 / -1;
  }
`;

const has = (menu: AdminMenu | null, key: string) =>
  Boolean(menu?.sections.some((s) => s.entries.some((e) => e.key === key)));

/**
 * A count read from a list's own endpoint (its meta.total) when the menu offers that list to this viewer, so that
 * what the dashboard asks for is what the menu's access rules let the viewer open; null otherwise.
 */
function useCount(offered: boolean, read: (signal: AbortSignal) => Promise<number>): Loaded<number | null> {
  return useLoaded((signal) => (offered ? read(signal) : Promise.resolve(null)), [offered]).state;
}

/**
 * admin.dashboard (seed 000 §2.4): a welcome, a card with a count for the lists that have one worth knowing (the
 * validation requests waiting for a decision, the users, the dev mailbox's messages), the open badges' card for
 * an issuer, the profile's, then every screen of the admin menu this viewer may open, by group (the menu's own
 * entries and rules). Users with no role may use it when the validation-requests feature is on (seed 000 §6), or
 * when the admin menu lists a screen for them (an open badge issuer); others go to their profile.
 */
export function DashboardScreen() {
  const t = useAdminT();
  const user = useSignedInUser();
  const { navigate } = useNavigation();
  const api = useApi();
  const lookup = useMessageLookup();
  const menu = useAdminMenu();
  const allowed = menu !== null;
  const openBadges = menu?.sections.find((section) => section.group === 'openBadges')?.entries ?? [];
  const pending = useCount(has(menu, 'validation-requests'), (signal) =>
    adminApi.pendingValidationRequestsCount(api, signal),
  );
  const users = useCount(has(menu, 'users'), (signal) => adminApi.usersCount(api, signal));
  // mounted only without SMTP (ADR 0008): a 404 means there is no mailbox to show here, a failure nothing either
  const mailbox = useCount(has(menu, 'mailbox'), (signal) =>
    adminApi.mailbox(api, { page: 1, quiet: true, signal }).then((d) => d.meta.total),
  );
  usePageTitle(allowed ? t('admin.dashboard.title') : null);

  useEffect(() => {
    if (!allowed) navigate(ROUTES.profile, { replace: true });
  }, [allowed, navigate]);
  if (!allowed || !menu) return <InlineLoader aria-label={t('app.loading')} />;

  const listed = menu.sections
    .map((s) => ({ ...s, entries: s.entries.filter((e) => e.key !== 'dashboard') }))
    .filter((s) => s.entries.length > 0);
  const links = (entries: AdminMenuEntry[]) => (
    <ul>
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link href={entry.href}>{menu.name(entry)}</Link>
        </li>
      ))}
    </ul>
  );

  return (
    <WidePage>
      <h1>{t('admin.dashboard.title')}</h1>
      <p>{t('admin.dashboard.welcome', { name: user.fullName })}</p>
      <Cards aria-label={t('admin.dashboard.cards')}>
        {has(menu, 'validation-requests') ? (
          <Card>
            <h2 id="dashboard-validation-requests">{t('admin.validationRequests.title')}</h2>
            {pending.status === 'ready' ? (
              <p className="count">{t('admin.dashboard.pendingCount', { count: pending.value ?? 0 })}</p>
            ) : (
              <p aria-busy={pending.status === 'loading'}>
                {pending.status === 'loading' ? t('app.loading') : t('admin.dashboard.countUnavailable')}
              </p>
            )}
            <ButtonLink href={ADMIN_ROUTES.validationRequests}>
              {t('admin.dashboard.openValidationRequests')}
            </ButtonLink>
          </Card>
        ) : null}
        {has(menu, 'users') ? (
          <Card>
            <h2 id="dashboard-users">{t('admin.users.title')}</h2>
            {users.status === 'ready' && users.value !== null ? (
              <p className="count">{t('admin.dashboard.usersCount', { count: users.value })}</p>
            ) : null}
            <p>{t('admin.dashboard.usersDescription')}</p>
            <ButtonLink href={ADMIN_ROUTES.users}>{t('admin.dashboard.openUsers')}</ButtonLink>
          </Card>
        ) : null}
        {mailbox.status === 'ready' && mailbox.value !== null ? (
          <Card>
            <h2 id="dashboard-mailbox">{t('admin.mailbox.title')}</h2>
            <p>{t('admin.dashboard.mailboxDescription', { count: mailbox.value })}</p>
            <ButtonLink href={ADMIN_ROUTES.mailbox}>{t('admin.dashboard.openMailbox')}</ButtonLink>
          </Card>
        ) : null}
        {openBadges.length > 0 ? (
          <Card>
            <h2 id="dashboard-open-badges">{lookup('admin.menu.group.openBadges') ?? 'openBadges'}</h2>
            <p>{t('admin.dashboard.openBadgesDescription')}</p>
            <Links aria-labelledby="dashboard-open-badges">
              {openBadges.map((entry) => (
                <li key={entry.key}>
                  <Link href={entry.href}>{lookup(`admin.menu.${entry.key}`) ?? entry.key}</Link>
                </li>
              ))}
            </Links>
          </Card>
        ) : null}
        <Card>
          <h2 id="dashboard-profile">{t('admin.dashboard.profileTitle')}</h2>
          <p>{t('admin.dashboard.profileDescription')}</p>
          <ButtonLink href={ROUTES.profile} variant="secondary">
            {t('admin.dashboard.openProfile')}
          </ButtonLink>
        </Card>
      </Cards>
      {listed.length > 0 ? (
        <section aria-labelledby="dashboard-everything">
          <h2 id="dashboard-everything">{t('admin.dashboard.everything')}</h2>
          <Groups>
            {listed.map((section) =>
              section.group === null ? (
                <div key="top" className="top">
                  {links(section.entries)}
                </div>
              ) : (
                <div key={section.group}>
                  <h3>{menu.groupName(section.group)}</h3>
                  {links(section.entries)}
                </div>
              ),
            )}
          </Groups>
        </section>
      ) : null}
    </WidePage>
  );
}
