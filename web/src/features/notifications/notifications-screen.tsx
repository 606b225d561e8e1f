import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { useMessageLookup, useT } from '../../kit/i18n/use-t.ts';
import { Lead, PageContainer } from '../../kit/ui/page-container.tsx';
import { MemberListItem, PagedList, usePagedRead } from '../../kit/loading/paged-list.tsx';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { Button } from '../../kit/ui/button.tsx';
import type en from './messages/en.json';
import { NotificationLink } from './notification-link.tsx';
import { markNotificationRead, readNotifications, type Notification } from './notifications-api.ts';
import { unreadCountAtom, useRefreshUnreadCount } from './unread-count.ts';

const Item = styled(MemberListItem)<{ $unread: boolean }>`
  border-left: 6px solid ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.surface : theme.colors.surfaceRaised)};
  h2 {
    font-weight: ${({ $unread }) => ($unread ? 700 : 500)};
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
  }
  .state {
    font-weight: 600;
    color: ${({ theme, $unread }) => ($unread ? theme.colors.primary : theme.colors.textMuted)};
  }
`;

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
  const [marking, setMarking] = useState<string | null>(null);
  usePageTitle(t('notifications.title'));
  const read = usePagedRead(
    ({ page, signal, minPosition }) =>
      readNotifications(api, user.id, page, minPosition, signal).then((answer) => ({
        ...answer,
        items: answer.notifications,
      })),
    [api, user.id],
  );

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
      await read.reload(position);
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
      <PagedList
        read={read}
        words={{
          loading: t('notifications.loading'),
          loadFailed: t('notifications.loadFailed'),
          retry: t('notifications.retry'),
          empty: t('notifications.none'),
          list: t('notifications.listLabel'),
          pages: t('notifications.pages'),
          previous: t('notifications.previous'),
          next: t('notifications.next'),
          position: (page, pages) => t('notifications.pageOf', { page, pages }),
        }}
        item={(n) => {
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
        }}
      />
    </PageContainer>
  );
}
