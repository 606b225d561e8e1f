import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { defineEndpoint, endpointKey, paramNamesOf, pathOf, urlOf } from './endpoints.ts';
import { resourceDocument } from './resource-document.ts';

const action = defineEndpoint({
  method: 'POST',
  path: '/services/publishables/:type/:id/publication-requests/:requestId/refuse',
  body: z.object({ data: z.object({ attributes: z.object({ refuseReason: z.string() }) }) }),
});
const login = defineEndpoint({ method: 'POST', path: '/login', root: '/auth' });

describe('a declared endpoint', () => {
  it('is under /api/v1 and reads JSON unless it says otherwise', () => {
    expect(action.root).toBe('/api/v1');
    expect(action.form).toBe('json');
    expect(login.root).toBe('/auth');
    expect(login.body).toBeUndefined();
  });

  it('names its parameters in order and its route from the server root', () => {
    expect(paramNamesOf(action.path)).toEqual(['type', 'id', 'requestId']);
    expect(paramNamesOf('/users/me')).toEqual([]);
    expect(endpointKey(action)).toBe(
      'POST /api/v1/services/publishables/:type/:id/publication-requests/:requestId/refuse',
    );
    expect(endpointKey(login)).toBe('POST /auth/login');
  });

  it('fills its path with the parameters, each encoded', () => {
    expect(pathOf(action, { type: 'news items', id: 'a/b', requestId: '?#%' })).toBe(
      '/services/publishables/news%20items/a%2Fb/publication-requests/%3F%23%25/refuse',
    );
    expect(pathOf(login, {})).toBe('/login');
  });

  it('gives its URL from the origin, its root included, for a link or a request made without the client', () => {
    expect(urlOf(action, { type: 't', id: 'a/b', requestId: 'r' })).toBe(
      '/api/v1/services/publishables/t/a%2Fb/publication-requests/r/refuse',
    );
    expect(urlOf(login, {})).toBe('/auth/login');
  });

  it('refuses to fill a parameter it was given no value for', () => {
    expect(() => pathOf(action, { type: 't', id: 'i' } as never)).toThrow(/:requestId/);
  });
});

describe('resourceDocument', () => {
  const doc = resourceDocument({ type: 'app-pages', attributes: z.object({ title: z.string() }) });

  it('takes a JSON:API document of its type', () => {
    expect(doc.parse({ data: { type: 'app-pages', attributes: { title: 'Home' } } })).toEqual({
      data: { type: 'app-pages', attributes: { title: 'Home' } },
    });
  });

  it('refuses another type, saying which one it takes', () => {
    const parsed = doc.safeParse({ data: { type: 'users', attributes: { title: 'Home' } } });
    expect(parsed.success ? null : parsed.error.issues[0]).toMatchObject({
      path: ['data', 'type'],
      message: 'The resource type must be "app-pages"',
    });
  });
});
