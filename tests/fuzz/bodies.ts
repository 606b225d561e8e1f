import { z } from 'zod/v4';
import { declaredEndpoints } from '@platform/contracts/endpoint-catalogue';
import { endpointKey } from '@platform/contracts/endpoints';

/**
 * The body a hand-written route reads, by its schema: a JSON body (a JSON:API document under /api/v1, a plain
 * object under /auth) or the text fields of a multipart form (uploads, sent with a small file part).
 */
export interface RouteBody {
  schema: z.ZodTypeAny;
  form: 'json' | 'multipart';
}

const WRITES = new Set(['POST', 'PATCH', 'PUT']);

/**
 * Every hand-written route that reads a body, `METHOD /path` as the routers declare it, with its schema: the one
 * its declaration gives (contracts/src/endpoint-catalogue.ts), which the route itself parses the body with. The
 * fuzz generates near-valid bodies from it, so that a request gets past the first shape check to the route's
 * deeper checks. The resource layer's routes take theirs from the resource definitions (inputs.ts). A DELETE that
 * reads a body is here too.
 */
export const ROUTE_BODIES: Readonly<Record<string, RouteBody>> = Object.fromEntries(
  declaredEndpoints.flatMap((endpoint) =>
    endpoint.body ? [[endpointKey(endpoint), { schema: endpoint.body, form: endpoint.form }]] : [],
  ),
);

/**
 * The hand-written POST, PATCH and PUT routes that read no body (the path and the viewer are the whole request):
 * they get only the generic shapes.
 */
export const BODYLESS_ROUTES: ReadonlySet<string> = new Set(
  declaredEndpoints.filter((endpoint) => !endpoint.body && WRITES.has(endpoint.method)).map(endpointKey),
);

/** The body schema of a route, by its method and path as walked from the routers. */
export const bodyOf = (route: { method: string; path: string }): RouteBody | undefined =>
  ROUTE_BODIES[`${route.method} ${route.path}`];
