import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { APP_ADMINS } from '@platform/contracts/resources/access';
import { defineResource } from '@platform/contracts/resources/definition';
import { adminTagResource } from '@platform/contracts/site-settings/lists';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';

/** A record type of the test's own: a name, a kind to filter by, tags to include. */
const widgetResource = defineResource({
  type: 'test-widgets',
  singular: 'test-widget',
  category: 'testwidget',
  eventPrefix: 'TestWidget',
  module: 'tests',
  menu: { group: 'rental', icon: 'build' },
  attributes: z.object({
    name: z.string().trim().min(1).max(40),
    kind: z.enum(['many', 'few']).default('many'),
  }),
  relationships: { tags: { type: 'admin-tags', many: true } },
  access: {
    see: APP_ADMINS,
    index: 'signedIn',
    show: 'signedIn',
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: APP_ADMINS,
  },
  filters: ['kind'],
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

/** The cap lowered so that a handful of records reach it (ADR 0045; LIST_COUNT_CAP in production). */
const CAP = 3;

let app: AccountsTestApp;
/** the position of the last record written: every read waits for it */
let position = '0';
let tagId = '';
beforeAll(async () => {
  app = await startAccountsApp({}, { resources: [adminTagResource, widgetResource], listCountCap: CAP });
  const tag = await app.admin('POST', '/admin-tags', {
    data: { type: 'admin-tags', attributes: { name: 'Counted' } },
  });
  expect(tag.status).toBe(201);
  tagId = tag.body.data.id as string;
  // seven of one kind, two of the other
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => ({ name: `many ${n}`, kind: 'many' }));
  for (const attributes of [...names, { name: 'few a', kind: 'few' }, { name: 'few b', kind: 'few' }]) {
    const created = await app.admin('POST', '/test-widgets', {
      data: {
        type: 'test-widgets',
        attributes,
        relationships: { tags: { data: [{ type: 'admin-tags', id: tagId }] } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    position = created.body.meta.position as string;
  }
});
afterAll(async () => {
  await app.close();
});

const list = async (query: string) => {
  const answer = await app.admin('GET', `/test-widgets?filter[kind]=many&${query}&minPosition=${position}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    data: Array<{ attributes: { name: string } }>;
    included?: unknown[];
    meta: { total: number; totalCapped?: true; page: { number: number; totalPages: number } };
    links: { next: string | null; last: string | null; prev: string | null };
  };
};
const names = (body: { data: Array<{ attributes: { name: string } }> }) =>
  body.data.map((r) => r.attributes.name);

describe('a list counts at most its bound (ADR 0045)', () => {
  it('says "at least the cap" past it, with a next page and no last one', async () => {
    const first = await list('page[number]=1&page[size]=2');
    expect(names(first)).toEqual(['many a', 'many b']);
    expect(first.meta).toMatchObject({ total: CAP, totalCapped: true, page: { number: 1, totalPages: 2 } });
    expect(first.links.next).toContain('page[number]=2&page[size]=2');
    expect(first.links.last).toBeNull();
    expect(first.links.prev).toBeNull();
  });

  it('counts as far as a deep page reaches: the bound grows with the offset', async () => {
    const third = await list('page[number]=3&page[size]=2');
    expect(names(third)).toEqual(['many e', 'many f']);
    // offset 4 + size 2: six counted, a seventh found
    expect(third.meta).toMatchObject({ total: 6, totalCapped: true, page: { number: 3, totalPages: 3 } });
    expect(third.links.next).toContain('page[number]=4');
    expect(third.links.prev).toContain('page[number]=2');
    expect(third.links.last).toBeNull();

    // the last page's bound (8) is past the list's end: its count is exact
    const fourth = await list('page[number]=4&page[size]=2');
    expect(names(fourth)).toEqual(['many g']);
    expect(fourth.meta.total).toBe(7);
    expect(fourth.meta).not.toHaveProperty('totalCapped');
    expect(fourth.meta.page.totalPages).toBe(4);
    expect(fourth.links.next).toBeNull();
    expect(fourth.links.last).toContain('page[number]=4');
  });

  it('counts a page past the end exactly, on its own', async () => {
    const past = await list('page[number]=9&page[size]=2');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(7);
    expect(past.meta).not.toHaveProperty('totalCapped');
    expect(past.links.last).toContain('page[number]=4');
    expect(past.links.prev).toContain('page[number]=4');
    expect(past.links.next).toBeNull();
  });

  it('caps the count of a page read with its includes alike', async () => {
    const first = await list('include=tags&page[number]=2&page[size]=2');
    expect(names(first)).toEqual(['many c', 'many d']);
    expect(first.included).toEqual([expect.objectContaining({ type: 'admin-tags', id: tagId })]);
    expect(first.meta).toMatchObject({ total: 4, totalCapped: true, page: { totalPages: 2 } });
    expect(first.links.next).toContain('page[number]=3');
  });

  it('counts exactly up to the bound: a page as long as the list, a list at the cap, a short one', async () => {
    const whole = await list('page[size]=10');
    expect(whole.meta.total).toBe(7);
    expect(whole.meta).not.toHaveProperty('totalCapped');
    expect(whole.links.next).toBeNull();

    const searched = await app.admin(
      'GET',
      `/test-widgets?filter[search]=few&page[size]=1&minPosition=${position}`,
    );
    // bound = the cap (3): two found, exact
    expect(searched.body.meta).toEqual(
      expect.objectContaining({ total: 2, page: { number: 1, size: 1, totalPages: 2 } }),
    );
    expect(searched.body.meta).not.toHaveProperty('totalCapped');
    expect(searched.body.links.last).toContain('page[number]=2');

    // all nine at size 3: bound 3, so capped; at size 9, exact
    const all = await app.admin('GET', `/test-widgets?page[size]=3&minPosition=${position}`);
    expect(all.body.meta).toMatchObject({ total: 3, totalCapped: true, page: { totalPages: 1 } });
    expect(all.body.links.next).toContain('page[number]=2');
    const exact = await app.admin('GET', `/test-widgets?page[size]=9&minPosition=${position}`);
    expect(exact.body.meta.total).toBe(9);
    expect(exact.body.meta).not.toHaveProperty('totalCapped');
  });
});
