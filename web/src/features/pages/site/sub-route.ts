import { createContext, useContext } from 'react';
import type { ComponentType } from '@platform/contracts/pages/components';

/**
 * The components that add a sub-route below their page's path (seed 000 §2.6): {path}/{segment} shows the
 * page's first component of these types with the segment (rental models: {path}/{rentalModel}; open badges:
 * {path}/{id}; repository: {path}/{item}; forum: {path}/{id} and
 * {path}/create; articles: {path}/{article}; blog posts: {path}/{slug or id}; calendar: {path}/{id}; training
 * resources: {path}/{resource}; training resource requests: {path}/{request}; trainings: {path}/{id}; AAC products:
 * {path}/{id}, {path}/compare and {path}/contribution).
 */
export const SUB_ROUTE_COMPONENTS: readonly ComponentType[] = [
  'rental-models',
  'open-badges',
  'selected-open-badges',
  'repository',
  'forum',
  'articles',
  'blog-posts',
  'calendar',
  'training-resources',
  'selected-training-resources',
  'training-resource-requests',
  'selected-training-resource-requests',
  'trainings',
  'selected-trainings',
  'aac-products',
];

/**
 * Sub-routes two segments deep, by their first segment, and the components that have them: the open badges'
 * {path}/assertions/{id}, whose segment is then `assertions/{id}`.
 */
export const NESTED_SUB_ROUTES: Readonly<Record<string, readonly ComponentType[]>> = {
  assertions: ['open-badges', 'selected-open-badges'],
  // the repository's former item paths, {path}/items/{item}: the component sends them to {path}/{item}
  items: ['repository'],
  // a training resource's review, {path}/reviews/{review}
  reviews: ['training-resources', 'selected-training-resources'],
  // a member's contribution to the AAC catalogue, {path}/contribution/{id} (its page: features/aac-contribution)
  contribution: ['aac-products'],
};

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

/**
 * A path two segments below its page ("/a/assertions/x" → "/a", "assertions/x", with the components that have
 * such a sub-route), or null when its next-to-last segment names no nested sub-route.
 */
export function splitNestedSubRoute(
  path: string,
): { parent: string; segment: string; components: readonly ComponentType[] } | null {
  const match = /^(\/.+)\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  const components = Object.hasOwn(NESTED_SUB_ROUTES, match[2]!) ? NESTED_SUB_ROUTES[match[2]!] : undefined;
  if (!components) return null;
  try {
    return { parent: match[1]!, segment: `${match[2]!}/${decodeURIComponent(match[3]!)}`, components };
  } catch {
    return null;
  }
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
