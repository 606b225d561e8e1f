import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { ZodTypeAny } from 'zod/v4';
import type { AnyEndpoint, EndpointBody, PathParams } from '@platform/contracts/endpoints';
import { ValidationError } from '@platform/contracts/errors';
import { zodIssueToIssue } from './errors.ts';

/** What a declared endpoint's handler is given besides the request and the response. */
export interface EndpointCall<E extends AnyEndpoint> {
  /** the path's parameters by name, as Express matched them (not yet checked: a route answers 404 for a bad id) */
  params: PathParams<E['path']>;
  /**
   * The JSON body parsed by the endpoint's schema: a 422 with a JSON pointer per issue when it does not fit.
   * Called where the route reads its body, so that what it checks first (the id in the path, the viewer) answers
   * first, as it did before the body had a declaration.
   */
  body(): EndpointBody<E>;
  /** to let the next route of the same path answer (a type this route does not serve) */
  next: NextFunction;
}

export type EndpointHandler<E extends AnyEndpoint> = (
  req: Request,
  res: Response,
  call: EndpointCall<E>,
) => unknown;

const NOT_AN_OBJECT: Record<AnyEndpoint['root'], string> = {
  '/api/v1': 'A JSON:API document (an object with a "data" member) is required',
  '/auth': 'A JSON object is required',
};

/** A JSON body parsed by the endpoint's schema; every zod issue becomes an error with its JSON pointer (422). */
export function parseEndpointBody<E extends AnyEndpoint>(endpoint: E, body: unknown): EndpointBody<E> {
  const schema = endpoint.body as ZodTypeAny | undefined;
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} declares no body`);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ValidationError.at('', NOT_AN_OBJECT[endpoint.root], 'validation.required');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError(parsed.error.issues.map((i) => zodIssueToIssue(i)));
  return parsed.data as EndpointBody<E>;
}

const METHODS = { GET: 'get', POST: 'post', PATCH: 'patch', PUT: 'put', DELETE: 'delete' } as const;

/**
 * Mounts a declared endpoint on the router that serves its root (the command or query router under /api/v1, the
 * accounts' router under /auth): the route's method and path come from the declaration, its middleware run first,
 * and the handler reads the body through the declared schema (`call.body()`).
 */
export function mountEndpoint<E extends AnyEndpoint>(
  router: Router,
  endpoint: E,
  ...handlers: [...RequestHandler[], EndpointHandler<E>]
): void {
  const handler = handlers[handlers.length - 1] as EndpointHandler<E>;
  const middleware = handlers.slice(0, -1) as RequestHandler[];
  router[METHODS[endpoint.method]](
    endpoint.path,
    ...middleware,
    (req: Request, res: Response, next: NextFunction) =>
      handler(req, res, {
        params: req.params as PathParams<E['path']>,
        body: () => parseEndpointBody(endpoint, req.body),
        next,
      }),
  );
}
