/** The team's calendar in the back office (seed 000 §2.4), with `n`, `u` and `a` in its query. */
export const EQLAAT_CALENDAR_PATH = '/admin/resources/eqlaat-calendar';
