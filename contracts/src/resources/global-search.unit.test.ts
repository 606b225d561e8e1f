import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { resourceCatalogue } from './catalogue.ts';
import { defineResource } from './definition.ts';

const base = {
  singular: 'thing',
  category: 'thing',
  eventPrefix: 'Thing',
  module: 'things',
  menu: { group: null, icon: 'star' },
  attributes: z.object({ name: z.string(), size: z.number().default(1), note: z.string().default('') }),
  access: { index: 'everyone', show: 'everyone' },
} as const;

describe('a definition’s globalSearch', () => {
  it('is null when the type is not searchable, and kept as declared otherwise', () => {
    expect(defineResource({ ...base, type: 'things' }).globalSearch).toBeNull();
    const searchable = defineResource({
      ...base,
      type: 'things',
      globalSearch: { title: 'name', path: { route: '/things/:key', key: 'id' } },
    });
    expect(searchable.globalSearch).toEqual({
      title: 'name',
      description: null,
      path: { route: '/things/:key', key: 'id' },
    });
  });

  it('refuses a title that is no text, a route without :key, a hidden field and a read gate', () => {
    expect(() =>
      defineResource({
        ...base,
        type: 'things',
        globalSearch: { title: 'size', path: { route: '/things/:key', key: 'id' } },
      }),
    ).toThrow(/text attribute/);
    expect(() =>
      defineResource({
        ...base,
        type: 'things',
        globalSearch: { title: 'name', path: { route: '/things', key: 'id' } },
      }),
    ).toThrow(/:key/);
    expect(() =>
      defineResource({
        ...base,
        type: 'things',
        fieldAccess: { note: { read: 'admin' } },
        globalSearch: { title: 'name', description: 'note', path: { component: 'things', key: 'id' } },
      }),
    ).toThrow(/every reader reads/);
    expect(() =>
      defineResource({
        ...base,
        type: 'things',
        relationships: { on: { type: 'things', readGate: true } },
        globalSearch: { title: 'name', path: { component: 'things', key: 'id' } },
      }),
    ).toThrow(/read gate/);
  });

  it('makes the catalogue’s publications, repository items, forum subjects, organizations and badges searchable', () => {
    expect(resourceCatalogue.filter((d) => d.globalSearch).map((d) => d.type)).toEqual(
      expect.arrayContaining([
        'articles',
        'blog-posts',
        'calendar-events',
        'repository-items',
        'forum-subjects',
        'organizations',
        'open-badges',
      ]),
    );
  });
});
