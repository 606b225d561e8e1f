import type { GlobalSearchPath } from '@platform/contracts/resources/search';

/**
 * Where a record is read on the web, by its type's `globalSearch.path` (contracts/src/resources/search.ts): under
 * the page showing its CMS component (`pagePath`, null when no page the reader may open shows it), then its key;
 * or the web's own route with its key. The global search answers its hits' paths with it, and a newsletter its
 * articles' links.
 */
export function publicPath(path: GlobalSearchPath, key: string, pagePath: string | null): string | null {
  const encoded = encodeURIComponent(key);
  if ('route' in path) return path.route.replace(':key', encoded);
  if (pagePath === null) return null;
  return `${pagePath === '/' ? '' : pagePath.replace(/\/$/, '')}/${encoded}`;
}
