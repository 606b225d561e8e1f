import { notificationLink } from '@platform/contracts/notifications/notification';
import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { useT } from '../../kit/i18n/use-t.ts';
import { Link } from '../../kit/ui/link.tsx';
import type en from './messages/en.json';
import type { Notification } from './notifications-api.ts';

/** A full page load: the member's access changed, or the link leads to the page they are on (seed 001 §6). */
const reloadTo = (path: string) => window.location.assign(path);

/**
 * A notification's action link as seed 001 §6 rules it (notificationLink): a router link for a path of this
 * site, a full load when the rule says reload, an external link (new tab) otherwise; nothing without a URL.
 */
export function NotificationLink({
  notification,
  describedBy,
}: {
  notification: Notification;
  describedBy: string;
}) {
  const t = useT<typeof en>();
  const [currentPath] = useLocation();
  const link = notificationLink(
    {
      notificationType: notification.attributes.notificationType,
      actionUrl: notification.attributes.actionUrl ?? null,
    },
    { origin: window.location.origin, currentPath },
  );
  if (link.kind === 'none') return null;
  if (link.kind === 'external') {
    return (
      <Link href={link.href} external aria-describedby={describedBy}>
        {t('notifications.openLink')}
      </Link>
    );
  }
  const internal = (
    <Link href={link.path} aria-describedby={describedBy}>
      {t('notifications.goToPage')}
    </Link>
  );
  // the app's router provider navigates in place; this one loads the page anew
  return link.reload ? <RouterProvider navigate={reloadTo}>{internal}</RouterProvider> : internal;
}
