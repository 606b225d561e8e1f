import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { recordEndpoints } from '../resources/endpoints.ts';

/** A member's notifications (records of the layer), and the one command of their own: marking one as read. */
export const notificationEndpoints = {
  notifications: recordEndpoints('notifications').list,
  /** its recipient marks it as read (once); another member's is not found */
  read: defineEndpoint({ method: 'POST', path: '/notifications/:id/read' }),
} satisfies Record<string, AnyEndpoint>;
