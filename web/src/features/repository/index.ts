/*
 * What the repository feature offers the CMS pages: the repository component's content (the list of items with
 * its search and filters, and an item's page at {path}/{item}) and the repository search component's (a search
 * box over the items, the results linking to their pages), each loaded with the first page that shows it.
 */
import { lazy } from 'react';

export type { RepositoryMessages } from './repository-cards.tsx';

/** The repository component's content: the list at the page's path, one item at {path}/{item}. */
export const RepositoryContent = lazy(() =>
  import('./repository.tsx').then((m) => ({ default: m.RepositoryContent })),
);

/** The repository search component's content: the search box, the filters and the results. */
export const RepositorySearch = lazy(() =>
  import('./repository-search.tsx').then((m) => ({ default: m.RepositorySearch })),
);
