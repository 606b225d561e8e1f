/* What the notifications feature offers: its screen (loaded when first visited) and the top bar's button. */
import { lazy } from 'react';

export { NotificationsEntry } from './top-bar-entry.tsx';
export const NotificationsScreen = lazy(() =>
  import('./notifications-screen.tsx').then((m) => ({ default: m.NotificationsScreen })),
);
