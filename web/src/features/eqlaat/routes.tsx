import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { EQLAAT_APPOINTMENT_ROUTE, EQLAAT_CALENDAR_PATH } from './paths.ts';

const CalendarScreen = lazyScreen(() =>
  import('./calendar-screen.tsx').then((m) => ({ default: m.EqlaatCalendarRoute })),
);
const AppointmentScreen = lazyScreen(() =>
  import('./appointment-page.tsx').then((m) => ({ default: m.EqlaatAppointmentScreen })),
);

/**
 * The team's calendar (seed 000 §2.4: the calendar feature's, on the eqlaat records): a path of the resource back
 * office matched before its generic screens, for the eqlaat team alone (others get the unauthorized screen).
 */
export const eqlaatAdminRoutes =
  FEATURES.eqlaat && FEATURES.calendar ? (
    <Route path={EQLAAT_CALENDAR_PATH}>
      <Guarded requirement="validated">
        <CalendarScreen />
      </Guarded>
    </Route>
  ) : null;

/**
 * An appointment's page in the site's layout (seed 000 §2.2: the calendar feature's, on the eqlaat records): a
 * visitor signs in first and comes back; then the record's own show rule decides (the screen's read).
 */
export const eqlaatRoutes =
  FEATURES.eqlaat && FEATURES.calendar ? (
    <Route path={EQLAAT_APPOINTMENT_ROUTE}>
      <Guarded requirement="auth">
        <AppointmentScreen />
      </Guarded>
    </Route>
  ) : null;
