/* What the software statistics offer the back office: their two routes, their screen (and recharts) loaded when visited. */
export { softwareStatsAdminRoutes } from './routes.tsx';
export { SOFTWARE_STATS_EVENTS_PATH, SOFTWARE_STATS_SESSIONS_PATH } from './paths.ts';
