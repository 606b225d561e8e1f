import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { ActionRow, Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import type en from './messages/en.json';
import { NotificationLink } from './notification-link.tsx';
import { markNotificationRead, readNotifications, type Notification } from './notifications-api.ts';
import { unreadCountAtom, useRefreshUnreadCount } from './unread-count.ts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const Item = styled.li<{ $unread: boolean }>`
  display: grid;
  gap: 0.375rem;
  min-width: 0;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  border-radius: 0.5rem;
  background: ${({ theme, $unread }) => ($unread ? theme.colors.surface : theme.colors.surfaceRaised)};
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: 1.125rem;
    font-weight: ${({ $unread }) => ($unread ? 700 : 500)};
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
  p {
    margin: 0;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9375rem;
  }
  .state {
    font-weight: 600;
    color: ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.textMuted)};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
  }
`;

type ListState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; notifications: Notification[]; total: number; totalPages: number };

const messageId = (id: string) => `notification-${id}-message`;

/**
 * /account/notifications (seed 001 §3, §6): the member's notifications, newest first, each with its date, whether
 * it is read, a "mark as read" action and its link. A page rather than a popover: a list of any length, with
 * details and actions, stays readable at 320 px and with large text, and is a URL a notification can point at.
 */
export function NotificationsScreen() {
  const t = useT<typeof en>();
  const intl = useIntl();
  const api = useApi();
  const user = useSignedInUser();
  const toast = useToast();
  const refreshCount = useRefreshUnreadCount();
  const unread = useAtomValue(unreadCountAtom);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [marking, setMarking] = useState<string | null>(null);
  usePageTitle(t('notifications.title'));

  const load = useCallback(
    async (minPosition?: string, signal?: AbortSignal) => {
      try {
        const answer = await readNotifications(api, user.id, page, minPosition, signal);
        if (!signal?.aborted) setState({ status: 'ready', ...answer });
      } catch {
        if (!signal?.aborted) setState({ status: 'failed' });
      }
    },
    [api, user.id, page],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  const lookup = useMessageLookup();
  /**
   * A notification in the reader's language: the server sends its type (a code) with its message in the platform's
   * words; a module that words its types (`notifications.type.<type>` in its messages) is read in the locale.
   */
  const messageOf = (notification: Notification) =>
    lookup(`notifications.type.${notification.attributes.notificationType}`) ??
    notification.attributes.message;

  const markRead = async (notification: Notification) => {
    setMarking(notification.id);
    try {
      const position = await markNotificationRead(api, notification.id);
      refreshCount(position);
      await load(position);
      toast(t('notifications.markedRead', { message: messageOf(notification) }), 'success');
      // its button is gone: the member continues from the notification itself
      document.getElementById(messageId(notification.id))?.focus();
    } catch {
      toast(t('notifications.markFailed'), 'error');
    } finally {
      setMarking(null);
    }
  };

  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <PageContainer>
      <h1>{t('notifications.title')}</h1>
      {unread !== null ? <Lead>{t('notifications.unreadCount', { count: unread })}</Lead> : null}
      {state.status === 'loading' ? <InlineLoader aria-label={t('notifications.loading')} /> : null}
      {state.status === 'failed' ? (
        <NoticeBox $tone="error" role="alert">
          <p>{t('notifications.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={() => void load()}>
              {t('notifications.retry')}
            </Button>
          </p>
        </NoticeBox>
      ) : null}
      {state.status === 'ready' && state.notifications.length === 0 ? <p>{t('notifications.none')}</p> : null}
      {state.status === 'ready' && state.notifications.length > 0 ? (
        <List aria-label={t('notifications.listLabel')}>
          {state.notifications.map((n) => {
            const isUnread = n.attributes.readAt === null;
            return (
              <Item key={n.id} $unread={isUnread}>
                <h2 id={messageId(n.id)} tabIndex={-1}>
                  {messageOf(n)}
                </h2>
                {n.attributes.details ? <p>{n.attributes.details}</p> : null}
                <p className="meta">
                  <span>
                    <time dateTime={n.attributes.createdAt}>{date(n.attributes.createdAt)}</time>
                  </span>
                  <span className="state">
                    {isUnread
                      ? t('notifications.unread')
                      : t('notifications.readOn', { date: date(n.attributes.readAt!) })}
                  </span>
                </p>
                <div className="actions">
                  <NotificationLink notification={n} describedBy={messageId(n.id)} />
                  {isUnread ? (
                    <Button
                      variant="secondary"
                      size="small"
                      aria-describedby={messageId(n.id)}
                      isPending={marking === n.id}
                      isDisabled={marking !== null && marking !== n.id}
                      onPress={() => void markRead(n)}
                    >
                      {t('notifications.markRead')}
                    </Button>
                  ) : null}
                </div>
              </Item>
            );
          })}
        </List>
      ) : null}
      {state.status === 'ready' && state.totalPages > 1 ? (
        <ActionRow as="nav" aria-label={t('notifications.pages')}>
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage((p) => p - 1)}>
            {t('notifications.previous')}
          </Button>
          <span aria-live="polite">{t('notifications.pageOf', { page, pages: state.totalPages })}</span>
          <Button
            variant="secondary"
            isDisabled={page >= state.totalPages}
            onPress={() => setPage((p) => p + 1)}
          >
            {t('notifications.next')}
          </Button>
        </ActionRow>
      ) : null}
    </PageContainer>
  );
}
