import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import {
  doc,
  ids,
  one,
  parameters,
  person,
  PAST,
  type Person,
} from '@platform/tests/support/layer-test-types';

/**
 * What the public pages of authors read (issue 21: "/users/{user}/profile and /organizations/{id} list what each
 * published"): a member's public profile (names, never their account), and the publications of one member or one
 * organization through the layer's list filters (filter[createdBy], filter[organization], filter[published]),
 * with the access levels filtered in SQL as for any list; and where each kind's component stands (the component
 * list's filter[name]) so that an item links to its page.
 */

let app: AccountsTestApp;
let author: Person;
let levelTwo: Person;
let last = '0';

const created = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  last = answer.body.meta.position as string;
  return answer.body.data.id as string;
};
const changed = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  last = answer.body.meta.position as string;
};
const read = (who: Browser | 'admin', path: string) => {
  const url = `${path}${path.includes('?') ? '&' : '?'}minPosition=${last}`;
  return who === 'admin' ? app.admin('GET', url) : who.call('GET', `/api/v1${url}`);
};
const listed = async (who: Browser | 'admin', path: string) => {
  const answer = await read(who, path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ids(answer);
};

/** A blog post the author writes, published by an administrator at `publishedAt` under `accessLevel`. */
async function post(
  title: string,
  publish: { publishedAt: string; accessLevel?: string } | null,
  by: Person = author,
) {
  const id = created(
    await by.browser.call('POST', `/api/v1/blog-posts?minPosition=${last}`, {
      body: doc('blog-posts', { title, slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}` }),
    }),
  );
  if (publish)
    changed(
      await app.admin(
        'PATCH',
        `/blog-posts/${id}?minPosition=${last}`,
        doc(
          'blog-posts',
          { publishedAt: publish.publishedAt },
          publish.accessLevel ? { accessLevel: one('access-levels', publish.accessLevel) } : undefined,
          id,
        ),
      ),
    );
  return id;
}

beforeAll(async () => {
  app = await startAccountsApp();
  [author, levelTwo] = await Promise.all([
    person(app, 'author@authors.example', {
      accessLevel: 'member_level_1',
      firstName: 'Ada',
      lastName: 'Maker',
    }),
    person(app, 'level-two@authors.example', { accessLevel: 'member_level_2' }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe("a member's public profile", () => {
  it('shows a visitor their names and nothing of their account; an unknown member is a 404', async () => {
    const visitor = app.browser();
    const answer = await read(visitor, `/users/${author.id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { attributes, relationships } = answer.body.data;
    expect(attributes).toMatchObject({ firstName: 'Ada', lastName: 'Maker', fullName: 'Ada Maker' });
    // the public profile of seed 000 §2.2, and nothing else: no e-mail, phone, roles, locale, dates
    expect(Object.keys(attributes).sort()).toEqual(
      [
        'avatarUrl',
        'description',
        'firstName',
        'fullName',
        'jobOther',
        'lastName',
        'organizationName',
      ].sort(),
    );
    expect(JSON.stringify(answer.body)).not.toContain('author@authors.example');
    expect(Object.keys(relationships)).toEqual(['job']);
    // another member reads the same public profile
    const other = await read(levelTwo.browser, `/users/${author.id}`);
    expect(Object.keys(other.body.data.attributes).sort()).toEqual(Object.keys(attributes).sort());
    expect((await read(visitor, `/users/${randomUUID()}`)).status).toBe(404);
    expect((await read(visitor, '/users/not-a-member')).status).toBe(404);
  });
});

describe('what one member published', () => {
  it('lists their published items the reader may see, newest first, and nobody else’s', async () => {
    const older = await post('Switch adapter', { publishedAt: PAST });
    const newer = await post('Eye-gaze notes', { publishedAt: '2001-01-01T00:00:00.000Z' });
    const levelled = await post('Level two only', {
      publishedAt: '2002-01-01T00:00:00.000Z',
      accessLevel: 'member_level_2',
    });
    const draft = await post('Unfinished draft', null);
    const someoneElse = await post('Another member’s post', { publishedAt: PAST }, levelTwo);

    const path = `/blog-posts?filter[createdBy]=${author.id}&filter[published]=true&sort=-publishedAt`;
    // a visitor: what everyone may see, the newest first
    expect(await listed(app.browser(), path)).toEqual([newer, older]);
    // a member of the second level reads the item of their level too
    expect(await listed(levelTwo.browser, path)).toEqual([levelled, newer, older]);
    // the author reads their draft in their own lists, but not among what they published
    expect(await listed(author.browser, path)).toEqual([levelled, newer, older]);
    expect(await listed(author.browser, `/blog-posts?filter[createdBy]=${author.id}`)).toContain(draft);
    expect(
      await listed(author.browser, `/blog-posts?filter[createdBy]=${author.id}&filter[published]=false`),
    ).toEqual([draft]);
    expect(await listed('admin', path)).not.toContain(someoneElse);
    // a page of one, with the total for the "more" button
    const first = await read(app.browser(), `${path}&page[size]=1`);
    expect(ids(first)).toEqual([newer]);
    expect(first.body.meta.total).toBe(2);
  });

  it('answers a bad filter with a 400 on its parameter', async () => {
    const createdBy = await read(app.browser(), '/blog-posts?filter[createdBy]=nobody');
    expect(createdBy.status).toBe(400);
    expect(parameters(createdBy)).toEqual(['filter[createdBy]']);
    const published = await read(app.browser(), '/blog-posts?filter[published]=maybe');
    expect(published.status).toBe(400);
    expect(parameters(published)).toEqual(['filter[published]']);
  });
});

describe('what one organization published', () => {
  it('lists the items its members wrote acting for it, as the reader may see them', async () => {
    const organization = created(
      await app.admin(
        'POST',
        '/organizations',
        doc(
          'organizations',
          { name: `Fab lab ${randomUUID()}` },
          { accessLevel: one('access-levels', null) },
        ),
      ),
    );
    changed(
      await app.admin('POST', `/organizations/${organization}/relationships/users`, {
        data: [{ type: 'users', id: author.id }],
      }),
    );
    changed(
      await author.browser.call(
        'PATCH',
        `/api/v1/users/me/relationships/acting-as-organization?minPosition=${last}`,
        { body: one('organizations', organization) },
      ),
    );
    const shared = await post('Shared by the lab', { publishedAt: PAST });
    const hidden = await post('Lab, level two', { publishedAt: PAST, accessLevel: 'member_level_2' });
    changed(
      await author.browser.call(
        'PATCH',
        `/api/v1/users/me/relationships/acting-as-organization?minPosition=${last}`,
        { body: one('organizations', null) },
      ),
    );
    const own = await post('Written for myself', { publishedAt: PAST });

    const path = `/blog-posts?filter[organization]=${organization}&filter[published]=true`;
    expect(await listed(app.browser(), path)).toEqual([shared]);
    expect((await listed(levelTwo.browser, path)).sort()).toEqual([shared, hidden].sort());
    expect(await listed('admin', path)).not.toContain(own);
    const document = await read(app.browser(), `/blog-posts/${shared}`);
    // the author of an organization's item is the organization (the author-organization feature is on)
    expect(document.body.data.attributes.author).toMatchObject({ type: 'organizations', id: organization });
    const mine = await read(app.browser(), `/blog-posts/${own}`);
    expect(mine.body.data.attributes.author).toEqual({ type: 'users', id: author.id, name: 'Ada Maker' });
  });
});

describe('where each kind of publication is shown', () => {
  it('finds the pages that show a component of a type (filter[name]), and refuses an unknown type', async () => {
    const path = `/blog-${randomUUID().slice(0, 8)}`;
    const page = created(
      await app.admin('POST', '/app-pages', {
        data: { type: 'app-pages', attributes: { path, title: 'Blog' } },
      }),
    );
    created(
      await app.admin('POST', '/app-page-components', {
        data: {
          type: 'app-page-components',
          attributes: { name: 'blog-posts', props: {}, position: 0 },
          relationships: { page: { data: { type: 'app-pages', id: page } } },
        },
      }),
    );
    const found = await read(app.browser(), '/app-page-components?filter[name]=blog-posts&include=page');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(
      found.body.data.every((c: { attributes: { name: string } }) => c.attributes.name === 'blog-posts'),
    ).toBe(true);
    expect(found.body.included.map((p: { attributes: { path: string } }) => p.attributes.path)).toContain(
      path,
    );
    const bad = await read(app.browser(), '/app-page-components?filter[name]=no-such-component');
    expect(bad.status).toBe(400);
    expect(parameters(bad)).toEqual(['filter[name]']);
  });
});
