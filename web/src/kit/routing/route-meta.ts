/**
 * What a route shows around itself (seed 000 §2.2, §2.9): public forms, unsubscribe pages and the print
 * view have a bare layout (no navigation bar, footer or accessibility drawer); the admin area keeps its
 * menu in the side drawer.
 */
export interface RouteMeta {
  hideNavigation: boolean;
  hideFooter: boolean;
  hideAccessibility: boolean;
  admin: boolean;
}

const BARE_PREFIXES = [
  '/services/forms/',
  '/services/aforms/',
  '/services/light-users/unsubscribe/',
  '/services/unsubscribe/',
  '/services/internals/print',
];

export function routeMeta(path: string): RouteMeta {
  const bare = BARE_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
  return {
    hideNavigation: bare,
    hideFooter: bare,
    hideAccessibility: bare,
    admin: path === '/admin' || path.startsWith('/admin/'),
  };
}

/**
 * A redirect URL from the query is followed only when it is a string naming a path of this site (seed 000
 * §5), never another origin.
 */
export function safeRedirectUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
