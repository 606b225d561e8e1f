import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';

/**
 * A record's recordsCount (seed 001 §3, issue 22): the view and download records the statistics received for it,
 * kept by the `stats_records` projection and read by the resource layer beside the record's row, in a find and
 * in a list, after the records' write (minPosition).
 */
let app: AccountsTestApp;
let sql: postgres.Sql;

const BROWSER = (name: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0 count-${name}`;

beforeAll(async () => {
  app = await startAccountsApp();
  sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

async function create(type: string, attributes: object, relationships: Record<string, unknown> = {}) {
  const answer = await app.admin('POST', `/${type}`, {
    data: {
      type,
      attributes,
      relationships: Object.fromEntries(Object.entries(relationships).map(([n, data]) => [n, { data }])),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
}

async function record(records: Array<[string, string, string]>, name: string): Promise<string> {
  const answer = await app.browser().call('POST', '/api/v1/services/stats/records', {
    body: {
      records: records.map(([event, resourceType, resourceId]) => ({ event, resourceType, resourceId })),
    },
    headers: { 'User-Agent': BROWSER(name) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body.meta.position as string;
}

describe('recordsCount', () => {
  it('counts the views and downloads of each record, every day and origin together', async () => {
    const category = await create('categories', { name: 'Counted', allowContributions: true });
    const layout = { type: 'article-layouts', id: 'simple' };
    const categoryRef = { type: 'categories', id: category.id };
    const viewed = await create('articles', { title: 'Viewed' }, { layout, category: categoryRef });
    const unseen = await create('articles', { title: 'Unseen' }, { layout, category: categoryRef });
    await record(
      [
        ['view', 'articles', viewed.id],
        ['view', 'articles', viewed.id],
        ['view', 'app-pages', viewed.id],
      ],
      'one',
    );
    const position = await record(
      [
        ['view', 'articles', viewed.id],
        ['download', 'articles', viewed.id],
      ],
      'two',
    );

    // the projection's row (it may still be behind the write: polled), one per resource
    await expect
      .poll(async () => {
        const [r] = await sql<{ records: string }[]>`
          select records::text from read.stats_records_counts
          where resource_type = 'articles' and resource_id = ${viewed.id}`;
        return r?.records;
      })
      .toBe('4');

    const one = await app.admin('GET', `/articles/${viewed.id}?minPosition=${position}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.attributes.recordsCount).toBe(4);
    const list = await app.admin(
      'GET',
      `/articles?filter[category]=${category.id}&sort=createdAt&minPosition=${position}`,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(
      (list.body.data as Array<{ id: string; attributes: { recordsCount: number } }>).map((r) => [
        r.id,
        r.attributes.recordsCount,
      ]),
    ).toEqual([
      [viewed.id, 4],
      [unseen.id, 0],
    ]);
    // a sparse fieldset names it like any other attribute
    const sparse = await app.admin('GET', `/articles/${unseen.id}?fields[articles]=recordsCount`);
    expect(sparse.body.data.attributes).toEqual({ recordsCount: 0 });
  });
});
