import { describe, expect, it } from 'vitest';
import { listDocument, resourceObject, serializeDocument, singleDocument } from './document.ts';

const page = (n: number) =>
  resourceObject(
    'app-pages',
    `p${n}`,
    { title: `Page ${n}`, path: `/p${n}` },
    {
      relationships: { components: { data: [{ type: 'app-page-components', id: `c${n}` }] } },
      self: `/api/v1/app-pages/p${n}`,
    },
  );

describe('resourceObject', () => {
  it('keeps only the sparse fieldset of its type, attributes and relationships alike', () => {
    const sparse = resourceObject(
      'app-pages',
      'p1',
      { title: 'T', path: '/t', styles: '' },
      {
        relationships: { components: { data: [] }, draft: { data: null } },
        fields: { 'app-pages': ['title', 'draft'] },
      },
    );
    expect(sparse).toEqual({
      type: 'app-pages',
      id: 'p1',
      attributes: { title: 'T' },
      relationships: { draft: { data: null } },
    });
    const other = resourceObject('menus', 'm', { a: 1 }, { fields: { 'app-pages': ['title'] } });
    expect(other.attributes).toEqual({ a: 1 });
  });
});

describe('listDocument', () => {
  it('builds meta and pagination links that keep the other parameters', () => {
    const doc = listDocument({
      data: [page(3), page(4)],
      included: [
        resourceObject('app-page-components', 'c3', { name: 'text' }),
        resourceObject('app-page-components', 'c3', { name: 'text' }),
        page(3),
      ],
      total: 7,
      query: { page: { number: 2, size: 2, offset: 2 } },
      url: '/api/v1/app-pages?filter[path]=%2Fa&page[number]=2&page[size]=2',
      consistency: { position: '42', stale: true },
    });
    expect(doc.meta).toEqual({
      total: 7,
      page: { number: 2, size: 2, totalPages: 4 },
      position: '42',
      stale: true,
    });
    expect(doc.included).toEqual([resourceObject('app-page-components', 'c3', { name: 'text' })]);
    expect(doc.links).toEqual({
      self: '/api/v1/app-pages?filter[path]=%2Fa&page[number]=2&page[size]=2',
      first: '/api/v1/app-pages?filter[path]=%2Fa&page[number]=1&page[size]=2',
      prev: '/api/v1/app-pages?filter[path]=%2Fa&page[number]=1&page[size]=2',
      next: '/api/v1/app-pages?filter[path]=%2Fa&page[number]=3&page[size]=2',
      last: '/api/v1/app-pages?filter[path]=%2Fa&page[number]=4&page[size]=2',
    });
  });

  it('has no prev on the first page, no next on the last, and one page when empty', () => {
    const empty = listDocument({
      data: [],
      total: 0,
      query: { page: { number: 1, size: 25, offset: 0 } },
      url: '/x',
    });
    expect(empty.links).toMatchObject({ prev: null, next: null, last: '/x?page[number]=1&page[size]=25' });
    expect(empty.meta.page.totalPages).toBe(1);
    expect('included' in empty).toBe(false);
    const beyond = listDocument({
      data: [],
      total: 3,
      query: { page: { number: 9, size: 2, offset: 16 } },
      url: '/x',
    });
    expect(beyond.links.prev).toBe('/x?page[number]=2&page[size]=2');
    expect(beyond.links.next).toBeNull();
  });

  it('says a count past its bound is "at least the bound", with a next page and no last (ADR 0045)', () => {
    const capped = listDocument({
      data: [page(1)],
      total: 1001,
      bound: 1000,
      query: { page: { number: 50, size: 20, offset: 980 } },
      url: '/x',
    });
    expect(capped.meta).toEqual({
      total: 1000,
      totalCapped: true,
      page: { number: 50, size: 20, totalPages: 50 },
    });
    expect(capped.links).toMatchObject({
      prev: '/x?page[number]=49&page[size]=20',
      next: '/x?page[number]=51&page[size]=20',
      last: null,
    });
    // at the bound, the count is exact
    const exact = listDocument({
      data: [page(1)],
      total: 1000,
      bound: 1000,
      query: { page: { number: 50, size: 20, offset: 980 } },
      url: '/x',
    });
    expect(exact.meta).toEqual({ total: 1000, page: { number: 50, size: 20, totalPages: 50 } });
    expect(exact.links).toMatchObject({ next: null, last: '/x?page[number]=50&page[size]=20' });
  });
});

describe('singleDocument', () => {
  it('carries the consistency meta only when there is some', () => {
    expect(singleDocument({ data: page(1), url: '/api/v1/app-pages/p1' })).toEqual({
      data: page(1),
      links: { self: '/api/v1/app-pages/p1' },
    });
    expect(singleDocument({ data: null, url: '/u', consistency: { position: '9' } }).meta).toEqual({
      position: '9',
    });
  });
});

describe('serializeDocument', () => {
  it('writes a bigint anywhere in a document as a string, and a document without one as it is', () => {
    expect(serializeDocument({ data: { id: '1', meta: { version: 12n } }, meta: { total: 3 } })).toBe(
      '{"data":{"id":"1","meta":{"version":"12"}},"meta":{"total":3}}',
    );
    expect(serializeDocument({ data: [{ id: 'a', attributes: { n: 1, s: 'x' } }] })).toBe(
      '{"data":[{"id":"a","attributes":{"n":1,"s":"x"}}]}',
    );
  });

  it('lets any other failure through (a document that refers to itself)', () => {
    const looped: Record<string, unknown> = {};
    looped.self = looped;
    expect(() => serializeDocument(looped)).toThrow(TypeError);
  });
});
