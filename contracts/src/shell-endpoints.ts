import { defineEndpoint, type AnyEndpoint } from './endpoints.ts';

/**
 * The calls the web's shell makes on every page: the reads it boots with (the same the server's first paint reads,
 * web/src/kit/api/boot-requests.ts) and the session's own way out. Each belongs to its module and its module's
 * declarations name it (accountEndpoints.me is shellEndpoints.me); they are declared here, apart, because none
 * reads a body: the web's first script imports this file and carries no request schema of any module.
 */
export const shellEndpoints = {
  /** the account features this platform offers (register, two-factor, organizations, ...) */
  features: defineEndpoint({ method: 'GET', path: '/services/features' }),
  /** the signed-in user, with their roles, organizations and settings; 401 when nobody is signed in */
  me: defineEndpoint({ method: 'GET', path: '/users/me' }),
  /** the app environment's settings, and `meta.revision`, which moves with every change it signals */
  environment: defineEndpoint({ method: 'GET', path: '/app-environment' }),
  /** the visible menu tree, siblings in position order */
  menu: defineEndpoint({ method: 'GET', path: '/services/app-menu' }),
  /** `path` and `query` (the visited URL's): a page with its components in order, or where to redirect */
  resolveRoute: defineEndpoint({ method: 'GET', path: '/services/routes/resolve' }),
  /** the administrators' lines of the web group in `locale`: message id → text, over the bundled messages */
  languageLines: defineEndpoint({ method: 'GET', path: '/services/web-language-lines' }),
  /** the pages the viewer may see (the site map, the editors' lists) */
  pages: defineEndpoint({ method: 'GET', path: '/app-pages' }),
  logout: defineEndpoint({ method: 'POST', root: '/auth', path: '/logout' }),
  /** an administrator acting as a member goes back to their own session */
  stopImpersonating: defineEndpoint({ method: 'DELETE', path: '/services/users/impersonate' }),
} satisfies Record<string, AnyEndpoint>;
