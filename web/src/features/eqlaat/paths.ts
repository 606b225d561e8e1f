/** The team's calendar in the back office (seed 000 §2.4), with `n`, `u` and `a` in its query. */
export const EQLAAT_CALENDAR_PATH = '/admin/resources/eqlaat-calendar';

/** The calendar on the week from `day` (YYYY-MM-DD), an appointment's details open. */
export const eqlaatCalendarHref = (day: string, appointmentId: string) =>
  `${EQLAAT_CALENDAR_PATH}?${new URLSearchParams({ n: day, a: appointmentId })}`;

/** An appointment's own page, outside the back office (seed 000 §2.2, the calendar feature's). */
export const EQLAAT_APPOINTMENT_ROUTE = '/services/eqlaat/appointments/:appointment';
