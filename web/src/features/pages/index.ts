/*
 * What the pages feature (the CMS pages as read, and their editor) offers: every other path's route, the page as
 * the server paints it, and the back office's pages screens (loaded when used).
 */
import { lazy } from 'react';

export { CmsRoute } from './site/cms-route.tsx';
export { CmsPage } from './site/cms-page.tsx';
export const AppPagesScreen = lazy(() =>
  import('./editor/app-pages-screen.tsx').then((m) => ({ default: m.AppPagesScreen })),
);
