import { ACCESS_LEVELS, ROLES, type AccessLevel, type Role } from '@platform/contracts/enums';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useSession, useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { canImpersonate } from '../../kit/admin/access.ts';
import { adminApi, type AdminUser, type ListMeta } from './admin-api.ts';
import {
  BackToDashboard,
  DataTable,
  Filters,
  LoadError,
  Notice,
  Pager,
  TableScroll,
  useAdminErrorText,
  useAdminT,
  WidePage,
} from '../../kit/admin/admin-ui.tsx';
import { ImpersonateDialog } from './impersonate-dialog.tsx';
import { pageParam, useListQuery } from '../../kit/admin/use-list-query.ts';

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; users: AdminUser[]; meta: ListMeta };

const VALIDATED_FILTERS = ['all', 'true', 'false'] as const;

function useUsers(page: number, search: string, validated: boolean | null) {
  const api = useApi();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [reading, setReading] = useState<{ n: number; minPosition?: string }>({ n: 0 });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    adminApi.users(api, { page, search, validated, minPosition: reading.minPosition, signal }).then(
      (d) => setState({ status: 'ready', ...d }),
      (error: unknown) => signal.aborted || setState({ status: 'failed', error }),
    );
    return () => controller.abort();
  }, [api, page, search, validated, reading]);
  const reload = useCallback((minPosition?: string) => setReading((r) => ({ n: r.n + 1, minPosition })), []);
  return { state, reload };
}

/**
 * /admin/users (administrators): every account with its roles, access level and state; an administrator
 * validates an account here, or impersonates a user (impersonate feature, never an administrator).
 */
export function UsersScreen() {
  const t = useAdminT();
  const api = useApi();
  const toast = useToast();
  const errorText = useAdminErrorText();
  const viewer = useSignedInUser();
  const { features } = useSession();
  const { params, update } = useListQuery();
  const page = pageParam(params.get('page'));
  const search = params.get('search') ?? '';
  const validatedParam = params.get('validated');
  const validated = validatedParam === 'true' ? true : validatedParam === 'false' ? false : null;
  const { state, reload } = useUsers(page, search, validated);
  const [draft, setDraft] = useState(search);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [impersonating, setImpersonating] = useState<AdminUser | null>(null);
  usePageTitle(t('admin.users.title'));

  const validate = async (user: AdminUser) => {
    setBusyId(user.id);
    setActionError(null);
    try {
      const answer = await adminApi.validateUser(api, user.id);
      toast(t('admin.users.validated', { name: user.fullName }), 'success');
      reload(answer.meta.position);
    } catch (error) {
      setActionError(errorText(error));
    } finally {
      setBusyId(null);
    }
  };

  const yesNo = (value: boolean) => (value ? t('admin.yes') : t('admin.no'));
  const roleNames = (roles: string[]) =>
    roles.length ? roles.map((r) => roleLabel(t, r)).join(', ') : t('admin.users.noRole');

  return (
    <WidePage>
      <BackToDashboard />
      <h1>{t('admin.users.title')}</h1>
      <Filters
        role="search"
        aria-label={t('admin.users.searchLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: draft.trim() || null, page: null });
        }}
      >
        <TextField
          label={t('admin.users.search')}
          description={t('admin.users.searchHelp')}
          type="search"
          value={draft}
          onChange={setDraft}
          maxLength={100}
        />
        <Select
          label={t('admin.users.validatedFilter')}
          options={VALIDATED_FILTERS.map((id) => ({ id, label: t(`admin.users.validatedFilter.${id}`) }))}
          value={validatedParam === 'true' || validatedParam === 'false' ? validatedParam : 'all'}
          onChange={(key) =>
            update({ validated: key === 'all' || key === null ? null : String(key), page: null })
          }
        />
        <Button type="submit">{t('admin.users.searchSubmit')}</Button>
      </Filters>
      {actionError ? (
        <div role="alert">
          <Notice $tone="error">{actionError}</Notice>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={() => reload()} />
      ) : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {state.status === 'ready' && state.users.length === 0 ? <p>{t('admin.users.empty')}</p> : null}
      {state.status === 'ready' && state.users.length > 0 ? (
        <TableScroll role="region" aria-labelledby="users-caption">
          <DataTable>
            <caption id="users-caption">{t('admin.users.caption', { total: state.meta.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.users.column.name')}</th>
                <th scope="col">{t('admin.column.email')}</th>
                <th scope="col">{t('admin.users.column.roles')}</th>
                <th scope="col">{t('admin.users.column.accessLevel')}</th>
                <th scope="col">{t('admin.users.column.emailVerified')}</th>
                <th scope="col">{t('admin.users.column.validated')}</th>
                <th scope="col">{t('admin.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.users.map((u) => (
                <tr key={u.id}>
                  <th scope="row">{u.fullName}</th>
                  <td>{u.email}</td>
                  <td>{roleNames(u.roles)}</td>
                  <td>
                    {u.accessLevel ? accessLevelLabel(t, u.accessLevel) : t('admin.users.noAccessLevel')}
                  </td>
                  <td>{yesNo(u.emailVerified)}</td>
                  <td>{yesNo(u.validated)}</td>
                  <td>
                    <div className="actions">
                      {!u.validated ? (
                        <Button
                          size="small"
                          aria-label={t('admin.users.validateLabel', { name: u.fullName })}
                          isDisabled={busyId !== null}
                          onPress={() => void validate(u)}
                        >
                          {t('admin.users.validate')}
                        </Button>
                      ) : null}
                      {canImpersonate(viewer, u, features) ? (
                        <Button
                          size="small"
                          variant="secondary"
                          aria-label={t('admin.users.impersonateLabel', { name: u.fullName })}
                          isDisabled={busyId !== null}
                          onPress={() => {
                            setActionError(null);
                            setImpersonating(u);
                          }}
                        >
                          {t('admin.users.impersonate')}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      ) : null}
      {state.status === 'ready' ? (
        <Pager
          meta={state.meta}
          label={t('admin.users.pages')}
          onPage={(n) => update({ page: n === 1 ? null : String(n) })}
        />
      ) : null}
      {impersonating ? (
        <ImpersonateDialog target={impersonating} onClose={() => setImpersonating(null)} />
      ) : null}
    </WidePage>
  );
}

type AdminT = ReturnType<typeof useAdminT>;
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const isAccessLevel = (value: string): value is AccessLevel =>
  (ACCESS_LEVELS as readonly string[]).includes(value);

/** A role or level this web does not know yet (a newer server) shows its id rather than nothing. */
function roleLabel(t: AdminT, role: string): string {
  return isRole(role) ? t(`admin.role.${role}`) : role;
}

function accessLevelLabel(t: AdminT, level: string): string {
  return isAccessLevel(level) ? t(`admin.accessLevel.${level}`) : level;
}
