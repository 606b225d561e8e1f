/*
 * What the calendar feature offers the CMS pages: the calendar component's content (a month of events as a grid
 * or a list, and an event's page at {path}/{id}), loaded with the first page that shows it.
 */
import { lazy } from 'react';

export type { CalendarMessages } from './calendar.tsx';

export const CalendarContent = lazy(() =>
  import('./calendar.tsx').then((m) => ({ default: m.CalendarContent })),
);
