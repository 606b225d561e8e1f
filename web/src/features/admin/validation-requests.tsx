import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../kit/api/api-context.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { useSession } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Select } from '../../kit/ui/select.tsx';
import {
  adminApi,
  ValidationRequestStatusSchema,
  type Decision,
  type Person,
  type ValidationRequest,
  type ValidationRequestStatus,
} from './admin-api.ts';
import { Filters, useAdminErrorText, useAdminT } from '../../kit/admin/admin-ui.tsx';
import { ListFrame, type ListColumn } from '../../kit/admin/list-frame.tsx';
import { ReasonDialog } from '../../kit/admin/reason-dialog.tsx';
import { pageParam, useListQuery } from '../../kit/admin/use-list-query.ts';
import { useValidationRequests } from './use-validation-requests.ts';

/** The contract's limit for a refusal's reason (DecideValidationRequestAttributesSchema). */
const REFUSE_REASON_MAX_LENGTH = 2000;

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

  const people = state.status === 'ready' ? state.value.people : new Map<string, Person>();
  const organizations = state.status === 'ready' ? state.value.organizations : new Map<string, string>();
  const personOf = (r: ValidationRequest) => people.get(r.relationships.user.data.id);
  const nameOf = (r: ValidationRequest) => personOf(r)?.fullName ?? t('admin.validationRequests.unknownUser');
  const formatDate = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: ListColumn<ValidationRequest>[] = [
    {
      id: 'user',
      header: t('admin.validationRequests.column.user'),
      rowHeader: true,
      cell: (r) => nameOf(r),
    },
    { id: 'email', header: t('admin.column.email'), cell: (r) => personOf(r)?.email ?? '—' },
    {
      id: 'description',
      header: t('admin.validationRequests.column.description'),
      text: true,
      cell: (r) => r.attributes.description,
    },
    ...(features.organizations
      ? [
          {
            id: 'organization',
            header: t('admin.validationRequests.column.organization'),
            cell: (r: ValidationRequest) => {
              const orgId = r.relationships.attachedOrganization.data?.id;
              return orgId
                ? (organizations.get(orgId) ?? t('admin.validationRequests.unknownOrganization'))
                : '—';
            },
          },
        ]
      : []),
    {
      id: 'date',
      header: t('admin.validationRequests.column.date'),
      cell: (r) => <time dateTime={r.attributes.createdAt}>{formatDate(r.attributes.createdAt)}</time>,
    },
    {
      id: 'status',
      header: t('admin.validationRequests.column.status'),
      cell: ({ attributes: a }) => (
        <>
          {t(`admin.validationRequests.status.${a.status}`)}
          {a.status === 'refused' && a.refuseReason ? (
            <>
              <br />
              {t('admin.validationRequests.reason', { reason: a.refuseReason })}
            </>
          ) : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: t('admin.column.actions'),
      cell: (r) => {
        const name = nameOf(r);
        return r.attributes.status === 'pending' ? (
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
        ) : null;
      },
    },
  ];

  return (
    <ListFrame
      title={t('admin.validationRequests.title')}
      headingRef={headingRef}
      before={
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
      }
      actionError={actionError}
      state={state}
      onRetry={() => reload()}
      list={(d) => ({ rows: d.requests, meta: d.meta })}
      caption={(total) =>
        t('admin.validationRequests.caption', {
          status: statusOptions.find((o) => o.id === status)?.label ?? status,
          total,
        })
      }
      captionId="validation-requests-caption"
      columns={columns}
      rowKey={(r) => r.id}
      tableRef={tableRef}
      empty={t('admin.validationRequests.empty')}
      pagerLabel={t('admin.validationRequests.pages')}
      onPage={(n) => update({ page: n === 1 ? null : String(n) })}
    >
      {refusing ? (
        <ReasonDialog
          title={t('admin.validationRequests.refuseTitle', { name: refusing.name })}
          label={t('admin.validationRequests.refuseReason')}
          description={t('admin.validationRequests.refuseReasonHelp')}
          attribute="refuseReason"
          maxLength={REFUSE_REASON_MAX_LENGTH}
          confirmLabel={t('admin.validationRequests.refuseConfirm')}
          confirmVariant="danger"
          onClose={() => setRefusing(null)}
          onConfirm={async (reason) => {
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
    </ListFrame>
  );
}
