/*
 * What the publications feature offers the CMS pages: the articles and blog posts components' content (the
 * lists, an article in its layout, a blog post), loaded with the first page that shows one; and the back office
 * its publication requests' actions.
 */
import { lazy } from 'react';
import type { ResourceScreenExtension } from '../../kit/admin/resources/extensions.tsx';

export type { PublicationsMessages } from './publications.tsx';

/** The articles or blog posts component's content: the list at the page's path, one item at {path}/{key}. */
export const PublicationsContent = lazy(() =>
  import('./publications.tsx').then((m) => ({ default: m.PublicationsContent })),
);

/**
 * The publication requests in the back office (issue 21), on the generic screens of the types: Accept and Refuse
 * on a pending request's screen (its list opens on the pending ones), "Request publication" and the pending request
 * on each publication item's screen. Each screen's part loads with the screen.
 */
export const publicationRequestScreens: ResourceScreenExtension = {
  showActions: lazy(() => import('./desk/request-actions.tsx').then((m) => ({ default: m.RequestActions }))),
  defaultFilters: { status: 'pending' },
};
/** The screens of every type published through requests (PUBLICATION_REQUEST_TYPES). */
export const publicationItemScreens: ResourceScreenExtension = {
  showActions: lazy(() =>
    import('./desk/item-publication.tsx').then((m) => ({ default: m.ItemPublication })),
  ),
};
