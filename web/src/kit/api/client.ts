import type { z, ZodTypeAny } from 'zod/v4';
import {
  pathOf,
  type AnyEndpoint,
  type EndpointBodyInput,
  type EndpointResponse,
  type HttpMethod,
  type PathParamNames,
  type PathParams,
} from '@platform/contracts/endpoints';
import { ApiError, errorFromResponse, transportError } from './errors.ts';
import { browserTimeZone } from '../time/browser-zone.ts';

/**
 * What reads an answer: a zod schema, or a shape of shape.ts (the documents the first screen waits for, checked
 * without zod; ADR 0047). Both answer `safeParse`.
 */
export interface AnswerReader<T = unknown> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}
/** The value a reader answers. */
export type ReadBy<S> = S extends ZodTypeAny ? z.output<S> : S extends AnswerReader<infer T> ? T : never;

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';
const DEFAULT_TIMEOUT_MS = 30_000;

/** What the shell hears from every request: the loading bar counts, the global dialogs react to errors. */
export type ApiClientEvent =
  | { type: 'request.started'; id: number }
  | { type: 'request.settled'; id: number }
  | { type: 'request.failed'; id: number; error: ApiError };

export interface ApiClientOptions {
  /** the root it calls below: JSON_API_ROOT in the browser (same origin), '' (the origin) for the /auth calls */
  baseUrl: string;
  fetch?: typeof fetch;
  /** the interface language (Accept-Language) */
  locale: () => string;
  /** the language being edited in the admin area (Accept-Edition-Language), when it differs */
  editionLocale?: () => string;
  timezone?: () => string;
  /** true while the user is in the admin area (seed 000 §7: admin paths send Accept-Edition-Language) */
  isAdminContext?: () => boolean;
  onEvent?: (event: ApiClientEvent) => void;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /**
   * The caller handles every failure itself: nothing is announced to the shell (no global dialog), e.g. the
   * boot-time read of the signed-in user, whose 401 only means "nobody is signed in".
   */
  quiet?: boolean;
}

/** An upload's options: its progress as the bytes leave, and no timeout unless one is given (a large file takes long). */
export interface UploadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** bytes sent so far, of `total` (0 when the browser cannot tell) */
  onProgress?: (sent: number, total: number) => void;
  quiet?: boolean;
}

/**
 * A call of a declared endpoint (contracts, ADR 0036): its path parameters, its body typed by the endpoint's own
 * schema, and the schema the answer is read with, the endpoint's unless the caller reads it with its own (a read
 * whose document only the web shapes, with its defaults).
 */
export type CallOptions<E extends AnyEndpoint, S extends AnswerReader | undefined> = Omit<
  RequestOptions,
  'body'
> &
  ([PathParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: PathParams<E['path']> }) &
  (E['body'] extends ZodTypeAny ? { body: EndpointBodyInput<E> } : { body?: undefined }) &
  (E['response'] extends ZodTypeAny ? { schema?: S } : { schema: S });

/** What a call answers: read by the caller's schema when it gives one, else by the endpoint's. */
export type CallAnswer<E extends AnyEndpoint, S extends AnswerReader | undefined> = S extends AnswerReader
  ? ReadBy<S>
  : EndpointResponse<E>;

export interface ApiClient {
  /** A declared endpoint: method and path from its declaration (its path parameters encoded). */
  call<E extends AnyEndpoint, S extends AnswerReader | undefined = undefined>(
    endpoint: E,
    options: CallOptions<E, S>,
  ): Promise<CallAnswer<E, S>>;
  /**
   * POST of a multipart form (a file and its fields) to a declared endpoint with XMLHttpRequest, whose upload
   * events tell the progress (fetch cannot stream a request body over HTTP/1.1); the answer is read as `call`
   * reads it.
   */
  upload<S extends AnswerReader>(
    endpoint: AnyEndpoint,
    form: FormData,
    schema: S,
    options?: UploadOptions,
  ): Promise<ReadBy<S>>;
}

/**
 * Where a client finds an endpoint: below its base when the base is the endpoint's root (the JSON:API's client),
 * by its root and path when the base is the origin (the client of /auth, rooted at the origin). A client rooted
 * at another API's root cannot reach it: a programming error, not a request to send.
 */
