import { ACCESS_LEVELS, ROLES, type AccessLevel, type Role } from '@platform/contracts/enums';
import { useState } from 'react';
import { useApi } from '../../kit/api/api-context.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useSession, useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Select } from '../../kit/ui/select.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { canImpersonate } from '../../kit/admin/access.ts';
import { adminApi, type AdminUser } from './admin-api.ts';
import { Filters, useAdminErrorText, useAdminT } from '../../kit/admin/admin-ui.tsx';
import { ListFrame, useListRead, type ListColumn } from '../../kit/admin/list-frame.tsx';
import { ImpersonateDialog } from './impersonate-dialog.tsx';
import { pageParam, useListQuery } from '../../kit/admin/use-list-query.ts';

const VALIDATED_FILTERS = ['all', 'true', 'false'] as const;

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
  const { state, reload } = useListRead(
    ({ signal, minPosition }) => adminApi.users(api, { page, search, validated, minPosition, signal }),
    [api, page, search, validated],
  );
  const [draft, setDraft] = useState(search);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [impersonating, setImpersonating] = useState<AdminUser | null>(null);

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

  const columns: ListColumn<AdminUser>[] = [
    { id: 'name', header: t('admin.users.column.name'), rowHeader: true, cell: (u) => u.fullName },
    { id: 'email', header: t('admin.column.email'), cell: (u) => u.email },
    { id: 'roles', header: t('admin.users.column.roles'), cell: (u) => roleNames(u.roles) },
    {
      id: 'accessLevel',
      header: t('admin.users.column.accessLevel'),
      cell: (u) => (u.accessLevel ? accessLevelLabel(t, u.accessLevel) : t('admin.users.noAccessLevel')),
    },
    {
      id: 'emailVerified',
      header: t('admin.users.column.emailVerified'),
      cell: (u) => yesNo(u.emailVerified),
    },
    { id: 'validated', header: t('admin.users.column.validated'), cell: (u) => yesNo(u.validated) },
    {
      id: 'actions',
      header: t('admin.column.actions'),
      cell: (u) => (
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
      ),
    },
  ];

  return (
    <ListFrame
      title={t('admin.users.title')}
      before={
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
      }
      actionError={actionError}
      state={state}
      onRetry={() => reload()}
      list={(d) => ({ rows: d.users, meta: d.meta })}
      caption={(total) => t('admin.users.caption', { total })}
      captionId="users-caption"
      columns={columns}
      rowKey={(u) => u.id}
      empty={t('admin.users.empty')}
      pagerLabel={t('admin.users.pages')}
      onPage={(n) => update({ page: n === 1 ? null : String(n) })}
    >
      {impersonating ? (
        <ImpersonateDialog target={impersonating} onClose={() => setImpersonating(null)} />
      ) : null}
    </ListFrame>
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
