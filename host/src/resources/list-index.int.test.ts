import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import {
  doc,
  FUTURE,
  layerTestResources,
  many,
  one,
  PAST,
  person,
  type Person,
} from '@platform/tests/support/layer-test-types';

/**
 * A list filtered by a relationship with a list index (ADR 0050: the stories' tags, as every taggable type's)
 * counts through its membership table, which triggers keep from the stories' rows. Each case changes what a
 * story names or who may read it, and checks that the count (read from the membership table) says what the page
 * (read from the stories' own table) shows, for a visitor, a member of a level, the author and an administrator;
 * and that the membership table holds exactly the stories naming the tag.
 */
const CAP = 3;
const MEMBER_LEVEL = 'member_level_1';

let app: AccountsTestApp;
let db: postgres.Sql;
let alice: Person;
let leveled: Person;
let tagId = '';
const stories = new Map<string, string>();
let position = '0';

const seen = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  if (answer.body.meta?.position) position = answer.body.meta.position;
  return answer;
};

async function write(
  name: string,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown>,
  by: 'admin' | Person = 'admin',
) {
  const body = doc('test-stories', { name, ...attributes }, relationships);
  const created = seen(
    by === 'admin'
      ? await app.admin('POST', '/test-stories', body)
      : await by.browser.call('POST', '/api/v1/test-stories', { body }),
  );
  stories.set(name, created.body.data.id as string);
}

const patch = async (
  name: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) =>
  seen(
    await app.admin(
      'PATCH',
      `/test-stories/${stories.get(name)}`,
      doc('test-stories', attributes, relationships, stories.get(name)),
    ),
  );

type Reader = 'visitor' | 'admin' | Person;
async function listed(reader: Reader, size: number, extra = '') {
  const path = `/test-stories?filter[tags]=${tagId}&page[size]=${size}&sort=name${extra}&minPosition=${position}`;
  const answer =
    reader === 'admin'
      ? await app.admin('GET', path)
      : reader === 'visitor'
        ? await app.browser().call('GET', `/api/v1${path}`)
        : await reader.browser.call('GET', `/api/v1${path}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    data: Array<{ attributes: { name: string } }>;
    meta: { total: number; totalCapped?: true };
  };
}

/** The names a reader lists under the tag; the count agrees with them, exact below the cap, capped above. */
async function names(reader: Reader, extra = '') {
  const whole = await listed(reader, 20, extra);
  const found = whole.data.map((r) => r.attributes.name);
  expect(whole.meta.total, `${found.join(', ')}: counted`).toBe(found.length);
  expect(whole.meta).not.toHaveProperty('totalCapped');
  const first = await listed(reader, 1, extra);
  expect(first.meta.total).toBe(Math.min(found.length, CAP));
  if (found.length > CAP) expect(first.meta.totalCapped).toBe(true);
  else expect(first.meta).not.toHaveProperty('totalCapped');
  return found;
}

/** The stories the membership table lists under the tag, by name (after a read that waited for the writes). */
async function members() {
  const rows = await db<
    { id: string }[]
  >`select id::text from read.test_stories_by_tags where target_id = ${tagId}`;
  const byId = new Map([...stories].map(([name, id]) => [id, name]));
  return rows.map((r) => byId.get(r.id)).sort();
}

beforeAll(async () => {
  app = await startAccountsApp({}, { resources: layerTestResources, listCountCap: CAP });
  db = postgres(app.databaseUrl, { max: 1, onnotice: () => {} });
  alice = await person(app, 'alice@list-index.example');
  leveled = await person(app, 'leveled@list-index.example', { accessLevel: MEMBER_LEVEL });
  const tag = seen(await app.admin('POST', '/tags', doc('tags', { name: 'Indexed' })));
  tagId = tag.body.data.id as string;
  const tagged = { tags: many('tags', [tagId]) };
  for (const name of ['a', 'b', 'c', 'd']) await write(name, { publishedAt: PAST }, tagged);
  await write('later', { publishedAt: FUTURE }, tagged);
  await write(
    'leveled',
    { publishedAt: PAST },
    { ...tagged, accessLevel: one('access-levels', MEMBER_LEVEL) },
  );
  await write('untagged', { publishedAt: PAST }, {});
  await write('draft', {}, tagged, alice);
});
afterAll(async () => {
  await db?.end();
  await app?.close();
});

describe('a list filtered by a relationship with a list index (ADR 0050)', () => {
  it('counts what each reader may read of the records naming the id', async () => {
    expect(await names('visitor')).toEqual(['a', 'b', 'c', 'd']);
    expect(await members()).toEqual(['a', 'b', 'c', 'd', 'draft', 'later', 'leveled']);
    expect(await names(leveled)).toEqual(['a', 'b', 'c', 'd', 'leveled']);
    // the author reads her draft; an administrator (who may update every story) reads them all
    expect(await names(alice)).toEqual(['a', 'b', 'c', 'd', 'draft']);
    expect(await names('admin')).toEqual(['a', 'b', 'c', 'd', 'draft', 'later', 'leveled']);
  });

  it('follows the records: a tag taken off and put back, a publication, a level, a soft deletion', async () => {
    await patch('a', {}, { tags: many('tags', []) });
    expect(await names('visitor')).toEqual(['b', 'c', 'd']);
    expect(await members()).not.toContain('a');

    await patch('untagged', {}, { tags: many('tags', [tagId]) });
    await patch('b', { publishedAt: null });
    await patch('leveled', {}, { accessLevel: one('access-levels', null) });
    expect(await names('visitor')).toEqual(['c', 'd', 'leveled', 'untagged']);

    seen(await app.admin('POST', `/test-stories/${stories.get('c')}/soft-delete`));
    expect(await names('visitor')).toEqual(['d', 'leveled', 'untagged']);
    // the soft-deleted story stays in the membership table, hidden by its deleted_at, listed for the restorer
    expect(await members()).toContain('c');
    expect(await names('admin', '&filter[trashed]=only')).toEqual(['c']);
    seen(await app.admin('POST', `/test-stories/${stories.get('c')}/restore`));
    expect(await names('visitor')).toEqual(['c', 'd', 'leveled', 'untagged']);

    // a record deleted for good leaves the membership table
    seen(await app.admin('DELETE', `/test-stories/${stories.get('d')}`));
    expect(await names('visitor')).toEqual(['c', 'leveled', 'untagged']);
    expect(await members()).not.toContain('d');
  });

  it('counts a list filtered by more than the indexed relationship from the records themselves', async () => {
    const path = `/test-stories?filter[tags]=${tagId}&filter[search]=untagged&minPosition=${position}`;
    const answer = await app.browser().call('GET', `/api/v1${path}`);
    expect(answer.status).toBe(200);
    expect(answer.body.meta.total).toBe(1);
  });

  it('reads the count from the membership table, the page from the records', async () => {
    const before = await listed('visitor', 20);
    const first = stories.get(before.data[0]!.attributes.name)!;
    await db`delete from read.test_stories_by_tags where id = ${first}`;
    try {
      const after = await listed('visitor', 20);
      expect(after.data).toHaveLength(before.data.length);
      expect(after.meta.total).toBe(before.meta.total - 1);
    } finally {
      // an update that changes the relationship rewrites the record's rows (one that changes nothing is skipped)
      await db`update read.test_stories set tags_ids = '{}' where id = ${first}`;
      await db`update read.test_stories set tags_ids = array[${tagId}::uuid] where id = ${first}`;
    }
    expect(await listed('visitor', 20)).toMatchObject({ meta: { total: before.meta.total } });
  });
});
