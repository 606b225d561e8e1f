import { z } from 'zod/v4';
import { either } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

/** A message to one member (seed 001 §3): the top bar counts the unread ones. */
export const notificationResource = defineResource({
  type: 'notifications',
  singular: 'notification',
  category: 'notification',
  eventPrefix: 'Notification',
  module: 'notifications',
  menu: { group: 'accounts', icon: 'notifications' },
  attributes: z.object({
    notificationType: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and - only'),
    message: z.string().trim().min(1).max(1000),
    details: z.string().max(10_000).nullable().default(null),
    actionUrl: z.string().trim().max(2048).nullable().default(null),
    readAt: z.string().datetime({ offset: true }).nullable().default(null),
  }),
  relationships: { user: { type: 'users' } },
  ownedBy: 'user',
  // a member reads their own notifications; administrators every one
  access: {
    see: 'admin',
    index: either('admin', 'owner'),
    show: either('admin', 'owner'),
    create: 'admin',
    update: 'admin',
    delete: 'admin',
  },
  filters: ['readAt', 'notificationType'],
  sorts: ['readAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  title: 'message',
});

/** The type whose link always reloads the app: the member's access changed (seed 001 §6). */
export const RELOADING_NOTIFICATION_TYPE = 'auth-accepted-validation-request';

export type NotificationLink =
  { kind: 'none' } | { kind: 'internal'; path: string; reload: boolean } | { kind: 'external'; href: string };

/**
 * Seed 001 §6: an action URL that resolves to a route of this site is a router link, any other an external
 * link; following it reloads the app when the type is auth-accepted-validation-request or the link leads to
 * the page the member is on.
 */
export function notificationLink(
  notification: { notificationType: string; actionUrl: string | null },
  site: { origin: string; currentPath: string },
): NotificationLink {
  const raw = notification.actionUrl?.trim();
  if (!raw) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw, site.origin);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
  if (url.origin !== new URL(site.origin).origin) return { kind: 'external', href: url.href };
  const path = `${url.pathname}${url.search}${url.hash}`;
  const reload =
    notification.notificationType === RELOADING_NOTIFICATION_TYPE || url.pathname === site.currentPath;
  return { kind: 'internal', path, reload };
}