export function endpointPath(baseUrl: string, endpoint: AnyEndpoint, path: string): string {
  const base = baseUrl.replace(/\/$/, '');
  if (base.endsWith(endpoint.root)) return path;
  if (base === '' || /^[a-z][a-z0-9+.-]*:\/\/[^/]+$/i.test(base)) return `${endpoint.root}${path}`;
  throw new Error(
    `${endpoint.method} ${endpoint.root}${endpoint.path} is not below this client (${baseUrl})`,
  );
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/**
 * A small fetch client for the JSON:API endpoints. Every answer is parsed with the endpoint's schema, so a
 * drifted server shape is an error here and not a blank screen later; every failure is an ApiError whose
 * `kind` says what the web does about it.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let sequence = 0;

  function headersFor(hasBody: boolean, extra: Record<string, string> | undefined): Headers {
    const headers = new Headers({
      Accept: JSON_API_MEDIA_TYPE,
      'X-Requested-With': 'XMLHttpRequest',
      'Accept-Language': options.locale(),
      'X-Timezone': (options.timezone ?? browserTimeZone)(),
    });
    if (hasBody) headers.set('Content-Type', JSON_API_MEDIA_TYPE);
    if (options.isAdminContext?.()) {
      headers.set('Accept-Edition-Language', (options.editionLocale ?? options.locale)());
    }
    for (const [k, v] of Object.entries(extra ?? {})) headers.set(k, v);
    return headers;
  }

  async function request<S extends AnswerReader>(
    method: HttpMethod,
    path: string,
    schema: S,
    req: RequestOptions = {},
  ): Promise<ReadBy<S>> {
    const id = ++sequence;
    const timeoutMs = req.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    if (req.signal?.aborted) controller.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    options.onEvent?.({ type: 'request.started', id });
    try {
      const hasBody = req.body !== undefined;
      let response: Response;
      try {
        response = await doFetch(buildUrl(options.baseUrl, path, req.query), {
          method,
          headers: headersFor(hasBody, req.headers),
          body: hasBody ? JSON.stringify(req.body) : undefined,
          signal: controller.signal,
          credentials: 'same-origin',
        });
      } catch {
        if (timedOut) throw transportError.timeout(timeoutMs);
        if (controller.signal.aborted) throw transportError.aborted();
        throw transportError.network();
      }
      const text = await response.text().catch(() => '');
      // cut off while the body was read: the caller's abort (or the timeout), not an answer to judge, which as
      // an empty body would have been "unexpected" and raised the shell's dialog for a screen that moved on
      if (timedOut) throw transportError.timeout(timeoutMs);
      if (controller.signal.aborted) throw transportError.aborted();
      const data = readAnswer(response.status, text, schema, `${method} ${path}`);
      options.onEvent?.({ type: 'request.settled', id });
      return data;
    } catch (error) {
      throw failed(id, error, req.quiet);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  function failed(id: number, error: unknown, quiet: boolean | undefined): ApiError {
    const apiError =
      error instanceof ApiError ? error : new ApiError('unexpected', String((error as Error)?.message));
    options.onEvent?.(
      quiet ? { type: 'request.settled', id } : { type: 'request.failed', id, error: apiError },
    );
    return apiError;
  }

  function call<E extends AnyEndpoint, S extends AnswerReader | undefined>(
    endpoint: E,
    req: CallOptions<E, S>,
  ): Promise<CallAnswer<E, S>> {
    const { params, schema, ...rest } = req as RequestOptions & {
      params?: PathParams<E['path']>;
      schema?: AnswerReader;
    };
    const answer: AnswerReader | undefined = schema ?? endpoint.response;
    if (!answer) throw new Error(`${endpoint.method} ${endpoint.path}: no schema to read the answer with`);
    const path = endpointPath(
      options.baseUrl,
      endpoint,
      pathOf(endpoint, params ?? ({} as PathParams<E['path']>)),
    );
    return request(endpoint.method, path, answer, rest) as Promise<CallAnswer<E, S>>;
  }

  function upload<S extends AnswerReader>(
    endpoint: AnyEndpoint,
    form: FormData,
    schema: S,
    req: UploadOptions = {},
  ): Promise<ReadBy<S>> {
    const path = endpointPath(options.baseUrl, endpoint, pathOf(endpoint, {}));
    const id = ++sequence;
    options.onEvent?.({ type: 'request.started', id });
    return new Promise<ReadBy<S>>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const onAbort = () => xhr.abort();
      const done = () => req.signal?.removeEventListener('abort', onAbort);
      const fail = (error: unknown) => {
        done();
        reject(failed(id, error, req.quiet));
      };
      xhr.open('POST', buildUrl(options.baseUrl, path, undefined));
      // the browser sets the multipart Content-Type with its boundary
      headersFor(false, undefined).forEach((value, name) => xhr.setRequestHeader(name, value));
      if (req.timeoutMs ?? 0) xhr.timeout = req.timeoutMs!;
      xhr.upload.addEventListener('progress', (event) =>
        req.onProgress?.(event.loaded, event.lengthComputable ? event.total : 0),
      );
      xhr.addEventListener('load', () => {
        try {
          const data = readAnswer(xhr.status, xhr.responseText, schema, `POST ${path}`);
          done();
          options.onEvent?.({ type: 'request.settled', id });
          resolve(data);
        } catch (error) {
          fail(error);
        }
      });
      xhr.addEventListener('error', () => fail(transportError.network()));
      xhr.addEventListener('timeout', () => fail(transportError.timeout(req.timeoutMs ?? 0)));
      xhr.addEventListener('abort', () => fail(transportError.aborted()));
      if (req.signal?.aborted) {
        fail(transportError.aborted());
        return;
      }
      req.signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(form);
    });
  }

  return { call, upload };
}

/** An answer's body read by the endpoint's schema; a non-2xx answer is its ApiError. */
function readAnswer<S extends AnswerReader>(
  status: number,
  text: string,
  schema: S,
  call: string,
): ReadBy<S> {
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (status < 200 || status >= 300) throw errorFromResponse(status, body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError('unexpected', `Unexpected answer from ${call}: ${parsed.error.message}`, { status });
  }
  return parsed.data as ReadBy<S>;
}
