import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { adminApi, type ListMeta, type MailMessage } from './admin-api.ts';
import {
  BackToDashboard,
  DataTable,
  Filters,
  LoadError,
  Notice,
  Pager,
  ScreenHeader,
  TableScroll,
  useAdminErrorText,
  useAdminT,
  WidePage,
} from '../../kit/admin/admin-ui.tsx';
import { linkify, linkTarget } from './linkify.ts';
import { pageParam, useListQuery } from '../../kit/admin/use-list-query.ts';

type MailboxState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; messages: MailMessage[]; meta: ListMeta };

function useMailbox(page: number, to: string) {
  const api = useApi();
  const [state, setState] = useState<MailboxState>({ status: 'loading' });
  const [reading, setReading] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    adminApi.mailbox(api, { page, to, signal }).then(
      (d) => setState({ status: 'ready', messages: d.data, meta: d.meta }),
      (error: unknown) => {
        if (signal.aborted) return;
        // mounted only when no SMTP server is configured (ADR 0008)
        if (error instanceof ApiError && error.kind === 'not-found') setState({ status: 'unavailable' });
        else setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [api, page, to, reading]);
  const reload = useCallback(() => setReading((n) => n + 1), []);
  return { state, reload };
}

const MessageText = styled.div`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  padding: 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const MessageSection = styled.section`
  margin-top: 2rem;
  h2:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.25rem 1rem;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/**
 * A mail's text, its links clickable: the text is cut into parts and rendered as React text and links, so
 * nothing in a message is ever read as HTML.
 */
export function MailText({ text }: { text: string }) {
  const origin = window.location.origin;
  return (
    <MessageText>
      {linkify(text).map((part, i) => {
        if (part.kind === 'text') return <span key={i}>{part.text}</span>;
        const target = linkTarget(part.href, origin);
        return (
          <Link key={i} href={target.href} external={target.external}>
            {part.text}
          </Link>
        );
      })}
    </MessageText>
  );
}

/** /admin/dev/mailbox (administrators): what the platform would have mailed, when it has no SMTP server. */
export function MailboxScreen() {
  const t = useAdminT();
  const intl = useIntl();
  const errorText = useAdminErrorText();
  const user = useSignedInUser();
  const { params, update } = useListQuery();
  const page = pageParam(params.get('page'));
  const to = params.get('to') ?? '';
  const { state, reload } = useMailbox(page, to);
  const [draft, setDraft] = useState(to);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusMessage = useRef(false);
  usePageTitle(t('admin.mailbox.title'));

  const selected = state.status === 'ready' ? state.messages.find((m) => m.id === selectedId) : undefined;
  useEffect(() => {
    if (selected && focusMessage.current) {
      focusMessage.current = false;
      headingRef.current?.focus();
    }
  }, [selected]);

  const formatDate = (iso: string) =>
    intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium', timeZone: user.timezone });

  return (
    <WidePage>
      <BackToDashboard />
      <ScreenHeader>
        <h1>{t('admin.mailbox.title')}</h1>
        {state.status === 'ready' ? (
          <Button variant="secondary" onPress={reload}>
            {t('admin.mailbox.refresh')}
          </Button>
        ) : null}
      </ScreenHeader>
      {state.status === 'unavailable' ? (
        <Notice>{t('admin.mailbox.unavailable')}</Notice>
      ) : (
        <>
          <p>{t('admin.mailbox.description')}</p>
          <Filters
            role="search"
            aria-label={t('admin.mailbox.filterLabel')}
            onSubmit={(e) => {
              e.preventDefault();
              setSelectedId(null);
              update({ to: draft.trim() || null, page: null });
            }}
          >
            <TextField
              label={t('admin.mailbox.to')}
              type="email"
              autoComplete="off"
              value={draft}
              onChange={setDraft}
              maxLength={254}
            />
            <Button type="submit">{t('admin.mailbox.filterSubmit')}</Button>
          </Filters>
        </>
      )}
      {state.status === 'failed' ? <LoadError message={errorText(state.error)} onRetry={reload} /> : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {state.status === 'ready' && state.messages.length === 0 ? <p>{t('admin.mailbox.empty')}</p> : null}
      {state.status === 'ready' && state.messages.length > 0 ? (
        <TableScroll role="region" aria-labelledby="mailbox-caption">
          <DataTable>
            <caption id="mailbox-caption">{t('admin.mailbox.caption', { total: state.meta.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.mailbox.column.subject')}</th>
                <th scope="col">{t('admin.mailbox.column.to')}</th>
                <th scope="col">{t('admin.mailbox.column.sentAt')}</th>
              </tr>
            </thead>
            <tbody>
              {state.messages.map((m) => (
                <tr key={m.id} aria-current={m.id === selectedId ? 'true' : undefined}>
                  <th scope="row">
                    <Button
                      variant="text"
                      size="small"
                      aria-describedby={`mail-${m.id}-to`}
                      onPress={() => {
                        focusMessage.current = true;
                        setSelectedId(m.id);
                      }}
                    >
                      {m.attributes.subject}
                    </Button>
                  </th>
                  <td id={`mail-${m.id}-to`}>{m.attributes.to}</td>
                  <td>
                    <time dateTime={m.attributes.sentAt}>{formatDate(m.attributes.sentAt)}</time>
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
          label={t('admin.mailbox.pages')}
          onPage={(n) => {
            setSelectedId(null);
            update({ page: n === 1 ? null : String(n) });
          }}
        />
      ) : null}
      {selected ? (
        <MessageSection aria-labelledby="mail-subject">
          <h2 id="mail-subject" ref={headingRef} tabIndex={-1}>
            {selected.attributes.subject}
          </h2>
          <dl>
            <dt>{t('admin.mailbox.column.to')}</dt>
            <dd>{selected.attributes.to}</dd>
            <dt>{t('admin.mailbox.column.sentAt')}</dt>
            <dd>{formatDate(selected.attributes.sentAt)}</dd>
          </dl>
          {selected.attributes.html ? <p>{t('admin.mailbox.htmlNote')}</p> : null}
          <MailText text={selected.attributes.text} />
        </MessageSection>
      ) : null}
    </WidePage>
  );
}
