import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ValidationError } from '@platform/contracts/errors';
import { parseListQuery, parseResourceQuery, type QuerySpec } from './query.ts';

const spec = {
  include: ['components', 'draft.components'],
  fields: { 'app-pages': ['title', 'path', 'components'], 'app-page-components': ['name'] },
  filters: {
    path: z.string().min(1),
    requiresAuth: z.enum(['true', 'false']).transform((v) => v === 'true'),
  },
  sort: ['title', 'createdAt'],
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
} satisfies QuerySpec;

/** The 400 a bad parameter must produce: code, status and the offending parameter. */
function refusal(query: string, s: QuerySpec = spec) {
  try {
    parseListQuery(query, s);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    const e = error as ValidationError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('validation.invalid_parameter');
    return e.issues[0]?.parameter;
  }
  throw new Error(`"${query}" was accepted`);
}

describe('parseListQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseListQuery('', spec)).toEqual({
      page: { number: 1, size: 25, offset: 0 },
      filter: {},
      include: [],
      fields: {},
      sort: [{ field: 'createdAt', direction: 'desc' }],
    });
  });

  it('reads every family from a raw query string (brackets encoded or not)', () => {
    const q = parseListQuery(
      '/api/v1/app-pages?page%5Bnumber%5D=3&page[size]=10&filter[path]=%2Fabout&filter[requiresAuth]=true' +
        '&include=components,draft.components&fields[app-pages]=title,path&sort=-title,createdAt&minPosition=12',
      spec,
    );
    expect(q.page).toEqual({ number: 3, size: 10, offset: 20 });
    expect(q.filter).toEqual({ path: '/about', requiresAuth: true });
    expect(q.include).toEqual(['components', 'draft.components']);
    expect(q.fields).toEqual({ 'app-pages': ['title', 'path'] });
    expect(q.sort).toEqual([
      { field: 'title', direction: 'desc' },
      { field: 'createdAt', direction: 'asc' },
    ]);
  });

  it('accepts URLSearchParams and an empty include', () => {
    expect(parseListQuery(new URLSearchParams('include=&page[size]=100'), spec)).toMatchObject({
      include: [],
      page: { size: 100 },
    });
  });

  it.each([
    ['page[size]=0', 'page[size]'],
    ['page[size]=101', 'page[size]'],
    ['page[size]=ten', 'page[size]'],
    ['page[size]=2.5', 'page[size]'],
    ['page[size]=-1', 'page[size]'],
    ['page[size]=', 'page[size]'],
    ['page[number]=0', 'page[number]'],
    ['page[number]=99999999999999999999', 'page[number]'],
    ['page[offset]=10', 'page[offset]'],
    ['page=2', 'page'],
    ['page[size]=10&page[size]=20', 'page[size]'],
  ])('refuses bad paging %s', (query, parameter) => {
    expect(refusal(query)).toBe(parameter);
  });

  it.each([
    ['include=author', 'include'],
    ['include=components,secrets', 'include'],
    ['include=draft', 'include'],
  ])('refuses an include outside the allow-list: %s', (query, parameter) => {
    expect(refusal(query)).toBe(parameter);
  });

  it('refuses every include where the resource allows none', () => {
    expect(refusal('include=components', {})).toBe('include');
  });

  it.each([
    ['filter[title]=x', 'filter[title]'],
    ['filter[requiresAuth]=yes', 'filter[requiresAuth]'],
    ['filter[path]=', 'filter[path]'],
    ['filter[]=x', 'filter[]'],
    ['filter[path][eq]=x', 'filter[path][eq]'],
    ['filter[constructor]=x', 'filter[constructor]'],
    ['fields[users]=name', 'fields[users]'],
    ['fields[app-pages]=title,password', 'fields[app-pages]'],
    ['sort=password', 'sort'],
    ['sort=-', 'sort'],
    ['foo[bar]=1', 'foo[bar]'],
  ])('refuses unknown filters, fields, sorts and families: %s', (query, parameter) => {
    expect(refusal(query)).toBe(parameter);
  });

  it('lets plain parameters of other layers through', () => {
    expect(() => parseListQuery('minPosition=5&locale=fr', spec)).not.toThrow();
  });
});

describe('parseResourceQuery', () => {
  it('reads include and fields and refuses list parameters', () => {
    expect(parseResourceQuery('include=components&fields[app-pages]=title', spec)).toEqual({
      include: ['components'],
      fields: { 'app-pages': ['title'] },
    });
    expect(() => parseResourceQuery('page[size]=2', spec)).toThrow(ValidationError);
    expect(() => parseResourceQuery('sort=title', spec)).toThrow(ValidationError);
    expect(() => parseResourceQuery('include=nope', spec)).toThrow(/Cannot include "nope"/);
  });
});
