import type { z, ZodTypeAny } from 'zod/v4';

/**
 * One declaration per endpoint (CONVENTIONS habit 7, ADR 0036): its method, its path with `:name` parameters, the
 * schema of the body it reads and, when its answer has one fixed shape, the schema of that answer. The server
 * mounts the route from it (infra/src/http/endpoints.ts: path and body parser), the web calls it (ApiClient.call:
 * path parameters encoded, body typed by the same schema), and the fuzz generates bodies from it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The JSON:API's root: every endpoint's, unless it names another. */
export const JSON_API_ROOT = '/api/v1';
/** Where the platform serves its APIs: the JSON:API under /api/v1, the accounts' sign-in calls under /auth. */
export const API_ROOTS = [JSON_API_ROOT, '/auth'] as const;
export type ApiRoot = (typeof API_ROOTS)[number];

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  B extends ZodTypeAny | undefined = ZodTypeAny | undefined,
  R extends ZodTypeAny | undefined = ZodTypeAny | undefined,
> {
  readonly method: M;
  /** below the root, as the router mounted there declares it: '/services/open-badges/sessions/:id/actions' */
  readonly path: P;
  readonly root: ApiRoot;
  /** what the route reads from the body; undefined when the path and the viewer are the whole request */
  readonly body: B;
  /** a JSON body (a JSON:API document under /api/v1, a plain object under /auth) or a multipart form's fields */
  readonly form: 'json' | 'multipart';
  /** the answer's schema, when the answer has one fixed shape (a command's answer) */
  readonly response: R;
  /**
   * a write anyone may send, signed in or not (the statistics' records): the edge lets it through without an
   * actor, and its command carries the anonymous actor (infra/src/http/auth.ts). Reads are open to all anyway.
   */
  readonly anonymous: boolean;
}

/** Any declared endpoint. */
export type AnyEndpoint = Endpoint<HttpMethod, string, ZodTypeAny | undefined, ZodTypeAny | undefined>;

export function defineEndpoint<
  const M extends HttpMethod,
  const P extends `/${string}`,
  B extends ZodTypeAny | undefined = undefined,
  R extends ZodTypeAny | undefined = undefined,
>(spec: {
  method: M;
  path: P;
  root?: ApiRoot;
  body?: B;
  form?: 'json' | 'multipart';
  response?: R;
  anonymous?: boolean;
}): Endpoint<M, P, B, R> {
  return {
    method: spec.method,
    path: spec.path,
    root: spec.root ?? JSON_API_ROOT,
    body: spec.body as B,
    form: spec.form ?? 'json',
    response: spec.response as R,
    anonymous: spec.anonymous ?? false,
  };
}

/** The `:name` parameters of a path, as a union of their names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters, by name. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/** The body an endpoint takes, as the caller writes it (before the schema's defaults and transforms). */
export type EndpointBodyInput<E extends AnyEndpoint> = E['body'] extends ZodTypeAny
  ? z.input<E['body']>
  : never;
/** The body an endpoint takes, as the route reads it (once parsed). */
export type EndpointBody<E extends AnyEndpoint> = E['body'] extends ZodTypeAny ? z.output<E['body']> : never;
/** The answer an endpoint declares, once parsed. */
export type EndpointResponse<E extends AnyEndpoint> = E['response'] extends ZodTypeAny
  ? z.output<E['response']>
  : unknown;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's parameters, in order: '/publishables/:type/:id' -> ['type', 'id']. */
export function paramNamesOf(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/**
 * The endpoint's path below its root with each parameter encoded (encodeURIComponent): what a client requests.
 * A parameter without a value is a programming error, not a request to send.
 */
export function pathOf<E extends AnyEndpoint>(endpoint: E, params: PathParams<E['path']>): string {
  const values = params as Record<string, string | undefined>;
  return endpoint.path.replace(PARAM, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The endpoint's URL from the origin, its root included ('/api/v1/services/files/f1'): what a link names, or a
 * request made without the API client (the reads a page boots with, started before the client exists).
 */
export function urlOf<E extends AnyEndpoint>(endpoint: E, params: PathParams<E['path']>): string {
  return `${endpoint.root}${pathOf(endpoint, params)}`;
}

/** `METHOD /root/path`, as the routes are named from the server's root: 'POST /auth/login'. */
export const endpointKey = (endpoint: AnyEndpoint): string =>
  `${endpoint.method} ${endpoint.root}${endpoint.path}`;
