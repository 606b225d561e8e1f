/*
 * What the authors feature offers (issue 21: "/users/{user}/profile and /organizations/{id} list what each
 * published"): a member's public page, the list of what a member or an organization published (loaded with the
 * first screen that shows it), where an item's author's page is, and which page shows a component (its items'
 * pages are under it).
 */
import { lazy } from 'react';

export { authorRoutes } from './routes.tsx';
export { authorHref } from './author-href.ts';
export { itemHref, readComponentPath, type AuthorRef } from './authors-api.ts';

/** What a member or an organization published, by kind, the newest first (authored-publications.tsx). */
export const AuthoredPublications = lazy(() =>
  import('./authored-publications.tsx').then((m) => ({ default: m.AuthoredPublications })),
);
