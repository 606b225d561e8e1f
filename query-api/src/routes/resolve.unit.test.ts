import { describe, expect, it } from 'vitest';
import { ValidationError } from '@platform/contracts/errors';
import { parseRouteRequest, redirectLocation } from './resolve.ts';

const url = (search: string) => `/api/v1/services/routes/resolve?${search}`;

describe('parseRouteRequest', () => {
  it('collapses double slashes and ignores a trailing slash', () => {
    expect(parseRouteRequest(url('path=//about//team/'))).toEqual({ path: '/about/team', query: '' });
    expect(parseRouteRequest(url('path=/'))).toEqual({ path: '/', query: '' });
    expect(parseRouteRequest(url('path=about'))).toEqual({ path: '/about', query: '' });
  });

  it('keeps the raw query, given apart or embedded in the path, and drops a fragment', () => {
    expect(parseRouteRequest(url(`path=/old&query=${encodeURIComponent('a=1&b=%20x')}`))).toEqual({
      path: '/old',
      query: 'a=1&b=%20x',
    });
    expect(parseRouteRequest(url(`path=${encodeURIComponent('/old/?a=1#top')}`))).toEqual({
      path: '/old',
      query: 'a=1',
    });
    expect(parseRouteRequest(url(`path=/old&query=${encodeURIComponent('?a=1')}`)).query).toBe('a=1');
  });

  it.each([
    ['', 'path'],
    ['path=', 'path'],
    ['path=/a&path=/b', 'path'],
    ['path=https://example.org/x', 'path'],
    [`path=/${'a'.repeat(2100)}`, 'path'],
    ['path=/a&query=x&query=y', 'query'],
    [`path=/a&query=${encodeURIComponent('a b')}`, 'query'],
  ])('refuses %j (400 naming the parameter)', (search, parameter) => {
    let thrown: unknown;
    try {
      parseRouteRequest(url(search));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).status).toBe(400);
    expect((thrown as ValidationError).issues[0]?.parameter).toBe(parameter);
  });
});

describe('redirectLocation', () => {
  it('keeps the query string, after the target’s own, before its fragment', () => {
    expect(redirectLocation('/new', '')).toBe('/new');
    expect(redirectLocation('/new', 'a=1')).toBe('/new?a=1');
    expect(redirectLocation('/new?lang=fr', 'a=1')).toBe('/new?lang=fr&a=1');
    expect(redirectLocation('/new#part', 'a=1')).toBe('/new?a=1#part');
    expect(redirectLocation('https://example.org/x?y=2', 'a=1')).toBe('https://example.org/x?y=2&a=1');
  });
});
