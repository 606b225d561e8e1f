import type { Platform } from '@platform/host/platform';

/** One route a client can call: its method and its Express path pattern, from the server's root. */
export interface ApiRoute {
  method: string;
  /** '/api/v1/admin-tags/:id', '/auth/login' */
  path: string;
}

/** The parts of an Express 5 router's stack this walk reads (router/lib/layer.js, route.js). */
interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function mountPath(layer: Layer): string {
  return typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
}

/** Every route of a router and of the routers mounted in it, with the mount paths prefixed. */
export function routesOf(router: unknown, prefix = ''): ApiRoute[] {
  const stack = (router as { stack?: Layer[] }).stack ?? [];
  const routes: ApiRoute[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).flatMap((m) =>
        m === '_all' ? ALL_METHODS : [m.toUpperCase()],
      );
      for (const path of paths) for (const method of methods) routes.push({ method, path: prefix + path });
    } else if (layer.handle?.stack) {
      routes.push(...routesOf(layer.handle, prefix + mountPath(layer)));
    }
  }
  return routes;
}

/**
 * Every route of the platform's APIs as it serves them: the command router's unsafe methods and the query router's
 * reads under /api/v1 (platform.ts sends each request to the one router that can answer it), and the accounts'
 * /auth routes. Walked from the routers themselves, so a new route is in the list without editing any test.
 */
export function platformRoutes(platform: Platform): ApiRoute[] {
  const isRead = (method: string) => method === 'GET' || method === 'HEAD';
  const all = [
    ...routesOf(platform.apiRouters.command, '/api/v1').filter((r) => !isRead(r.method)),
    ...routesOf(platform.apiRouters.query, '/api/v1').filter((r) => isRead(r.method)),
    ...routesOf(platform.accounts.authRouter, '/auth'),
  ];
  const seen = new Set<string>();
  return all.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
