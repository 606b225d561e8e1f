import { OPEN_BADGE_DESK } from '@platform/contracts/open-badges/issuer';
import { allows } from '@platform/contracts/resources/access';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../kit/api/api-context.tsx';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import {
  BackToDashboard,
  DataTable,
  Filters,
  LoadError,
  TableScroll,
  useAdminErrorText,
  WidePage,
} from '../../kit/admin/admin-ui.tsx';
import { useEnvironmentLevels, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { deskSessionPath } from './paths.ts';
import { readSessions, SESSION_STATUSES, type SessionStatus } from './sessions-api.ts';
import { useOpenBadgesT, useStatusText } from './training-ui.tsx';

/**
 * The issuer's desk only, by the rule of its admin menu entry (OPEN_BADGE_DESK: administrators, and members acting
 * as an organization that reaches the environment's issuer threshold, whatever their roles): anyone else is sent
 * to the unauthorized screen. The server keeps each issuer to their organization's sessions.
 */
export function IssuerDeskOnly({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser();
  const t = useOpenBadgesT();
  const { navigate } = useNavigation();
  const allowed = allows(OPEN_BADGE_DESK, viewerFacts(user, useEnvironmentLevels()));
  useEffect(() => {
    if (!allowed) navigate(ADMIN_ROUTES.unauthorized, { replace: true });
  }, [allowed, navigate]);
  return allowed ? children : <InlineLoader aria-label={t('openBadges.desk.loading')} />;
}

const ANY = 'any';

/**
 * /admin/open-badges/sessions (issue 20): the training sessions the viewer decides on (the acting organization's
 * as an issuer, every one for administrators), newest first, filtered by status, each opening its desk page.
 */
export function DeskSessionsScreen() {
  const t = useOpenBadgesT();
  const intl = useIntl();
  const api = useApi();
  const statusText = useStatusText();
  const errorText = useAdminErrorText();
  const [status, setStatus] = useState<SessionStatus | undefined>();
  const [page, setPage] = useState(1);
  usePageTitle(t('openBadges.desk.title'));
  const { state, retry } = useLoaded(
    (signal) => readSessions(api, { status, page }, { signal }),
    [api, status, page],
    { keep: true },
  );
  const list = state.status === 'ready' ? state.value : null;
  return (
    <WidePage>
      <BackToDashboard />
      <h1>{t('openBadges.desk.title')}</h1>
      <Filters aria-label={t('openBadges.desk.filters')} onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('openBadges.desk.filterStatus')}
          options={[
            { id: ANY, label: t('openBadges.desk.any') },
            ...SESSION_STATUSES.map((s) => ({ id: s, label: statusText(s) })),
          ]}
          selectedKey={status ?? ANY}
          onSelectionChange={(key) => {
            setStatus(key === ANY ? undefined : (key as SessionStatus));
            setPage(1);
          }}
        />
      </Filters>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={retry} />
      ) : !list ? (
        <InlineLoader aria-label={t('openBadges.desk.loading')} />
      ) : list.sessions.length === 0 ? (
        <p role="status">{t('openBadges.desk.empty')}</p>
      ) : (
        <>
          <TableScroll aria-label={t('openBadges.desk.title')}>
            <DataTable>
              <caption>{t('openBadges.desk.count', { count: list.sessions.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('openBadges.desk.member')}</th>
                  <th scope="col">{t('openBadges.desk.badge')}</th>
                  <th scope="col">{t('openBadges.desk.statusLabel')}</th>
                  <th scope="col">{t('openBadges.desk.requestedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {list.sessions.map((session) => (
                  <tr key={session.id}>
                    <th scope="row" className="text">
                      <Link href={deskSessionPath(session.id)}>{session.memberName ?? session.id}</Link>
                    </th>
                    <td className="text">{session.badgeTitle}</td>
                    <td>{statusText(session.status)}</td>
                    <td>
                      {session.requestedAt
                        ? intl.formatDate(session.requestedAt, { dateStyle: 'medium' })
                        : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
          {list.totalPages > 1 ? (
            <nav aria-label={t('openBadges.desk.pages')}>
              <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
                {t('openBadges.desk.previous')}
              </Button>{' '}
              <Button
                variant="secondary"
                isDisabled={page >= list.totalPages}
                onPress={() => setPage(page + 1)}
              >
                {t('openBadges.desk.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </WidePage>
  );
}
