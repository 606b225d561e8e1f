import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@platform/contracts/metadata';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';

/**
 * The publications', the repository's and the forum's records (issue 21) on the real platform, through the
 * generic API as an administrator: each new type is created (or, for the fixed and read-only ones, found), listed
 * and read back. The publication requests' events are appended to their item's stream as the workflow does.
 */

let app: AccountsTestApp;
/** the position of the latest write, for reading it back */
let position = 0n;

const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > position) position = BigInt(at);
  return answer;
};
const after = (path: string) => `${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`;
const admin = async (method: string, path: string, body?: unknown) =>
  note(await app.admin(method, path, body));

/** Creates a record as an administrator; answers its id. */
async function create(
  type: string,
  attributes: object,
  relationships: Record<string, unknown> = {},
): Promise<string> {
  const answer = await admin('POST', `/${type}`, {
    data: {
      type,
      attributes,
      relationships: Object.fromEntries(
        Object.entries(relationships).map(([name, data]) => [name, { data }]),
      ),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
}

/** Lists a type (after the latest write) and reads one record of it: answers the record's document. */
async function listAndRead(type: string, id: string): Promise<Record<string, unknown>> {
  const list = await app.admin('GET', after(`/${type}?page[size]=100`));
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  expect((list.body.data as Array<{ id: string }>).map((r) => r.id)).toContain(id);
  const one = await app.admin('GET', after(`/${type}/${id}`));
  expect(one.status, JSON.stringify(one.body)).toBe(200);
  expect(one.body.data).toMatchObject({ type, id });
  return one.body.data as Record<string, unknown>;
}

const ref = (type: string, id: string) => ({ type, id });

beforeAll(async () => {
  app = await startAccountsApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the publications’ records through the generic API', () => {
  it('article-layouts: the three fixed rows, listed and read, renamed by an administrator', async () => {
    const list = await app.admin('GET', '/article-layouts');
    expect(list.status).toBe(200);
    expect((list.body.data as Array<{ id: string }>).map((r) => r.id).sort()).toEqual([
      'navigation',
      'pagination',
      'simple',
    ]);
    const renamed = await admin('PATCH', '/article-layouts/navigation', {
      data: { type: 'article-layouts', id: 'navigation', attributes: { name: 'With a table of contents' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const read = await listAndRead('article-layouts', 'navigation');
    expect(read.attributes).toMatchObject({ name: 'With a table of contents' });
    // fixed: none is added through the API
    const added = await admin('POST', '/article-layouts', {
      data: { type: 'article-layouts', attributes: { name: 'Another' } },
    });
    expect(added.status).toBe(403);
  });

  it('categories: created with its default layout named, listed and read', async () => {
    const id = await create(
      'categories',
      { name: 'News', allowContributions: true, alertText: 'Read the charter first' },
      { defaultLayout: ref('article-layouts', 'pagination') },
    );
    const read = await listAndRead('categories', id);
    expect(read.attributes).toMatchObject({ name: 'News', allowContributions: true, hasImage: false });
    expect(read.relationships).toMatchObject({
      defaultLayout: { data: ref('article-layouts', 'pagination') },
    });
  });

  it('articles: created in a layout and a category, with sections; listed and read as a draft', async () => {
    const category = await create('categories', { name: 'Guides', allowContributions: true });
    const sections = [
      { id: randomUUID(), title: 'Choosing', content: '<p>Pick a <b>switch</b> that fits the hand.</p>' },
      { id: randomUUID(), title: 'Wiring', content: '<p>Solder the jack.</p>' },
    ];
    const id = await create(
      'articles',
      { title: 'Switch adapters', sections },
      { layout: ref('article-layouts', 'navigation'), category: ref('categories', category) },
    );
    const read = await listAndRead('articles', id);
    expect(read.attributes).toMatchObject({
      title: 'Switch adapters',
      sections,
      unlisted: false,
      publishedAt: null,
      hasComments: true,
      status: 'draft',
      excerpt: 'Pick a switch that fits the hand.',
      recordsCount: 0,
      pendingPublicationRequest: null,
    });
    expect(read.relationships).toMatchObject({
      layout: { data: ref('article-layouts', 'navigation') },
      category: { data: ref('categories', category) },
      associatedOrganizations: { data: [] },
    });
  });

  it('blog-posts: created with a slug made from its title; listed, read by id and by slug', async () => {
    const id = await create('blog-posts', {
      title: 'Welcome to the community',
      content: '<p>Hello</p>',
      publishedAt: new Date().toISOString(),
    });
    const read = await listAndRead('blog-posts', id);
    expect(read.attributes).toMatchObject({ slug: 'welcome-to-the-community', excerpt: 'Hello' });
    const bySlug = await app.admin('GET', after('/blog-posts/welcome-to-the-community'));
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.id).toBe(id);
  });

  it('calendar-events: created online at its link; listed and read; an end before the start is refused', async () => {
    const id = await create('calendar-events', {
      title: 'Open lab evening',
      description: '<p>Bring your prototypes.</p>',
      isRealLocation: false,
      location: 'https://meet.example.org/open-lab',
      startAt: '2030-05-04T17:00:00+02:00',
      endAt: '2030-05-04T19:00:00+02:00',
    });
    const read = await listAndRead('calendar-events', id);
    expect(read.attributes).toMatchObject({ title: 'Open lab evening', isRealLocation: false });
    const backwards = await admin('POST', '/calendar-events', {
      data: {
        type: 'calendar-events',
        attributes: { title: 'Backwards', startAt: '2030-05-04T19:00:00Z', endAt: '2030-05-04T17:00:00Z' },
      },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].source.pointer).toBe('/data/attributes/endAt');
  });

  it('publication-requests: built from a request’s event on its item’s stream; listed and read, never written', async () => {
    const item = await create('blog-posts', { title: 'Awaiting publication' });
    const requestId = randomUUID();
    const eventId = randomUUID();
    const at = new Date().toISOString();
    const metadata: EventMetadata = {
      eventId,
      correlationId: eventId,
      causationId: eventId,
      actor: { userId: randomUUID(), actingAsOrganizationId: null, impersonatorId: null },
      recordedAt: at,
      schemaVersion: 1,
    };
    const appended = await app.platform.eventStore.appendToStream(`blogpost-${item}`, [
      {
        eventId,
        type: 'PublicationRequestSubmitted',
        data: {
          requestId,
          itemType: 'blog-posts',
          itemId: item,
          description: 'Ready for the front page',
          targetedPublishedAt: null,
          submittedAt: at,
          by: metadata.actor.userId,
        },
        metadata,
      },
    ]);
    if (appended.position > position) position = appended.position;
    const read = await listAndRead('publication-requests', requestId);
    expect(read.attributes).toMatchObject({
      status: 'pending',
      description: 'Ready for the front page',
      targetedPublishedAt: null,
      submittedAt: expect.any(String),
      decidedAt: null,
    });
    expect(read.relationships).toMatchObject({ publishable: { data: ref('blog-posts', item) } });
    // the item itself is unchanged by its request's event
    const post = await app.admin('GET', after(`/blog-posts/${item}`));
    expect(post.body.data.attributes).toMatchObject({ title: 'Awaiting publication', publishedAt: null });
    const written = await admin('POST', '/publication-requests', {
      data: { type: 'publication-requests', attributes: { description: 'By hand' } },
    });
    expect(written.status).toBe(403);
  });
});

describe('the repository’s records through the generic API', () => {
  let item = '';

  it('repository-categories: created, listed and read with its count', async () => {
    const id = await create('repository-categories', {
      name: 'Switches',
      shortDescription: 'Adapted switches',
    });
    const read = await listAndRead('repository-categories', id);
    expect(read.attributes).toMatchObject({ name: 'Switches', repositoryItemsCount: 0 });
  });

  it('repository-items: created in categories, listed and read', async () => {
    const category = await create('repository-categories', { name: 'Mounts' });
    item = await create(
      'repository-items',
      { title: 'Wheelchair tablet mount', description: '<p>Printed in PETG.</p>' },
      { categories: [ref('repository-categories', category)] },
    );
    const read = await listAndRead('repository-items', item);
    expect(read.attributes).toMatchObject({
      title: 'Wheelchair tablet mount',
      printerSettingsDescription: null,
      recordsCount: 0,
      pendingPublicationRequest: null,
    });
    expect(read.relationships).toMatchObject({
      categories: { data: [ref('repository-categories', category)] },
      attachments: { data: [] },
    });
  });

  it('external-repository-interactions: created for an item, listed and read', async () => {
    expect(item).not.toBe('');
    const id = await create(
      'external-repository-interactions',
      {
        externalId: 'thing:123',
        externalUrl: 'https://www.thingiverse.com/thing:123',
        status: 'pulled',
        externalRepositoryType: 'thingiverse',
      },
      { repositoryItem: ref('repository-items', item) },
    );
    const read = await listAndRead('external-repository-interactions', id);
    expect(read.attributes).toMatchObject({ status: 'pulled', externalRepositoryType: 'thingiverse' });
    expect(read.relationships).toMatchObject({ repositoryItem: { data: ref('repository-items', item) } });
  });
});

describe('the forum’s records through the generic API', () => {
  let category = '';
  let subject = '';

  it('forum-categories: a parent and its child, created, listed and read', async () => {
    const parent = await create('forum-categories', { name: 'Making', isParent: true, position: 1 });
    category = await create(
      'forum-categories',
      { name: '3D printing' },
      { parent: ref('forum-categories', parent) },
    );
    const read = await listAndRead('forum-categories', category);
    expect(read.attributes).toMatchObject({ name: '3D printing', position: 0, subjectsCount: 0 });
    expect(read.relationships).toMatchObject({ parent: { data: ref('forum-categories', parent) } });
    const children = await app.admin('GET', after(`/forum-categories?filter[parent]=${parent}`));
    expect((children.body.data as Array<{ id: string }>).map((r) => r.id)).toEqual([category]);
  });

  it('forum-subjects: created in a category, listed and read', async () => {
    expect(category).not.toBe('');
    subject = await create(
      'forum-subjects',
      { title: 'Which filament for grips?' },
      {
        category: ref('forum-categories', category),
      },
    );
    const read = await listAndRead('forum-subjects', subject);
    expect(read.attributes).toMatchObject({
      title: 'Which filament for grips?',
      limitToAdmin: false,
      pinnedOnHomeAt: null,
      messagesCount: 0,
      recordsCount: 0,
    });
  });

  it('forum-subject-messages: a message and its reply, created, listed and read', async () => {
    expect(subject).not.toBe('');
    const first = await create(
      'forum-subject-messages',
      { content: '<p>TPU works well.</p>' },
      {
        subject: ref('forum-subjects', subject),
      },
    );
    const reply = await create(
      'forum-subject-messages',
      { content: '<p>Thanks!</p>' },
      {
        subject: ref('forum-subjects', subject),
        parentMessage: ref('forum-subject-messages', first),
      },
    );
    const read = await listAndRead('forum-subject-messages', reply);
    expect(read.attributes).toMatchObject({ content: '<p>Thanks!</p>', newMessagesCount: 0 });
    expect(read.relationships).toMatchObject({
      subject: { data: ref('forum-subjects', subject) },
      parentMessage: { data: ref('forum-subject-messages', first) },
    });
    const ofSubject = await app.admin('GET', after(`/forum-subject-messages?filter[subject]=${subject}`));
    expect((ofSubject.body.data as Array<{ id: string }>).map((r) => r.id)).toEqual([first, reply]);
  });
});
