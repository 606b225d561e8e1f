import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { useSession, useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Select } from '../../kit/ui/select.tsx';
import {
  adminApi,
  ValidationRequestStatusSchema,
  type Decision,
  type ValidationRequest,
  type ValidationRequestStatus,
} from './admin-api.ts';
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
import { RefuseDialog } from './refuse-dialog.tsx';
import { pageParam, useListQuery } from '../../kit/admin/use-list-query.ts';
import { useValidationRequests } from './use-validation-requests.ts';

/** 'all' or one status; pending is what an administrator comes here for, so it is the default. */
function statusParam(value: string | null): ValidationRequestStatus | 'all' {
  if (value === 'all') return 'all';
  const parsed = ValidationRequestStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : 'pending';
}

/** /admin/validation-requests (administrators): decide what people asked for; accepting validates them. */
export function ValidationRequestsScreen() {
  const t = useAdminT();
  const intl = useIntl();
  const api = useApi();
  const toast = useToast();
  const errorText = useAdminErrorText();
  const user = useSignedInUser();
  const { features } = useSession();
  const { params, update } = useListQuery();
  const status = statusParam(params.get('status'));
  const page = pageParam(params.get('page'));
  const { state, reload } = useValidationRequests(status, page, features.organizations);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refusing, setRefusing] = useState<{ request: ValidationRequest; name: string } | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusTable = useRef(false);
  usePageTitle(t('admin.validationRequests.title'));

  // a decided row may leave the list: focus goes to the table rather than being lost with the row
  useEffect(() => {
    if (state.status === 'ready' && focusTable.current) {
      focusTable.current = false;
      (tableRef.current ?? headingRef.current)?.focus();
    }
  }, [state]);

  const statusOptions = [
    { id: 'pending', label: t('admin.validationRequests.status.pending') },
    { id: 'accepted', label: t('admin.validationRequests.status.accepted') },
    { id: 'refused', label: t('admin.validationRequests.status.refused') },
    { id: 'all', label: t('admin.validationRequests.status.all') },
  ];

  const decide = async (request: ValidationRequest, name: string, decision: Decision) => {
    const answer = await adminApi.decideValidationRequest(api, request.id, decision);
    setActionError(null);
    toast(
      decision.status === 'accepted'
        ? t('admin.validationRequests.accepted', { name })
        : t('admin.validationRequests.refused', { name }),
      'success',
    );
    focusTable.current = true;
    reload(answer.meta.position);
  };

  const accept = async (request: ValidationRequest, name: string) => {
    setBusyId(request.id);
    try {
      await decide(request, name, { status: 'accepted' });
    } catch (error) {
      setActionError(errorText(error));
      // decided by someone else in the meantime, or gone: show the list as it is now
      if (error instanceof ApiError && (error.kind === 'conflict' || error.kind === 'not-found')) reload();
    } finally {
      setBusyId(null);
    }
  };

  const formatDate = (iso: string) =>
    intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: user.timezone });
  const data = state.status === 'ready' ? state.data : null;

  return (
    <WidePage>
      <BackToDashboard />
      <h1 ref={headingRef} tabIndex={-1}>
        {t('admin.validationRequests.title')}
      </h1>
      <Filters onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('admin.validationRequests.statusFilter')}
          options={statusOptions}
          value={status}
          onChange={(key) =>
            update({ status: key === 'pending' || key === null ? null : String(key), page: null })
          }
        />
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
      {data && data.requests.length === 0 ? <p>{t('admin.validationRequests.empty')}</p> : null}
      {data && data.requests.length > 0 ? (
        <TableScroll ref={tableRef} tabIndex={-1} role="region" aria-labelledby="validation-requests-caption">
          <DataTable>
            <caption id="validation-requests-caption">
              {t('admin.validationRequests.caption', {
                status: statusOptions.find((o) => o.id === status)?.label ?? status,
                total: data.meta.total,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.validationRequests.column.user')}</th>
                <th scope="col">{t('admin.column.email')}</th>
                <th scope="col">{t('admin.validationRequests.column.description')}</th>
                {features.organizations ? (
                  <th scope="col">{t('admin.validationRequests.column.organization')}</th>
                ) : null}
                <th scope="col">{t('admin.validationRequests.column.date')}</th>
                <th scope="col">{t('admin.validationRequests.column.status')}</th>
                <th scope="col">{t('admin.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.requests.map((r) => {
                const person = data.people.get(r.relationships.user.data.id);
                const name = person?.fullName ?? t('admin.validationRequests.unknownUser');
                const orgId = r.relationships.attachedOrganization.data?.id;
                const a = r.attributes;
                return (
                  <tr key={r.id}>
                    <th scope="row">{name}</th>
                    <td>{person?.email ?? '—'}</td>
                    <td className="text">{a.description}</td>
                    {features.organizations ? (
                      <td>
                        {orgId
                          ? (data.organizations.get(orgId) ??
                            t('admin.validationRequests.unknownOrganization'))
                          : '—'}
                      </td>
                    ) : null}
                    <td>
                      <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
                    </td>
                    <td>
                      {t(`admin.validationRequests.status.${a.status}`)}
                      {a.status === 'refused' && a.refuseReason ? (
                        <>
                          <br />
                          {t('admin.validationRequests.reason', { reason: a.refuseReason })}
                        </>
                      ) : null}
                    </td>
                    <td>
                      {a.status === 'pending' ? (
                        <div className="actions">
                          <Button
                            size="small"
                            aria-label={t('admin.validationRequests.acceptLabel', { name })}
                            isDisabled={busyId !== null}
                            onPress={() => void accept(r, name)}
                          >
                            {t('admin.validationRequests.accept')}
                          </Button>
                          <Button
                            size="small"
                            variant="secondary"
                            aria-label={t('admin.validationRequests.refuseLabel', { name })}
                            isDisabled={busyId !== null}
                            onPress={() => {
                              setActionError(null);
                              setRefusing({ request: r, name });
                            }}
                          >
                            {t('admin.validationRequests.refuse')}
                          </Button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </TableScroll>
      ) : null}
      {data ? (
        <Pager
          meta={data.meta}
          label={t('admin.validationRequests.pages')}
          onPage={(n) => update({ page: n === 1 ? null : String(n) })}
        />
      ) : null}
      {refusing ? (
        <RefuseDialog
          requesterName={refusing.name}
          onClose={() => setRefusing(null)}
          onRefuse={async (reason) => {
            try {
              await decide(refusing.request, refusing.name, { status: 'refused', refuseReason: reason });
              setRefusing(null);
            } catch (error) {
              if (error instanceof ApiError && (error.kind === 'conflict' || error.kind === 'not-found'))
                reload();
              throw error;
            }
          }}
        />
      ) : null}
    </WidePage>
  );
}
