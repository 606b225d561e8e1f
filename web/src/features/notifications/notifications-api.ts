import { notificationEndpoints } from '@platform/contracts/notifications/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';

/** A notification as GET /notifications lists it to its recipient (contracts/src/notifications/notification.ts). */
const NotificationSchema = z.object({
  type: z.literal('notifications'),
  id: z.string(),
  attributes: z.object({
    notificationType: z.string(),
    message: z.string(),
    details: z.string().nullable().optional(),
    actionUrl: z.string().nullable().optional(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  }),
});
export type Notification = z.infer<typeof NotificationSchema>;

const ListSchema = z.object({
  data: z.array(NotificationSchema),
  meta: z
    .object({ total: z.number(), page: z.object({ totalPages: z.number() }).passthrough().optional() })
    .passthrough(),
});

const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string() }).passthrough(),
});

export const NOTIFICATIONS_PAGE_SIZE = 20;

const consistency = (minPosition?: string) => (minPosition ? { minPosition } : {});

/**
 * The member's own notifications: an administrator may read every member's (the owner-or-administrator rule), but
 * the top bar and the notifications screen are the member's own.
 */
const own = (userId: string) => ({ 'filter[user]': userId });

/** How many notifications of the member are unread (readAt empty); quiet: the badge never raises a dialog. */
export async function readUnreadCount(
  api: ApiClient,
  userId: string,
  minPosition?: string,
  signal?: AbortSignal,
) {
  const doc = await api.call(notificationEndpoints.notifications, {
    schema: ListSchema,
    query: { ...own(userId), 'filter[readAt]': 'null', 'page[size]': 1, ...consistency(minPosition) },
    signal,
    quiet: true,
  });
  return doc.meta.total;
}

/** One page of the member's notifications, newest first. */
export async function readNotifications(
  api: ApiClient,
  userId: string,
  page: number,
  minPosition?: string,
  signal?: AbortSignal,
) {
  const doc = await api.call(notificationEndpoints.notifications, {
    schema: ListSchema,
    query: {
      ...own(userId),
      'page[number]': page,
      'page[size]': NOTIFICATIONS_PAGE_SIZE,
      ...consistency(minPosition),
    },
    signal,
  });
  return {
    notifications: doc.data,
    total: doc.meta.total,
    totalPages: doc.meta.page?.totalPages ?? Math.max(1, Math.ceil(doc.meta.total / NOTIFICATIONS_PAGE_SIZE)),
  };
}

/** POST /notifications/{id}/read; answers the write's position. */
export async function markNotificationRead(api: ApiClient, id: string) {
  const answer = await api.call(notificationEndpoints.read, { params: { id }, schema: CommandAnswerSchema });
  return answer.meta.position;
}
