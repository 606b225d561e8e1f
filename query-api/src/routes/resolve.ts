import { normalisePath } from '@platform/contracts/paths';
import { badParameter } from '../jsonapi/query.ts';

export interface RouteRequest {
  /** normalised: one leading '/', no '//' runs, no trailing '/' except the root */
  path: string;
  /** the raw query string to keep on a redirect, without its '?' ('' when none) */
  query: string;
}

const MAX_PATH = 2048;
const MAX_QUERY = 8192;

/**
 * Reads `path` and `query` from the raw URL (not Express's parser, so `query=a=1&b=2` arrives whole when
 * encoded). A path that still carries a query string or a fragment (a client passing location.href's tail) is
 * split: its query is used when `query` is absent, its fragment is dropped (the browser keeps it).
 */
export function parseRouteRequest(originalUrl: string): RouteRequest {
  const search = originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?') + 1) : '';
  const params = new URLSearchParams(search);
  const paths = params.getAll('path');
  const queries = params.getAll('query');
  if (paths.length === 0 || paths[0]!.trim() === '')
    throw badParameter('path', 'path is required, e.g. ?path=/about');
  if (paths.length > 1) throw badParameter('path', 'path is given more than once');
  if (queries.length > 1) throw badParameter('query', 'query is given more than once');
  const raw = paths[0]!;
  if (raw.length > MAX_PATH) throw badParameter('path', `path must be at most ${MAX_PATH} characters`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw.trim()))
    throw badParameter('path', 'path must be a site path, not a URL');
  const withoutFragment = raw.split('#', 1)[0]!;
  const [pathPart, embeddedQuery = ''] = splitOnce(withoutFragment, '?');
  const query = (queries[0] ?? embeddedQuery).replace(/^\?/, '');
  if (query.length > MAX_QUERY) throw badParameter('query', `query must be at most ${MAX_QUERY} characters`);
  if (/[\s#]/.test(query))
    throw badParameter('query', 'query must be an encoded query string without spaces or "#"');
  return { path: normalisePath(pathPart), query };
}

function splitOnce(value: string, separator: string): [string, string?] {
  const at = value.indexOf(separator);
  return at === -1 ? [value] : [value.slice(0, at), value.slice(at + 1)];
}

/** The redirect target with the visitor's query string kept (appended to the target's own, if any). */
export function redirectLocation(toPath: string, query: string): string {
  if (query === '') return toPath;
  const hash = toPath.indexOf('#');
  const [base, fragment] = hash === -1 ? [toPath, ''] : [toPath.slice(0, hash), toPath.slice(hash)];
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${query}${fragment}`;
}
