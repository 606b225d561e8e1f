import { isAdministrator } from '@platform/contracts/accounts/rules';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { ROUTES } from '../../kit/session/guard.ts';
import { useSession, useSignedInUser } from '../../kit/session/session.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import { mayUseBackOffice, webAdminMenu } from '../../kit/admin/admin-menu.ts';
import { useEnvironmentLevels, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useMessageLookup } from '../../kit/i18n/use-t.ts';
import { adminApi } from './admin-api.ts';
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

type Probe<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'unavailable' };

/** What an administrator's cards need: the pending requests count, and whether the dev mailbox exists here. */
function useAdministratorFacts(enabled: boolean, validationRequests: boolean) {
  const api = useApi();
  const [pending, setPending] = useState<Probe<number>>({ state: 'loading' });
  const [mailbox, setMailbox] = useState<Probe<number>>({ state: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    if (validationRequests) {
      adminApi.pendingValidationRequestsCount(api, signal).then(
        (value) => setPending({ state: 'ready', value }),
        () => signal.aborted || setPending({ state: 'unavailable' }),
      );
    }
    // mounted only without SMTP (ADR 0008): a 404 means there is no mailbox to show here
    adminApi.mailbox(api, { page: 1, quiet: true, signal }).then(
      (d) => setMailbox({ state: 'ready', value: d.meta.total }),
      // 404: not mounted; 403 or a failure: nothing to offer either (the mailbox screen says why)
      () => signal.aborted || setMailbox({ state: 'unavailable' }),
    );
    return () => controller.abort();
  }, [api, enabled, validationRequests]);
  return { pending, mailbox };
}

/**
 * admin.dashboard (seed 000 §2.4): a welcome and a card for each thing this user can do. Users with no role may
 * use it when the validation-requests feature is on (seed 000 §6), or when the admin menu lists a screen for them
 * (an open badge issuer: the card of the open badges lists the menu's entries); others go to their profile.
 */
export function DashboardScreen() {
  const t = useAdminT();
  const user = useSignedInUser();
  const { features } = useSession();
  const { navigate } = useNavigation();
  const lookup = useMessageLookup();
  const viewer = viewerFacts(user, useEnvironmentLevels());
  const menu = webAdminMenu(viewer, features);
  const allowed = mayUseBackOffice(user, features, menu);
  const admin = allowed && isAdministrator(viewer);
  const openBadges = menu.find((section) => section.group === 'openBadges')?.entries ?? [];
  const { pending, mailbox } = useAdministratorFacts(admin, features.validationRequests);
  usePageTitle(allowed ? t('admin.dashboard.title') : null);

  useEffect(() => {
    if (!allowed) navigate(ROUTES.profile, { replace: true });
  }, [allowed, navigate]);
  if (!allowed) return <InlineLoader aria-label={t('app.loading')} />;

  return (
    <WidePage>
      <h1>{t('admin.dashboard.title')}</h1>
      <p>{t('admin.dashboard.welcome', { name: user.fullName })}</p>
      <Cards aria-label={t('admin.dashboard.cards')}>
        {admin && features.validationRequests ? (
          <Card>
            <h2 id="dashboard-validation-requests">{t('admin.validationRequests.title')}</h2>
            {pending.state === 'ready' ? (
              <p className="count">{t('admin.dashboard.pendingCount', { count: pending.value })}</p>
            ) : (
              <p aria-busy={pending.state === 'loading'}>
                {pending.state === 'loading' ? t('app.loading') : t('admin.dashboard.countUnavailable')}
              </p>
            )}
            <ButtonLink href={ADMIN_ROUTES.validationRequests}>
              {t('admin.dashboard.openValidationRequests')}
            </ButtonLink>
          </Card>
        ) : null}
        {admin ? (
          <Card>
            <h2 id="dashboard-users">{t('admin.users.title')}</h2>
            <p>{t('admin.dashboard.usersDescription')}</p>
            <ButtonLink href={ADMIN_ROUTES.users}>{t('admin.dashboard.openUsers')}</ButtonLink>
          </Card>
        ) : null}
        {admin && mailbox.state === 'ready' ? (
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
    </WidePage>
  );
}
