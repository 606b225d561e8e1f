import { useEffect, useId, useRef, useState } from 'react';
import { Label, Meter } from 'react-aria-components';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { LoadFailed } from '../../kit/loading/load-failed.tsx';
import { useLoadedAt } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../kit/ui/confirm-dialog.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { fluidSpace } from '../../kit/theme/theme.ts';
import { AssociateForm, type AssociationRefusal } from './associate-form.tsx';
import type en from './messages/en.json';
import {
  installationLabel,
  readMyAuthorizations,
  removeAssociation,
  type MyAssociation,
  type MyAuthorization,
} from './software-api.ts';

type Refresh = (minPosition?: string) => Promise<void>;

const Cards = styled.div`
  display: grid;
  gap: 1.25rem;
  margin-top: 1.5rem;
`;

/** One authorization: every row wraps, nothing has a width of its own (320 px and the largest text settings). */
const Card = styled.section`
  display: grid;
  gap: 1rem;
  min-width: 0;
  padding: 1rem ${fluidSpace(1.25)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
  p {
    margin: 0;
  }
  ${NoticeBox} {
    margin: 0;
  }
`;

/** The authorization's facts, each term beside its value while they fit, the value below it when they do not. */
const Facts = styled.dl`
  display: grid;
  gap: 0.25rem;
  margin: 0;
  div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.5rem;
    min-width: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    min-width: 0;
  }
  dd[data-state='inForce'] {
    color: ${({ theme }) => theme.colors.success};
    font-weight: 600;
  }
  dd[data-state='expired'] {
    color: ${({ theme }) => theme.colors.error};
    font-weight: 600;
  }
`;

const Bar = styled(Meter)`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.25rem 0.75rem;
  min-width: 0;
  .label {
    font-weight: 600;
  }
  .track {
    flex: 1 1 100%;
    height: 0.75rem;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    overflow: hidden;
  }
  .fill {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
  &[data-full] .fill {
    background: ${({ theme }) => theme.colors.warning};
  }
`;

const Installations = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.5rem;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem 1rem;
    min-width: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.375rem;
    background: ${({ theme }) => theme.colors.surface};
  }
  .what {
    flex: 1 1 12rem;
    min-width: 0;
  }
  .name {
    font-weight: 600;
  }
  .meta {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9375rem;
  }
