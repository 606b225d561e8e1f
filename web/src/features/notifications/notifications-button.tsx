import { useT } from '../../kit/i18n/use-t.ts';
import { useSession } from '../../kit/session/session.tsx';
import { CountLink } from '../../kit/ui/count-link.tsx';
import type en from './messages/en.json';
import { useUnreadCount } from './unread-count.ts';

export const NOTIFICATIONS_PATH = '/account/notifications';

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
  const count = useUnreadCount(session.user?.id ?? null);
  if (!session.user) return null;
  const label = count === null ? t('notifications.button') : t('notifications.buttonUnread', { count });
  return (
    <CountLink href={NOTIFICATIONS_PATH} label={label} count={count} tone="error">
      <BellIcon />
    </CountLink>
  );
}
