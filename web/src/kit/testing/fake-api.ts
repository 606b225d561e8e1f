import { DEFAULT_ACCOUNT_FEATURES } from '@platform/contracts/accounts/features';

export interface FakeApi {
  menu?: unknown[];
  revision?: string;
  /** attributes of the app environment document besides `initialized` (an access-level setting, say) */
  environment?: Record<string, unknown>;
  /** path -> resolve answer (status + body); unknown paths are a 404 */
  routes?: Record<string, { status: number; body: unknown }>;
  pages?: Array<{ id: string; path: string; title: string }>;
  /** the menu read fails: 'network' (no answer) or an HTTP status */
  menuFailure?: 'network' | number;
  /** the GET /users/me document of the signed-in user; absent: nobody is signed in (401) */
  me?: unknown;
  /** account features (GET /services/features); default: all of them on except social login */
  features?: Record<string, boolean>;
  /**
   * Answers for a module's own calls, tried first, in order: return a Response to answer, or undefined to let
   * the next handler (and finally the shell's reads) answer. `body` is the parsed JSON body, when any.
   */
  handlers?: Array<(request: FakeRequest) => Response | undefined | Promise<Response | undefined>>;
}

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** A JSON answer for a handler. */
export const fakeJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/vnd.api+json' } });

export const ALL_FEATURES = { ...DEFAULT_ACCOUNT_FEATURES };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/vnd.api+json' } });

/**
 * Answers the reads the shell makes, shaped like query-api's documents; the network edge is the only thing
 * replaced in these component tests (the browser e2e tests run against the real platform).
 */
export function fakeFetch(api: FakeApi) {
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = undefined;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    for (const handler of api.handlers ?? []) {
      const answer = await handler({ method, url, body, headers: new Headers(init?.headers) });
      if (answer) return answer;
    }
    if (url.pathname === '/api/v1/services/app-menu') {
      if (api.menuFailure === 'network') throw new TypeError('Failed to fetch');
      if (api.menuFailure) {
        return json(api.menuFailure, {
          errors: [{ status: String(api.menuFailure), code: 'internal', meta: { correlationId: 'corr-42' } }],
        });
      }
      return json(200, { data: api.menu ?? [] });
    }
    if (url.pathname === '/api/v1/services/features') {
      return json(200, { data: { features: { ...ALL_FEATURES, ...api.features } } });
    }
    if (url.pathname === '/api/v1/users/me') {
      if (api.me) return json(200, api.me);
      return json(401, {
        errors: [{ status: '401', code: 'auth.unauthenticated', detail: 'Sign in first' }],
      });
    }
    if (url.pathname === '/api/v1/app-environment') {
      return json(200, {
        data: {
          type: 'app-environment',
          id: 'main',
          attributes: { initialized: true, ...api.environment },
        },
        meta: { revision: api.revision ?? '1', updatedAt: null },
      });
    }
    if (url.pathname === '/api/v1/app-pages') {
      return json(200, {
        data: (api.pages ?? []).map((p) => ({
          type: 'app-pages',
          id: p.id,
          attributes: { path: p.path, title: p.title },
        })),
      });
    }
    if (url.pathname === '/api/v1/services/routes/resolve') {
      const answer = api.routes?.[url.searchParams.get('path') ?? ''];
      if (answer) return json(answer.status, answer.body);
      return json(404, {
        errors: [{ status: '404', code: 'not_found', detail: 'Nothing is published here' }],
      });
    }
    return json(404, { errors: [{ status: '404', code: 'not_found', detail: 'no route' }] });
  }) as typeof fetch;
  return { fetchFn, calls };
}
