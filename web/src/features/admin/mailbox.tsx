import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { TextField } from '../../kit/ui/text-field.tsx';
import { adminApi, type MailMessage } from './admin-api.ts';
import { Filters, Notice, useAdminT } from '../../kit/admin/admin-ui.tsx';
import { ListFrame, useListRead } from '../../kit/admin/list-frame.tsx';
import { linkify, linkTarget } from './linkify.ts';
import { pageParam, useListQuery } from '../../kit/admin/use-list-query.ts';

/** The mailbox's page, or null where it is not mounted: only when no SMTP server is configured (ADR 0008). */
function readMailbox(api: ApiClient, page: number, to: string, signal: AbortSignal) {
  return adminApi.mailbox(api, { page, to, signal }).catch((error: unknown) => {
    if (error instanceof ApiError && error.kind === 'not-found') return null;
    throw error;
  });
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
  const { params, update } = useListQuery();
  const page = pageParam(params.get('page'));
  const to = params.get('to') ?? '';
  const api = useApi();
  const { state, reload } = useListRead(({ signal }) => readMailbox(api, page, to, signal), [api, page, to]);
  const [draft, setDraft] = useState(to);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusMessage = useRef(false);

  const messages = state.status === 'ready' ? state.value : null;
  const selected = messages?.data.find((m) => m.id === selectedId);
  useEffect(() => {
    if (selected && focusMessage.current) {
      focusMessage.current = false;
      headingRef.current?.focus();
    }
  }, [selected]);

  const formatDate = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <ListFrame
      title={t('admin.mailbox.title')}
      actions={
        messages ? (
          <Button variant="secondary" onPress={() => reload()}>
            {t('admin.mailbox.refresh')}
          </Button>
        ) : null
      }
      before={
        state.status === 'ready' && !messages ? (
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
        )
      }
      state={state}
      onRetry={() => reload()}
      list={(d) => (d ? { rows: d.data, meta: d.meta } : null)}
      caption={(total) => t('admin.mailbox.caption', { total })}
      captionId="mailbox-caption"
      columns={[
        {
          id: 'subject',
          header: t('admin.mailbox.column.subject'),
          rowHeader: true,
          cell: (m: MailMessage) => (
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
          ),
        },
        {
          id: 'to',
          header: t('admin.mailbox.column.to'),
          cellId: (m) => `mail-${m.id}-to`,
          cell: (m) => m.attributes.to,
        },
        {
          id: 'sentAt',
          header: t('admin.mailbox.column.sentAt'),
          cell: (m) => <time dateTime={m.attributes.sentAt}>{formatDate(m.attributes.sentAt)}</time>,
        },
      ]}
      rowKey={(m) => m.id}
      rowCurrent={(m) => m.id === selectedId}
      empty={t('admin.mailbox.empty')}
      pagerLabel={t('admin.mailbox.pages')}
      onPage={(n) => {
        setSelectedId(null);
        update({ page: n === 1 ? null : String(n) });
      }}
    >
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
    </ListFrame>
  );
}
