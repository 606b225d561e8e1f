import { z } from 'zod/v4';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '@platform/contracts/endpoints';
import { createApiClient, type ApiClientEvent } from './client.ts';
import { ApiError } from './errors.ts';
import { fieldOfPointer, toFieldErrors } from './field-errors.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers from a script, recording what was sent: the network edge, not the client, is faked. */
function scriptedFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return answer(call);
  };
  return { fetchFn: fetchFn as typeof fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/vnd.api+json' } });

function client(fetchFn: typeof fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const events: ApiClientEvent[] = [];
  const api = createApiClient({
    baseUrl: '/api/v1',
    fetch: fetchFn,
    locale: () => 'fr',
    timezone: () => 'Europe/Paris',
    onEvent: (e) => events.push(e),
    ...extra,
  });
  return { api, events };
}

const Ok = z.object({ data: z.object({ n: z.number() }) });
/** endpoints of no module, declared here as a module declares its own (contracts, ADR 0036) */
const readX = defineEndpoint({ method: 'GET', path: '/x' });
const readServiceX = defineEndpoint({ method: 'GET', path: '/services/x' });
const createThing = defineEndpoint({
  method: 'POST',
  path: '/things',
  body: z.object({ data: z.object({ type: z.literal('things') }) }),
});

describe('createApiClient', () => {
  it('sends the JSON:API, XHR, locale and timezone headers and parses the answer', async () => {
    const { fetchFn, calls } = scriptedFetch(() => json(200, { data: { n: 1 } }));
    const { api, events } = client(fetchFn);
    await expect(
      api.call(readServiceX, { schema: Ok, query: { a: 'b c', skip: undefined } }),
    ).resolves.toEqual({
      data: { n: 1 },
    });
    const headers = new Headers(calls[0]!.init.headers);
    expect(calls[0]!.url).toBe('/api/v1/services/x?a=b+c');
    expect(headers.get('accept')).toBe('application/vnd.api+json');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(headers.get('accept-language')).toBe('fr');
    expect(headers.get('x-timezone')).toBe('Europe/Paris');
    expect(headers.get('accept-edition-language')).toBeNull();
    expect(events.map((e) => e.type)).toEqual(['request.started', 'request.settled']);
  });

  it('sends a JSON:API body and Accept-Edition-Language in the admin area', async () => {
    const { fetchFn, calls } = scriptedFetch(() => json(200, { data: { n: 2 } }));
    const { api } = client(fetchFn, { isAdminContext: () => true, editionLocale: () => 'it' });
    await api.call(createThing, { schema: Ok, body: { data: { type: 'things' } } });
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('content-type')).toBe('application/vnd.api+json');
    expect(headers.get('accept-edition-language')).toBe('it');
    expect(calls[0]!.init.body).toBe('{"data":{"type":"things"}}');
  });

  it.each([
    [401, 'session-expired'],
    [419, 'session-expired'],
    [422, 'validation'],
    [409, 'conflict'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [400, 'bad-request'],
    [500, 'unexpected'],
    [502, 'unexpected'],
  ])('maps status %i to %s', async (status, kind) => {
    const { fetchFn } = scriptedFetch(() =>
      json(status, {
        errors: [
          { status: String(status), code: 'internal', detail: 'nope', meta: { correlationId: 'c-1' } },
        ],
      }),
    );
    const { api, events } = client(fetchFn);
    const error = await api.call(readX, { schema: Ok }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe(kind);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).correlationId).toBe('c-1');
    expect(events.at(-1)?.type).toBe('request.failed');
  });

  it('keeps the kind when an error body is not JSON', async () => {
    const { fetchFn } = scriptedFetch(() => new Response('<html>gateway</html>', { status: 404 }));
    const error = (await client(fetchFn)
      .api.call(readX, { schema: Ok })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe('Request failed with status code 404');
  });

  it('turns a failed fetch into a network error', async () => {
    const { fetchFn } = scriptedFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await client(fetchFn)
      .api.call(readX, { schema: Ok })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network Error');
  });

  it('rejects an answer that does not match the schema', async () => {
    const { fetchFn } = scriptedFetch(() => json(200, { data: { n: 'one' } }));
    const error = (await client(fetchFn)
      .api.call(readX, { schema: Ok })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('unexpected');
  });

  it('times out and can be cancelled', async () => {
    const hang = (call: Call) =>
      new Promise<Response>((_resolve, reject) => {
        call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { fetchFn } = scriptedFetch(hang);
    const timeout = (await client(fetchFn, { timeoutMs: 20 })
      .api.call(readX, { schema: Ok })
      .catch((e: unknown) => e)) as ApiError;
    expect(timeout.kind).toBe('timeout');
    expect(timeout.message).toBe('timeout of 20ms exceeded');

    const controller = new AbortController();
    const pending = client(fetchFn).api.call(readX, { schema: Ok, signal: controller.signal });
    controller.abort();
    const aborted = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(aborted.kind).toBe('aborted');
    expect(aborted.message).toBe('Request aborted');
  });

  it('a request cancelled while its body is read is aborted, not an unexpected answer for the shell', async () => {
    const controller = new AbortController();
    // the headers are there; the body stops when the caller cancels, as a browser's does
    const { fetchFn } = scriptedFetch((call) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"data":'));
          call.init.signal?.addEventListener('abort', () =>
            stream.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200 });
    });
    const { api, events } = client(fetchFn);
    const pending = api.call(readX, { schema: Ok, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('aborted');
    expect(
      events.filter((e) => e.type === 'request.failed').map((e) => 'error' in e && e.error.kind),
    ).toEqual(['aborted']);
  });
});

describe('ApiClient.call (a declared endpoint)', () => {
  const refuse = defineEndpoint({
    method: 'POST',
    path: '/services/publishables/:type/:id/publication-requests/:requestId/refuse',
    body: z.object({ data: z.object({ attributes: z.object({ refuseReason: z.string() }) }) }),
    response: z.object({ meta: z.object({ position: z.string() }) }),
  });
  const login = defineEndpoint({
    method: 'POST',
    path: '/login',
    root: '/auth',
    body: z.object({ email: z.string() }),
  });

  it('sends its method to its path, the parameters encoded, with the body and the query', async () => {
    const { fetchFn, calls } = scriptedFetch(() => json(200, { meta: { position: '7' } }));
    const { api } = client(fetchFn);
    const answer = await api.call(refuse, {
      params: { type: 'news items', id: 'a/b', requestId: 'r1' },
      body: { data: { attributes: { refuseReason: 'Too short' } } },
      query: { minPosition: '3' },
    });
    expect(answer).toEqual({ meta: { position: '7' } });
    expect(calls[0]!.url).toBe(
      '/api/v1/services/publishables/news%20items/a%2Fb/publication-requests/r1/refuse?minPosition=3',
    );
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      data: { attributes: { refuseReason: 'Too short' } },
    });
  });

  it("reads the answer with the caller's schema when it gives one, else with the declared one", async () => {
    const { fetchFn } = scriptedFetch(() => json(200, { data: { n: 3 } }));
    const { api } = client(fetchFn);
    const call = {
      params: { type: 't', id: 'i', requestId: 'r' },
      body: { data: { attributes: { refuseReason: 'x' } } },
    };
    await expect(api.call(refuse, { ...call, schema: Ok })).resolves.toEqual({ data: { n: 3 } });
    await expect(api.call(refuse, call)).rejects.toMatchObject({ kind: 'unexpected' });
  });

  it('reaches an endpoint of /auth from the client rooted at the origin, and not from the /api/v1 one', async () => {
    const { fetchFn, calls } = scriptedFetch(() => json(200, { data: { n: 1 } }));
    const origin = client(fetchFn, { baseUrl: '' }).api;
    await origin.call(login, { body: { email: 'a@example.org' }, schema: Ok });
    expect(calls[0]!.url).toBe('/auth/login');
    const rooted = client(fetchFn, { baseUrl: '/auth' }).api;
    await rooted.call(login, { body: { email: 'a@example.org' }, schema: Ok });
    expect(calls[1]!.url).toBe('/auth/login');
    const api = client(fetchFn).api;
    expect(() => api.call(login, { body: { email: 'a@example.org' }, schema: Ok })).toThrow(
      /not below this client/,
    );
  });
});

describe('toFieldErrors', () => {
  const messages: Record<string, string> = {
    'serverError.required': 'Ce champ est obligatoire.',
    'serverError.conflict.duplicate_path': 'Ce chemin est déjà utilisé.',
    'serverError.conflict': 'Conflit.',
  };
  const lookup = (id: string) => messages[id];

  it('puts translated messages on the pointed fields, else the server detail', () => {
    const error = new ApiError('validation', 'x', {
      status: 422,
      errors: [
        { code: 'validation.required', detail: 'Required', source: { pointer: '/data/attributes/title' } },
        {
          code: 'validation.invalid',
          detail: 'path must not contain spaces',
          source: { pointer: '/data/attributes/path' },
        },
        {
          code: 'validation.invalid',
          detail: 'second problem',
          source: { pointer: '/data/attributes/path' },
        },
        {
          code: 'validation.invalid',
          detail: 'bad prop',
          source: { pointer: '/data/attributes/props/items/0/title' },
        },
      ],
    });
    expect(toFieldErrors(error, lookup)).toEqual({
      title: 'Ce champ est obligatoire.',
      path: 'path must not contain spaces',
      'props.items.0.title': 'bad prop',
    });
  });

  it('puts a 409 on the id field', () => {
    const known = new ApiError('conflict', 'x', {
      status: 409,
      errors: [{ code: 'conflict.duplicate_path' }],
    });
    expect(toFieldErrors(known, lookup)).toEqual({ id: 'Ce chemin est déjà utilisé.' });
    const other = new ApiError('conflict', 'x', { status: 409, errors: [{ code: 'conflict.state' }] });
    expect(toFieldErrors(other, lookup)).toEqual({ id: 'Conflit.' });
  });

  it('rethrows what is not a form error', () => {
    const forbidden = new ApiError('forbidden', 'no', { status: 403 });
    expect(() => toFieldErrors(forbidden, lookup)).toThrow(forbidden);
    expect(() => toFieldErrors(new Error('boom'), lookup)).toThrow('boom');
  });

  it('reads JSON pointers, escapes included', () => {
    expect(fieldOfPointer('/data/attributes/a~1b')).toBe('a/b');
    expect(fieldOfPointer('/data/id')).toBe('id');
    expect(fieldOfPointer('/meta/x')).toBeNull();
    expect(fieldOfPointer(undefined)).toBeNull();
  });
});
