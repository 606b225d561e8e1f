/*
 * What the repository feature offers the CMS pages: the repository component's content (the list of items with
 * its search and filters, and an item's page at {path}/{item}), loaded with the first page that shows it.
 */
import { lazy } from 'react';

export type { RepositoryMessages } from './repository.tsx';

/** The repository component's content: the list at the page's path, one item at {path}/{item}. */
export const RepositoryContent = lazy(() =>
  import('./repository.tsx').then((m) => ({ default: m.RepositoryContent })),
);
