/*
 * What the publications feature offers the CMS pages: the articles and blog posts components' content (the
 * lists, an article in its layout, a blog post), loaded with the first page that shows one.
 */
import { lazy } from 'react';

export type { PublicationsMessages } from './publications.tsx';

/** The articles or blog posts component's content: the list at the page's path, one item at {path}/{key}. */
export const PublicationsContent = lazy(() =>
  import('./publications.tsx').then((m) => ({ default: m.PublicationsContent })),
);
