/**
 * The reads the query bench measures. To put a new read through the bench (the generic read path of a later
 * issue, say), add an entry: its path is built from what the seeding made, and every entry is measured at
 * every size beside a bare Express answer of the same number of bytes, with the same report and targets.
 */
export interface BenchSite {
  /** the id of the demo home page (path `/`) */
  homeId: string;
  /** the bootstrap admin token, for reads measured as the admin viewer */
  adminToken: string;
}

export interface QueryRoute {
  /** short name in the report */
  name: string;
  path(site: BenchSite): string;
  /** request headers (a viewer's credentials, say); default none: the anonymous public reads */
  headers?(site: BenchSite): Record<string, string>;
  /** false: measured and reported, but not held to the targets */
  target?: boolean;
}

export const QUERY_ROUTES: QueryRoute[] = [
  { name: 'page by id', path: (site) => `/api/v1/services/app-pages/${site.homeId}` },
  { name: 'menu', path: () => '/api/v1/services/app-menu' },
  { name: 'list of 10 pages', path: () => '/api/v1/app-pages?page[size]=10' },
  { name: 'environment', path: () => '/api/v1/app-environment' },
];
