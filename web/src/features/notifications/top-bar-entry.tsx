import { deferred } from '../../kit/lazy/deferred.tsx';

/** The top bar's notifications button, loaded once the page has painted (issue 10). */
export const NotificationsEntry = deferred<object>(() =>
  import('./notifications-button.tsx').then((m) => m.NotificationsButton),
);
