/*
 * What the authors feature offers (issue 21: "/users/{user}/profile and /organizations/{id} list what each
 * published"): a member's public page, the list of what a member or an organization published (loaded with the
 * first screen that shows it), where an item's author's page is, and which page shows a component (its items'
 * pages are under it).
 */
import { lazy } from 'react';

export { authorRoutes } from './routes.tsx';
export { authorHref, itemHref } from './author-href.ts';
export type { AuthorRef } from './authors-api.ts';

/**
 * The path of the first page the reader may open that shows a component (authors-api.ts), its module loaded with
 * the first call: the frame imports this index for the routes, and the first script carries no schema of it.
 */
export const readComponentPath = (
  ...args: Parameters<typeof import('./authors-api.ts').readComponentPath>
): ReturnType<typeof import('./authors-api.ts').readComponentPath> =>
  import('./authors-api.ts').then((m) => m.readComponentPath(...args));

/** What a member or an organization published, by kind, the newest first (authored-publications.tsx). */
export const AuthoredPublications = lazy(() =>
  import('./authored-publications.tsx').then((m) => ({ default: m.AuthoredPublications })),
);
