import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagColour } from '@platform/contracts/content/tag';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import {
  doc,
  FUTURE,
  ids,
  layerTestResources,
  many,
  one,
  parameters,
  PAST,
  person,
  pointers,
  type Person,
} from '@platform/tests/support/layer-test-types';

/**
 * The traits of the resource layer (publishable, publication item, taggable, categorised), its includes and
 * relationship filters, as each kind of viewer meets them: a visitor, members at each access level, the author,
 * a member acting as the record's organization, an application administrator and the administrator.
 */
let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp({}, { resources: layerTestResources });
});
afterAll(async () => {
  await app.close();
});

const created = (answer: Answer): { id: string; position: string } => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};
const story = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
  doc('test-stories', attributes, relationships);
const asAdmin = (path: string) => app.admin('GET', path);
const as = (viewer: Browser | 'admin', path: string) =>
  viewer === 'admin' ? asAdmin(path) : viewer.call('GET', `/api/v1${path}`);

describe('publishable', () => {
  it('hides unpublished, future and higher-level records from readers, not from those who may update them', async () => {
    const author = await person(app, 'pub-author@example.test');
    const levelOne = await person(app, 'pub-level-one@example.test', { accessLevel: 'member_level_1' });
    const levelTwo = await person(app, 'pub-level-two@example.test', { accessLevel: 'member_level_2' });
    const appAdmin = await person(app, 'pub-app-admin@example.test', { roles: ['app_admin'] });
    const other = await person(app, 'pub-other@example.test');
    const visitor = app.browser();

    const write = (name: string, publishedAt: string | null, level?: string) =>
      author.browser.call('POST', '/api/v1/test-stories', {
        body: story({ name, publishedAt }, level ? { accessLevel: one('access-levels', level) } : undefined),
      });
    const open = created(await write('Pubtest open', PAST));
    const draft = created(await write('Pubtest draft', null));
    const future = created(await write('Pubtest future', FUTURE));
    const high = created(await write('Pubtest level two', PAST, 'member_level_2'));
    const at = high.position;
    const list = async (viewer: Browser | 'admin') => {
      const answer = await as(viewer, `/test-stories?filter[search]=Pubtest&minPosition=${at}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return ids(answer).sort();
    };
    const all = [open.id, draft.id, future.id, high.id].sort();
    expect(await list(visitor)).toEqual([open.id]);
    expect(await list(other.browser)).toEqual([open.id]);
    expect(await list(levelOne.browser)).toEqual([open.id]);
    expect(await list(levelTwo.browser)).toEqual([open.id, high.id].sort());
    expect(await list(author.browser)).toEqual(all);
    expect(await list(appAdmin.browser)).toEqual(all);
    expect(await list('admin')).toEqual(all);

    // a find filters in SQL as a list does: a hidden record is not found
    const find = async (viewer: Browser | 'admin', id: string) =>
      (await as(viewer, `/test-stories/${id}?minPosition=${at}`)).status;
    expect(await find(visitor, draft.id)).toBe(404);
    expect(await find(visitor, future.id)).toBe(404);
    expect(await find(visitor, open.id)).toBe(200);
    expect(await find(levelOne.browser, high.id)).toBe(404);
    expect(await find(levelTwo.browser, high.id)).toBe(200);
    expect(await find(levelTwo.browser, draft.id)).toBe(404);
    expect(await find(author.browser, draft.id)).toBe(200);
    expect(await find(appAdmin.browser, future.id)).toBe(200);
    expect(await find('admin', high.id)).toBe(200);

    // ... but it exists, so that the web can say "not allowed" rather than "not found"
    const exists = async (viewer: Browser, id: string) => {
      const answer = await viewer.call('GET', `/api/v1/services/publishables/test-stories/${id}`);
      expect(answer.status).toBe(200);
      return answer.body.data.exists as boolean;
    };
    expect(await exists(visitor, draft.id)).toBe(true);
    expect(await exists(visitor, future.id)).toBe(true);
    expect(await exists(levelOne.browser, high.id)).toBe(true);
    expect(await exists(visitor, '0a000000-0000-4000-8000-0000000000aa')).toBe(false);

    // publishing it shows it to readers; publishedAt filters and sorts like an attribute
    const published = await author.browser.call('PATCH', `/api/v1/test-stories/${draft.id}`, {
      body: doc('test-stories', { publishedAt: PAST }, undefined, draft.id),
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const now = await visitor.call(
      'GET',
      `/api/v1/test-stories/${draft.id}?minPosition=${published.body.meta.position}`,
    );
    expect(now.status).toBe(200);
    expect(now.body.data.attributes.publishedAt).toBe(PAST);
    const sorted = await app.admin('GET', `/test-stories?filter[search]=Pubtest&sort=-publishedAt,name`);
    expect(ids(sorted)[0]).toBe(future.id);
    const filtered = await app.admin('GET', `/test-stories?filter[publishedAt]=${FUTURE}`);
    expect(ids(filtered)).toEqual([future.id]);
  });
});

describe('publication item', () => {
  it('belongs to the acting organization, names its authors and tells each viewer what they may do', async () => {
    const guild = await app.admin(
      'POST',
      '/organizations',
      doc('organizations', { name: 'Story Guild' }, { accessLevel: one('access-levels', null) }),
    );
    const organizationId = created(guild).id;
    const author = await person(app, 'item-author@example.test', { firstName: 'Ada', lastName: 'Writer' });
    const colleague = await person(app, 'item-colleague@example.test', { firstName: 'Cleo' });
    const listed = await person(app, 'item-listed@example.test');
    const outsider = await person(app, 'item-outsider@example.test');
    const appAdmin = await person(app, 'item-app-admin@example.test', { roles: ['app_admin'] });
    const joined = await app.admin(
      'POST',
      `/organizations/${organizationId}/relationships/users`,
      many('users', [author.id, colleague.id]),
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    let position = joined.body.meta.position as string;
    for (const member of [author, colleague]) {
      const switched = await member.browser.call(
        'PATCH',
        `/api/v1/users/me/relationships/acting-as-organization?minPosition=${position}`,
        { body: one('organizations', organizationId) },
      );
      expect(switched.status, JSON.stringify(switched.body)).toBe(200);
      position = switched.body.meta.position as string;
    }

    const written = await author.browser.call('POST', `/api/v1/test-stories?minPosition=${position}`, {
      body: story({ name: 'Guild chronicle', publishedAt: PAST }, { members: many('users', [listed.id]) }),
    });
    const { id, position: at } = created(written);
    const read = await app.admin(
      'GET',
      `/test-stories/${id}?include=createdBy,organization&minPosition=${at}`,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.relationships).toMatchObject({
      organization: one('organizations', organizationId),
      createdBy: one('users', author.id),
      updatedBy: one('users', author.id),
    });
    expect(read.body.included).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'users',
          id: author.id,
          attributes: { firstName: 'Ada', lastName: 'Writer' },
        }),
        expect.objectContaining({
          type: 'organizations',
          id: organizationId,
          // an organization is a resource: included as its own documents show it
          attributes: expect.objectContaining({ name: 'Story Guild', slug: 'story-guild' }),
        }),
      ]),
    );

    const flags = async (viewer: Browser | 'admin') => {
      const answer = await as(viewer, `/test-stories/${id}?minPosition=${at}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { canEdit, canDelete } = answer.body.data.attributes as { canEdit: boolean; canDelete: boolean };
      return { canEdit, canDelete };
    };
    const both = { canEdit: true, canDelete: true };
    expect(await flags(author.browser)).toEqual(both);
    expect(await flags(colleague.browser)).toEqual(both);
    expect(await flags(appAdmin.browser)).toEqual(both);
    expect(await flags('admin')).toEqual(both);
    // a member the record lists may edit it (the member rule of update), not delete it
    expect(await flags(listed.browser)).toEqual({ canEdit: true, canDelete: false });
    expect(await flags(outsider.browser)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(app.browser())).toEqual({ canEdit: false, canDelete: false });

    // what the flags say is what the command side does
    const rename = (who: Person, name: string) =>
      who.browser.call('PATCH', `/api/v1/test-stories/${id}`, {
        body: doc('test-stories', { name }, undefined, id),
      });
    expect((await rename(outsider, 'Not mine')).status).toBe(403);
    expect((await outsider.browser.call('DELETE', `/api/v1/test-stories/${id}`)).status).toBe(403);
    expect((await listed.browser.call('DELETE', `/api/v1/test-stories/${id}`)).status).toBe(403);
    expect((await rename(listed, 'Guild chronicle, listed')).status).toBe(200);
    const byColleague = await rename(colleague, 'Guild chronicle, revised');
    expect(byColleague.status, JSON.stringify(byColleague.body)).toBe(200);
    const after = await app.admin(
      'GET',
      `/test-stories/${id}?include=updatedBy&minPosition=${byColleague.body.meta.position}`,
    );
    expect(after.body.data.relationships.updatedBy).toEqual(one('users', colleague.id));
    expect(after.body.data.relationships.createdBy).toEqual(one('users', author.id));
    expect(after.body.included).toEqual([
      expect.objectContaining({
        type: 'users',
        id: colleague.id,
        attributes: expect.objectContaining({ firstName: 'Cleo' }),
      }),
    ]);

    // an unpublished record of the organization is seen by those acting as it, not by others
    const draft = created(
      await author.browser.call('POST', '/api/v1/test-stories', { body: story({ name: 'Guild draft' }) }),
    );
    const draftFor = async (who: Person) =>
      (await who.browser.call('GET', `/api/v1/test-stories/${draft.id}?minPosition=${draft.position}`))
        .status;
    expect(await draftFor(colleague)).toBe(200);
    expect(await draftFor(listed)).toBe(404);
    expect(await draftFor(outsider)).toBe(404);

    // a member acting as nobody writes a record of no organization
    const alone = await outsider.browser.call('POST', '/api/v1/test-stories', {
      body: story({ name: 'Solo piece' }),
    });
    const solo = await app.admin(
      'GET',
      `/test-stories/${created(alone).id}?minPosition=${alone.body.meta.position}`,
    );
    expect(solo.body.data.relationships.organization).toEqual({ data: null });
  });
});

describe('taggable and categorised', () => {
  it('filters by tag and category, includes them with sparse fieldsets, and gives tags their colour', async () => {
    const tag = async (name: string) => created(await app.admin('POST', '/tags', doc('tags', { name }))).id;
    const shelf = async (name: string) =>
      created(await app.admin('POST', '/test-shelves', doc('test-shelves', { name }))).id;
    const wheels = await tag('Tagtest wheels');
    const hoists = await tag('Tagtest hoists');
    const shelfA = await shelf('Tagtest shelf A');
    const shelfB = await shelf('Tagtest shelf B');
    const write = async (name: string, tags: string[], category: string | null) =>
      created(
        await app.admin(
          'POST',
          '/test-stories',
          story(
            { name, publishedAt: PAST },
            { tags: many('tags', tags), category: one('test-shelves', category) },
          ),
        ),
      );
    const first = await write('Tagtest one', [wheels], shelfA);
    const second = await write('Tagtest two', [wheels, hoists], shelfB);
    const third = await write('Tagtest three', [], null);
    const visitor = app.browser();
    const list = async (query: string) => {
      const answer = await visitor.call(
        'GET',
        `/api/v1/test-stories?filter[search]=Tagtest&${query}&minPosition=${third.position}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    };
    expect(ids(await list(`filter[tags]=${wheels}`)).sort()).toEqual([first.id, second.id].sort());
    expect(ids(await list(`filter[tags]=${hoists}`))).toEqual([second.id]);
    expect(ids(await list(`filter[category]=${shelfA}`))).toEqual([first.id]);
    expect(ids(await list('filter[category]=null'))).toEqual([third.id]);
    expect(ids(await list(`filter[tags]=${hoists}&filter[category]=${shelfA}`))).toEqual([]);

    const included = await list(`filter[tags]=${wheels}&include=tags,category&fields[tags]=name`);
    expect(included.body.data).toHaveLength(2);
    const found = included.body.included as Array<{ type: string; id: string; attributes: unknown }>;
    expect(found.filter((r) => r.type === 'tags').sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { type: 'tags', id: wheels, attributes: { name: 'Tagtest wheels' } },
        { type: 'tags', id: hoists, attributes: { name: 'Tagtest hoists' } },
      ]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((t) => expect.objectContaining(t)),
    );
    expect(
      found
        .filter((r) => r.type === 'test-shelves')
        .map((r) => r.id)
        .sort(),
    ).toEqual([shelfA, shelfB].sort());
    expect(found.find((r) => r.id === shelfA)?.attributes).toMatchObject({ name: 'Tagtest shelf A' });

    // without a sparse fieldset an included tag carries its colour, the same one the tag's own document has
    const withColour = await list(`filter[tags]=${hoists}&include=tags`);
    const hoistsIncluded = withColour.body.included.find((r: { id: string }) => r.id === hoists);
    expect(hoistsIncluded.attributes).toEqual({
      name: 'Tagtest hoists',
      colour: tagColour(hoists),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const own = await visitor.call('GET', `/api/v1/tags/${hoists}`);
    expect(own.body.data.attributes.colour).toBe(tagColour(hoists));
    // the record's relationships name them in any case
    const one2 = await visitor.call('GET', `/api/v1/test-stories/${second.id}`);
    expect(one2.body.data.relationships.tags).toEqual(many('tags', [wheels, hoists]));
    expect(one2.body.data.relationships.category).toEqual(one('test-shelves', shelfB));
  });
});

describe('bad input', () => {
  it('answers an unknown include, an unknown or ill-typed filter with 400 on the parameter', async () => {
    const visitor = app.browser();
    const get = (query: string) => visitor.call('GET', `/api/v1/test-stories?${query}`);
    const unknownInclude = await get('include=unknown');
    expect(unknownInclude.status).toBe(400);
    expect(parameters(unknownInclude)).toEqual(['include']);
    const nested = await get('include=tags.unknown');
    expect(nested.status).toBe(400);
    expect(parameters(nested)).toEqual(['include']);
    const unknownOnFind = await visitor.call(
      'GET',
      '/api/v1/test-stories/0a000000-0000-4000-8000-0000000000bb?include=unknown',
    );
    expect(unknownOnFind.status).toBe(400);
    expect(parameters(unknownOnFind)).toEqual(['include']);
    const unknownRelationship = await get('filter[unknownRel]=x');
    expect(unknownRelationship.status).toBe(400);
    expect(parameters(unknownRelationship)).toEqual(['filter[unknownRel]']);
    const badCategory = await get('filter[category]=not-a-uuid');
    expect(badCategory.status).toBe(400);
    expect(parameters(badCategory)).toEqual(['filter[category]']);
    // a to-many relationship holds no "none": null is not one of its values
    const nullTags = await get('filter[tags]=null');
    expect(nullTags.status).toBe(400);
    expect(parameters(nullTags)).toEqual(['filter[tags]']);
    const badLevel = await get('filter[accessLevel]=Not-A-Level');
    expect(badLevel.status).toBe(400);
    expect(parameters(badLevel)).toEqual(['filter[accessLevel]']);
    const badFields = await get('fields[tags]=name,weight');
    expect(badFields.status).toBe(400);
    expect(parameters(badFields)).toEqual(['fields[tags]']);
  });

  it('answers a relationship of the wrong type or naming nothing with 422 on its pointer, storing nothing', async () => {
    const writer = await person(app, 'bad-writer@example.test');
    const tag = created(await app.admin('POST', '/tags', doc('tags', { name: 'Badtest tag' })));
    const post = (relationships: Record<string, unknown>) =>
      writer.browser.call('POST', '/api/v1/test-stories', {
        body: story({ name: 'Badtest story' }, relationships),
      });
    const userAsTag = await post({ tags: many('users', [writer.id]) });
    expect(userAsTag.status).toBe(422);
    expect(pointers(userAsTag)).toEqual(['/data/relationships/tags/data/0/type']);
    const tagAsCategory = await post({ category: one('tags', tag.id) });
    expect(tagAsCategory.status).toBe(422);
    expect(pointers(tagAsCategory)).toEqual(['/data/relationships/category/data/type']);
    const toOneAsMany = await post({ owner: many('users', [writer.id]) });
    expect(toOneAsMany.status).toBe(422);
    expect(pointers(toOneAsMany)[0]).toMatch(/^\/data\/relationships\/owner\/data/);
    const missingTag = await post({ tags: many('tags', [tag.id, '0a000000-0000-4000-8000-0000000000cc']) });
    expect(missingTag.status).toBe(422);
    expect(pointers(missingTag)).toEqual(['/data/relationships/tags/data/1/id']);
    const unknownLevel = await post({ accessLevel: one('access-levels', 'member_level_9') });
    expect(unknownLevel.status).toBe(422);
    expect(pointers(unknownLevel)).toEqual(['/data/relationships/accessLevel/data/id']);
    const unknownRelationship = await post({ author: one('users', writer.id) });
    expect(unknownRelationship.status).toBe(422);
    // nothing was stored: the name (and its slug) is still free
    const fine = await post({ tags: many('tags', [tag.id]) });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    const listed = await app.admin(
      'GET',
      `/test-stories?filter[search]=Badtest&minPosition=${fine.body.meta.position}`,
    );
    expect(ids(listed)).toEqual([fine.body.data.id]);
  });
});
