/*
 * What the Eqlaat feature offers the frame: an appointment's page; and the back office: the team's calendar route,
 * and what it adds to the generic screens of its records: a project's current status and the way to add a step, a
 * report's PDF. Each screen's code loads with the screen.
 */
import { lazy } from 'react';
import type { ResourceScreenExtension } from '../../kit/admin/resources/extensions.tsx';

export { eqlaatAdminRoutes, eqlaatRoutes } from './routes.tsx';

/** On an eqlaat project's screen: its current status (its latest step's statuses) and "Add a step". */
export const eqlaatProjectScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./project-status.tsx').then((m) => ({ default: m.EqlaatProjectStatus }))),
};

/** On an eqlaat report's screen: the report as a PDF. */
export const eqlaatReportScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./report-actions.tsx').then((m) => ({ default: m.EqlaatReportActions }))),
};
