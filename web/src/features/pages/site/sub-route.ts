import { createContext, useContext } from 'react';
import type { ComponentType } from '@platform/contracts/pages/components';

/**
 * The components that add a sub-route below their page's path (seed 000 §2.6): {path}/{segment} shows the
 * page's component of that type with the segment (rental models: {path}/{rentalModel}).
 */
export const SUB_ROUTE_COMPONENTS: readonly ComponentType[] = ['rental-models'];

/** The page's own path, and the segment below it when the route is a component's sub-route. */
export interface CmsSubRoute {
  pagePath: string;
  segment: string | null;
}

export const CmsSubRouteContext = createContext<CmsSubRoute | null>(null);

/** Where the block stands: its page's path (the current path when outside a resolved page) and its segment. */
export function useCmsSubRoute(fallbackPath: string): CmsSubRoute {
  return useContext(CmsSubRouteContext) ?? { pagePath: fallbackPath, segment: null };
}

/** The parent of a path and its last segment, when the path has more than one segment ("/a/b" → "/a", "b"). */
export function splitSubRoute(path: string): { parent: string; segment: string } | null {
  const match = /^(\/.+)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return { parent: match[1]!, segment: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
