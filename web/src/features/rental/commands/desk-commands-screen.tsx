import { RENTAL_ADMINS } from '@platform/contracts/rental/records';
import { allows } from '@platform/contracts/resources/access';
import {
  RENTAL_COMMAND_FLAGS,
  RENTAL_COMMAND_STATUSES,
  type RentalCommandFlag,
  type RentalCommandStatus,
} from '@platform/contracts/rental/status';
import { useEffect, useState } from 'react';
import { useApi } from '../../../kit/api/api-context.tsx';
import { ADMIN_ROUTES } from '../../../kit/admin/access.ts';
import {
  BackToDashboard,
  DataTable,
  Filters,
  LoadError,
  TableScroll,
  useAdminErrorText,
  WidePage,
} from '../../../kit/admin/admin-ui.tsx';
import { viewerFacts } from '../../../kit/admin/resources/viewer.ts';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { useLoaded } from '../../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { useNavigation } from '../../../kit/routing/router.tsx';
import { useSignedInUser } from '../../../kit/session/session.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { Select } from '../../../kit/ui/select.tsx';
import { readCommands } from './commands-api.ts';
import {
  AlertList,
  FlagList,
  StatusBadge,
  useCommandsT,
  usePeriodText,
  type CommandsMessages,
} from './commands-ui.tsx';
import { deskCommandPath } from './paths.ts';

/** The rental desk only (RENTAL_ADMINS, the server's rule): anyone else is sent to the unauthorized screen. */
export function RentalDeskOnly({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser();
  const t = useCommandsT();
  const { navigate } = useNavigation();
  const allowed = allows(RENTAL_ADMINS, viewerFacts(user));
  useEffect(() => {
    if (!allowed) navigate(ADMIN_ROUTES.unauthorized, { replace: true });
  }, [allowed, navigate]);
  return allowed ? children : <InlineLoader aria-label={t('rental.commands.loading')} />;
}

const ANY = 'any';

/**
 * /admin/rental/commands (issue 19): every rental command, newest first, filtered by its derived status and by a
 * flag (both derived by the server on the day it answers), each opening the desk's command page.
 */
export function DeskCommandsScreen() {
  const t = useCommandsT();
  const api = useApi();
  const period = usePeriodText();
  const errorText = useAdminErrorText();
  const [status, setStatus] = useState<RentalCommandStatus | undefined>();
  const [flag, setFlag] = useState<RentalCommandFlag | undefined>();
  const [page, setPage] = useState(1);
  usePageTitle(t('rental.desk.title'));
  const { state, retry } = useLoaded(
    (signal) => readCommands(api, { status, flag, page }, { signal }),
    [api, status, flag, page],
    { keep: true },
  );
  const list = state.status === 'ready' ? state.value : null;
  return (
    <WidePage>
      <BackToDashboard />
      <h1>{t('rental.desk.title')}</h1>
      <Filters aria-label={t('rental.desk.filters')} onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('rental.desk.filterStatus')}
          options={[
            { id: ANY, label: t('rental.desk.any') },
            ...RENTAL_COMMAND_STATUSES.map((s) => ({ id: s, label: t(`rental.commands.status.${s}`) })),
          ]}
          selectedKey={status ?? ANY}
          onSelectionChange={(key) => {
            setStatus(key === ANY ? undefined : (key as RentalCommandStatus));
            setPage(1);
          }}
        />
        <Select
          label={t('rental.desk.filterFlag')}
          options={[
            { id: ANY, label: t('rental.desk.any') },
            ...RENTAL_COMMAND_FLAGS.map((f) => ({
              id: f,
              label: t(`rental.commands.flag.${f}` as keyof CommandsMessages),
            })),
          ]}
          selectedKey={flag ?? ANY}
          onSelectionChange={(key) => {
            setFlag(key === ANY ? undefined : (key as RentalCommandFlag));
            setPage(1);
          }}
        />
      </Filters>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={retry} />
      ) : !list ? (
        <InlineLoader aria-label={t('rental.commands.loading')} />
      ) : list.commands.length === 0 ? (
        <p role="status">{t('rental.desk.empty')}</p>
      ) : (
        <>
          <TableScroll aria-label={t('rental.desk.title')}>
            <DataTable>
              <caption>{t('rental.desk.count', { count: list.commands.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('rental.commands.periodLabel')}</th>
                  <th scope="col">{t('rental.commands.statusLabel')}</th>
                  <th scope="col">{t('rental.commands.alerts')}</th>
                </tr>
              </thead>
              <tbody>
                {list.commands.map((command) => (
                  <tr key={command.id}>
                    <th scope="row">
                      <Link href={deskCommandPath(command.id)}>{period(command)}</Link>
                    </th>
                    <td>
                      <StatusBadge command={command} />
                      <FlagList command={command} />
                    </td>
                    <td>
                      <AlertList alerts={command.alerts} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
          {list.totalPages > 1 ? (
            <nav aria-label={t('rental.desk.pages')}>
              <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
                {t('rental.desk.previous')}
              </Button>{' '}
              <Button
                variant="secondary"
                isDisabled={page >= list.totalPages}
                onPress={() => setPage(page + 1)}
              >
                {t('rental.desk.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </WidePage>
  );
}
