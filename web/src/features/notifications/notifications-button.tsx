import styled from 'styled-components';
import { useLocation } from 'wouter';
import { useT } from '../../kit/i18n/use-t.ts';
import { useSession } from '../../kit/session/session.tsx';
import { ButtonLink } from '../../kit/ui/link.tsx';
import type en from './messages/en.json';
import { useUnreadCount } from './unread-count.ts';

export const NOTIFICATIONS_PATH = '/account/notifications';

const Trigger = styled(ButtonLink)`
  position: relative;
  .badge {
    position: absolute;
    top: 0;
    right: 0;
    min-width: 1.25rem;
    height: 1.25rem;
    padding: 0 0.3rem;
    border-radius: 999px;
    display: inline-grid;
    place-items: center;
    font-size: 0.75rem;
    line-height: 1;
    font-weight: 700;
    background: ${({ theme }) => theme.colors.error};
    color: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.background : '#fff')};
  }
`;

const BellIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
    />
  </svg>
);

/**
 * The top bar's notifications button (seed 001 §3): a bell with the unread count, whose accessible name says
 * the count ("Notifications, 2 unread"); it opens the list at /account/notifications. Signed-in members only.
 */
export function NotificationsButton() {
  const t = useT<typeof en>();
  const session = useSession();
  const [path] = useLocation();
  const count = useUnreadCount(session.user?.id ?? null);
  if (!session.user) return null;
  const label = count === null ? t('notifications.button') : t('notifications.buttonUnread', { count });
  return (
    <Trigger
      href={NOTIFICATIONS_PATH}
      variant="text"
      aria-label={label}
      aria-current={path === NOTIFICATIONS_PATH ? 'page' : undefined}
      className="icon-button"
    >
      <BellIcon />
      {count ? (
        <span className="badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Trigger>
  );
}
