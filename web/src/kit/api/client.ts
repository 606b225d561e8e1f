import type { z } from 'zod';
import { ApiError, errorFromResponse, transportError } from './errors.ts';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';
const DEFAULT_TIMEOUT_MS = 30_000;

/** What the shell hears from every request: the loading bar counts, the global dialogs react to errors. */
export type ApiClientEvent =
  | { type: 'request.started'; id: number }
  | { type: 'request.settled'; id: number }
  | { type: 'request.failed'; id: number; error: ApiError };

export interface ApiClientOptions {
  /** '/api/v1' in the browser (same origin) */
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

export interface ApiClient {
  request<S extends z.ZodTypeAny>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  get<S extends z.ZodTypeAny>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Paris';
  } catch {
    return 'Europe/Paris';
  }
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/**
 * A small fetch client for the JSON:API endpoints. Every answer is parsed with the endpoint's zod schema, so a
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
      'X-Timezone': (options.timezone ?? browserTimezone)(),
    });
    if (hasBody) headers.set('Content-Type', JSON_API_MEDIA_TYPE);
    if (options.isAdminContext?.()) {
      headers.set('Accept-Edition-Language', (options.editionLocale ?? options.locale)());
    }
    for (const [k, v] of Object.entries(extra ?? {})) headers.set(k, v);
    return headers;
  }

  async function request<S extends z.ZodTypeAny>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    req: RequestOptions = {},
  ): Promise<z.output<S>> {
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
      let body: unknown = null;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
      if (!response.ok) throw errorFromResponse(response.status, body);
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError(
          'unexpected',
          `Unexpected answer from ${method} ${path}: ${parsed.error.message}`,
          {
            status: response.status,
          },
        );
      }
      options.onEvent?.({ type: 'request.settled', id });
      return parsed.data as z.output<S>;
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError('unexpected', String((error as Error)?.message));
      options.onEvent?.(
        req.quiet ? { type: 'request.settled', id } : { type: 'request.failed', id, error: apiError },
      );
      throw apiError;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    request,
    get: (path, schema, req) => request('GET', path, schema, req),
  };
}
