/** The software statistics in the back office (seed 000 §2.4; the admin menu's entries, contracts/src/admin/menu.ts). */
export const SOFTWARE_STATS_EVENTS_PATH = '/admin/resources/software/stats/events';
export const SOFTWARE_STATS_SESSIONS_PATH = '/admin/resources/software/stats/sessions';
