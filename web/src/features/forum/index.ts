/*
 * What the forum feature offers the CMS pages: the forum component's content (its categories and subjects, a
 * subject's threads at {path}/{id}, a new subject at {path}/create), loaded with the first page that shows it.
 */
import { lazy } from 'react';

export type { ForumMessages } from './forum-ui.tsx';

/** The forum component's content: the list at the page's path, a subject at {path}/{id}, {path}/create. */
export const ForumContent = lazy(() => import('./forum.tsx').then((m) => ({ default: m.ForumContent })));