`;

/** "n of max installations", as a meter named and valued in words (never its bar alone). */
function InstallationsMeter({ count, max }: { count: number; max: number }) {
  const t = useT<typeof en>();
  const text = t('mySoftware.meterValue', { count, max });
  return (
    <Bar
      value={Math.min(count, max)}
      minValue={0}
      maxValue={Math.max(max, 1)}
      valueLabel={text}
      data-full={count >= max || undefined}
    >
      {({ percentage }) => (
        <>
          <Label className="label">{t('mySoftware.meter')}</Label>
          <span>{text}</span>
          <div className="track" aria-hidden="true">
            <div className="fill" style={{ width: `${percentage}%` }} />
          </div>
        </>
      )}
    </Bar>
  );
}

/** An authorization's state in words: in force, starts on its start, expired on its end. */
function useStateText() {
  const t = useT<typeof en>();
  const intl = useIntl();
  return (a: MyAuthorization) => {
    const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
    if (a.state === 'notYet')
      return a.startsAt
        ? t('mySoftware.state.notYet', { date: date(a.startsAt) })
        : t('mySoftware.state.notYetUndated');
    if (a.state === 'expired')
      return a.expiresAt
        ? t('mySoftware.state.expired', { date: date(a.expiresAt) })
        : t('mySoftware.state.expiredUndated');
    return t('mySoftware.state.inForce');
  };
}

/** Why no installation can be associated now, or null when the form is offered. */
function useClosedText() {
  const t = useT<typeof en>();
  const intl = useIntl();
  return (a: MyAuthorization): string | null => {
    if (a.state === 'expired') return t('mySoftware.expired');
    if (a.state === 'notYet')
      return a.startsAt
        ? t('mySoftware.notYet', { date: intl.formatDate(a.startsAt, { dateStyle: 'medium' }) })
        : t('mySoftware.notYetUndated');
    if (a.associations.length >= a.associationsMax) return t('mySoftware.full');
    return null;
  };
}

const REFUSALS: Record<Exclude<AssociationRefusal, 'not-yours'>, keyof typeof en> = {
  'conflict.associations_full': 'mySoftware.associate.associationsFull',
  'conflict.authorization_not_in_force': 'mySoftware.associate.notInForce',
};

/**
 * One authorization: its service, state and dates, the distributor's reference, how many installations it takes
 * and has, the installations associated with it (each removable after a confirmation), and, while it is in force
 * and has room, the form that associates another.
 */
function AuthorizationCard({ authorization, refresh }: { authorization: MyAuthorization; refresh: Refresh }) {
  const t = useT<typeof en>();
  const intl = useIntl();
  const api = useApi();
  const toast = useToast();
  const stateText = useStateText();
  const closedText = useClosedText();
  const headingId = useId();
  const listHeadingId = useId();
  const formHeadingId = useId();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const [refusal, setRefusal] = useState<{ text: string; n: number } | null>(null);
  const [removing, setRemoving] = useState<MyAssociation | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const a = authorization;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const closed = closedText(a);

  // a refusal is said where the card stands, once the card shows what the server knows now
  useEffect(() => {
    if (refusal) notice.current?.focus();
  }, [refusal]);

  const associated = async ({ position, installation }: { position: string; installation: string }) => {
    setRefusal(null);
    toast(t('mySoftware.associate.done', { installation, service: a.service }), 'success');
    await refresh(position);
    // the form again for another one when the service still has room; else the list that now has it
    const field = form.current?.querySelector<HTMLElement>('input');
    if (field?.isConnected) field.focus();
    else listHeading.current?.focus();
  };

  const refused = (why: AssociationRefusal) => {
    if (why === 'not-yours') {
      toast(t('mySoftware.associate.notYours'), 'error');
      void refresh();
      return;
    }
    setRefusal((r) => ({ text: t(REFUSALS[why]), n: (r?.n ?? 0) + 1 }));
    void refresh();
  };

  const confirmRemove = async () => {
    if (!removing || removeBusy) return;
    const installation = installationLabel(removing);
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      const position = await removeAssociation(api, removing.id);
      setRemoving(null);
      setRefusal(null);
      toast(t('mySoftware.remove.done', { installation, service: a.service }), 'success');
      await refresh(position);
      listHeading.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'not-found') {
        setRemoving(null);
        toast(t('mySoftware.remove.gone', { installation, service: a.service }), 'info');
        await refresh();
        listHeading.current?.focus();
      } else setRemoveError(t('mySoftware.remove.failed'));
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{a.service}</h2>
      <Facts>
        <div>
          <dt>{t('mySoftware.status')}</dt>
          <dd data-state={a.state}>{stateText(a)}</dd>
        </div>
        <div>
          <dt>{t('mySoftware.start')}</dt>
          <dd>
            {a.startsAt ? <time dateTime={a.startsAt}>{date(a.startsAt)}</time> : t('mySoftware.startNone')}
          </dd>
        </div>
        <div>
          <dt>{t('mySoftware.end')}</dt>
          <dd>
            {a.expiresAt ? <time dateTime={a.expiresAt}>{date(a.expiresAt)}</time> : t('mySoftware.endNone')}
          </dd>
        </div>
        {a.distId ? (
          <div>
            <dt>{t('mySoftware.reference')}</dt>
            <dd>{a.distId}</dd>
          </div>
        ) : null}
      </Facts>
      <InstallationsMeter count={a.associations.length} max={a.associationsMax} />
      {refusal ? (
        <div role="alert" tabIndex={-1} ref={notice} key={refusal.n}>
          <NoticeBox $tone="error">{refusal.text}</NoticeBox>
        </div>
      ) : null}
      <h3 id={listHeadingId} ref={listHeading} tabIndex={-1}>
        {t('mySoftware.installations')}
      </h3>
      {a.associations.length === 0 ? (
        <p>{t('mySoftware.noInstallation')}</p>
      ) : (
        <Installations aria-labelledby={listHeadingId}>
          {a.associations.map((association) => {
            const label = installationLabel(association);
            return (
              <li key={association.id}>
                <div className="what">
                  <p className="name">{label}</p>
                  {label !== association.installationId ? (
                    <p className="meta">
                      {t('mySoftware.installationId', { id: association.installationId })}
                    </p>
                  ) : null}
                  {association.system ? (
                    <p className="meta">{t('mySoftware.system', { system: association.system })}</p>
                  ) : null}
                  <p className="meta">
                    <time dateTime={association.associatedAt}>
                      {t('mySoftware.associatedOn', { date: date(association.associatedAt) })}
                    </time>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('mySoftware.remove.label', { installation: label })}
                  onPress={() => {
                    setRemoveError(null);
                    setRemoving(association);
                  }}
                >
                  {t('mySoftware.remove.button')}
                </Button>
              </li>
            );
          })}
        </Installations>
      )}
      {closed ? (
        <p>{closed}</p>
      ) : (
        <AssociateForm
          authorizationId={a.id}
          headingId={formHeadingId}
          formRef={form}
          onAssociated={associated}
          onRefused={refused}
        />
      )}
      {removing ? (
        <ConfirmDialog
          title={t('mySoftware.remove.title', { installation: installationLabel(removing) })}
          cancelLabel={t('mySoftware.remove.cancel')}
          confirmLabel={t('mySoftware.remove.confirm')}
          pending={removeBusy}
          error={removeError}
          onCancel={() => setRemoving(null)}
          onConfirm={confirmRemove}
        >
          <p>
            {t('mySoftware.remove.text', { installation: installationLabel(removing), service: a.service })}
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

/**
 * /account/software/associations (seed 000 §2, the software feature; seed 001 §3): the software services granted
 * to the member's e-mail address, each with its state, dates and distributor's reference, how many of its
 * installations are taken, the installations associated with it, and the form that associates another while it is
 * in force and has room. Every change reads the list again at the change's position.
 */
export function AssociationsScreen() {
  const t = useT<typeof en>();
  const api = useApi();
  const user = useSignedInUser();
  usePageTitle(t('mySoftware.title'));
  const { state, reload, reloadAndWait } = useLoadedAt(
    ({ signal, minPosition }) => readMyAuthorizations(api, { signal, minPosition }),
    [api, user.id],
    { keep: true },
  );

  return (
    <PageContainer>
      <h1>{t('mySoftware.title')}</h1>
      <Lead>{t('mySoftware.intro')}</Lead>
      {state.status === 'loading' ? <InlineLoader aria-label={t('mySoftware.loading')} /> : null}
      {state.status === 'failed' ? (
        <LoadFailed
          message={t('mySoftware.loadFailed')}
          retryLabel={t('mySoftware.retry')}
          onRetry={() => reload()}
        />
      ) : null}
      {state.status === 'ready' && state.value.length === 0 ? (
        <NoticeBox $tone="info">
          <h2>{t('mySoftware.empty.title')}</h2>
          <p>{t('mySoftware.empty.text', { email: user.email })}</p>
        </NoticeBox>
      ) : null}
      {state.status === 'ready' && state.value.length > 0 ? (
        <Cards role="list" aria-label={t('mySoftware.services')}>
          {state.value.map((authorization) => (
            <div role="listitem" key={authorization.id}>
              <AuthorizationCard authorization={authorization} refresh={reloadAndWait} />
            </div>
          ))}
        </Cards>
      ) : null}
    </PageContainer>
  );
}
