import { searchEndpoints } from '@platform/contracts/search/endpoints';
import type { GlobalSearchDocument } from '@platform/contracts/search/global-search';
import type { ApiClient } from '../../kit/api/client.ts';

export type { GlobalSearchDocument, GlobalSearchItem } from '@platform/contracts/search/global-search';
export { GLOBAL_SEARCH_MAX_LENGTH } from '@platform/contracts/search/global-search';

/** Seed 000 §8: the search waits this long after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * GET /services/global-search in the reader's locale (the client's Accept-Language): quiet, since the dialog says
 * itself when a search failed, and an abandoned search (a newer one, the dialog closed) is aborted, not an error.
 */
export function searchEverything(
  api: ApiClient,
  search: string,
  signal?: AbortSignal,
  /** one type's next page (a type's "more results") */
  more?: { type: string; page: number },
): Promise<GlobalSearchDocument> {
  const query = more ? { search, 'filter[type]': more.type, 'page[number]': more.page } : { search };
  return api.call(searchEndpoints.globalSearch, { query, signal, quiet: true });
}
