import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@platform/contracts/metadata';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, one, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/**
 * The resource layer's write side and history for the publications (issue 21, WP2), on the real platform: target
 * rules that ask who writes (a forum subject limited to administrators, a category closed to contributions),
 * invariants over relationships (a forum category is not its own parent), relationship defaults (an article's
 * layout), members' rich text sanitised before it is decided on, the like routes switched off with the likes
 * feature, and a workflow's events on an item's stream (publication requests): the If-Match version unmoved, the
 * item's history and the request's own history. The platform runs with the likes feature off; the requests'
 * events are appended as their workflow will (its module is composed here until the platform's list has it).
 */

let app: AccountsTestApp;
let admin: Person;
let member: Person;
let writer: Person;
let contributor: Person;

const api = (who: Person, method: string, path: string, body?: unknown): Promise<Answer> =>
  who.browser.call(method, `/api/v1${path}`, body === undefined ? {} : { body });
const read = (path: string, answer: Answer) =>
  app.admin('GET', `${path}${path.includes('?') ? '&' : '?'}minPosition=${answer.body.meta.position}`);
const created = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id as string;
};

beforeAll(async () => {
  app = await startAccountsApp({}, { features: { likes: false } });
  [admin, member, writer, contributor] = await Promise.all([
    person(app, 'admin@layer.example', { roles: ['admin'] }),
    person(app, 'member@layer.example'),
    person(app, 'writer@layer.example', { accessLevel: 'member_level_1' }),
    person(app, 'contributor@layer.example', { roles: ['contributor'] }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe('target rules ask who writes', () => {
  it('a subject limited to administrators takes the messages of administrators only (403 on the subject)', async () => {
    const category = created(
      await app.admin('POST', '/forum-categories', doc('forum-categories', { name: 'Switches' })),
    );
    const subject = (limitToAdmin: boolean) =>
      app.admin(
        'POST',
        '/forum-subjects',
        doc(
          'forum-subjects',
          { title: limitToAdmin ? 'Announcements' : 'Questions', limitToAdmin },
          { category: one('forum-categories', category) },
        ),
      );
    const limited = created(await subject(true));
    const open = created(await subject(false));
    const message = (who: Person, id: string) =>
      api(
        who,
        'POST',
        '/forum-subject-messages',
        doc('forum-subject-messages', { content: '<p>Hello</p>' }, { subject: one('forum-subjects', id) }),
      );
    const refused = await message(member, limited);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'auth.forum_subject_limited',
      source: { pointer: '/data/relationships/subject' },
    });
    created(await message(admin, limited));
    created(await message(member, open));
  });

  it('a category closed to contributions takes the articles of publishers and contributors only (422)', async () => {
    const category = (allowContributions: boolean) =>
      app.admin(
        'POST',
        '/categories',
        doc('categories', { name: `Cat ${randomUUID()}`, allowContributions }),
      );
    const closed = created(await category(false));
    const open = created(await category(true));
    const article = (who: Person, id: string) =>
      api(
        who,
        'POST',
        '/articles',
        doc('articles', { title: 'Mounting a switch' }, { category: one('categories', id) }),
      );
    const refused = await article(writer, closed);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'validation.category_closed',
      source: { pointer: '/data/relationships/category' },
    });
    created(await article(contributor, closed));
    created(await article(admin, closed));
    created(await article(writer, open));
  });

  it('a forum category may not be its own parent (422 on /data/relationships/parent)', async () => {
    const id = created(
      await app.admin('POST', '/forum-categories', doc('forum-categories', { name: 'Mobility' })),
    );
    const own = await api(
      admin,
      'PATCH',
      `/forum-categories/${id}`,
      doc('forum-categories', {}, { parent: one('forum-categories', id) }, id),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(422);
    expect(pointers(own)).toEqual(['/data/relationships/parent']);
  });
});

describe('defaults and rich text on create', () => {
  it('an article created without a layout gets the default one, pagination', async () => {
    const answer = await api(writer, 'POST', '/articles', doc('articles', { title: 'No layout named' }));
    const page = await read(`/articles/${created(answer)}`, answer);
    expect(page.body.data.relationships.layout.data).toEqual({ type: 'article-layouts', id: 'pagination' });
  });

  it('members’ rich text is sanitised before it is decided: scripts and handlers out, links rel="ugc noopener"', async () => {
    const dirty =
      '<p>Hi<script>alert(1)</script> <img src="https://img.example/a.png" onerror="alert(2)">' +
      '<a href="https://example.org/x">see</a> <a href="javascript:alert(3)">bad</a></p><p></p>';
    const clean =
      '<p>Hi <img src="https://img.example/a.png"><a href="https://example.org/x" rel="ugc noopener">see</a> ' +
      '<a rel="ugc noopener">bad</a></p>';
    const answer = await api(
      writer,
      'POST',
      '/articles',
      doc('articles', { title: 'Sections', sections: [{ id: randomUUID(), title: 'One', content: dirty }] }),
    );
    const id = created(answer);
    const article = await read(`/articles/${id}`, answer);
    expect(article.body.data.attributes.sections[0].content).toBe(clean);
    // an update too, at the top level of another type
    const post = created(await app.admin('POST', '/blog-posts', doc('blog-posts', { title: 'Rich' })));
    const updated = await api(
      admin,
      'PATCH',
      `/blog-posts/${post}`,
      doc('blog-posts', { content: dirty }, undefined, post),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await read(`/blog-posts/${post}`, updated)).body.data.attributes.content).toBe(clean);
  });
  it('a text the links’ rel makes longer than its limit is refused on its attribute (422), never stored too long', async () => {
    const category = created(
      await app.admin('POST', '/forum-categories', doc('forum-categories', { name: 'Long texts' })),
    );
    const subject = created(
      await app.admin(
        'POST',
        '/forum-subjects',
        doc('forum-subjects', { title: 'Links' }, { category: one('forum-categories', category) }),
      ),
    );
    const link = '<a href="https://e.org/">x</a>';
    const content = link.repeat(Math.floor(20_000 / link.length));
    expect(content.length).toBeLessThanOrEqual(20_000);
    const answer = await api(
      member,
      'POST',
      '/forum-subject-messages',
      doc('forum-subject-messages', { content }, { subject: one('forum-subjects', subject) }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(pointers(answer)).toEqual(['/data/attributes/content']);
  });
});

describe('the likes feature', () => {
  it('off: the like routes answer 404, the record itself is still served', async () => {
    const category = created(
      await app.admin('POST', '/forum-categories', doc('forum-categories', { name: 'Likes' })),
    );
    const answer = await app.admin(
      'POST',
      '/forum-subjects',
      doc('forum-subjects', { title: 'Liked?' }, { category: one('forum-categories', category) }),
    );
    const subject = created(answer);
    expect((await api(member, 'POST', `/forum-subjects/${subject}/like`)).status).toBe(404);
    expect((await api(member, 'DELETE', `/forum-subjects/${subject}/like`)).status).toBe(404);
    // read once the subject is in the read model (the write's position)
    const served = await api(
      member,
      'GET',
      `/forum-subjects/${subject}?minPosition=${answer.body.meta.position}`,
    );
    expect(served.status, JSON.stringify(served.body)).toBe(200);
  });
});

describe('a publication request’s events on its item’s stream', () => {
  /** Appends a request's event to the item's stream, as the requests' workflow does. */
  async function appendRequestEvent(stream: string, type: string, data: Record<string, unknown>) {
    const eventId = randomUUID();
    const metadata: EventMetadata = {
      eventId,
      correlationId: eventId,
      causationId: eventId,
      actor: { userId: writer.id, actingAsOrganizationId: null, impersonatorId: null },
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    };
    const appended = await app.platform.eventStore.appendToStream(stream, [
      { eventId, type, data, metadata },
    ]);
    return appended.position;
  }

  it('do not move the If-Match version, and show in the item’s history and the request’s own', async () => {
    const answer = await api(
      writer,
      'POST',
      '/blog-posts',
      doc('blog-posts', { title: 'Please publish me' }),
    );
    const item = created(answer);
    const version = answer.body.meta.version as string;
    const requestId = randomUUID();
    const submittedAt = new Date().toISOString();
    await appendRequestEvent(`blogpost-${item}`, 'PublicationRequestSubmitted', {
      requestId,
      itemType: 'blog-posts',
      itemId: item,
      description: 'For the front page',
      targetedPublishedAt: null,
      submittedAt,
      by: writer.id,
    });
    const refusedAt = new Date().toISOString();
    const position = await appendRequestEvent(`blogpost-${item}`, 'PublicationRequestRefused', {
      requestId,
      itemType: 'blog-posts',
      itemId: item,
      refusedAt,
      refuseReason: 'Add a picture',
      by: admin.id,
    });
    // the author's edit with the version they read before the request: taken
    const edited = await writer.browser.call('PATCH', `/api/v1/blog-posts/${item}`, {
      body: doc('blog-posts', { title: 'Please publish me now' }, undefined, item),
      headers: { 'If-Match': `"${version}"` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // a stale version is still refused
    const stale = await writer.browser.call('PATCH', `/api/v1/blog-posts/${item}`, {
      body: doc('blog-posts', { title: 'Again' }, undefined, item),
      headers: { 'If-Match': `"${version}"` },
    });
    expect(stale.status).toBe(409);

    const history = await read(`/blog-posts/${item}/history`, edited);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const entries = history.body.data.map((e: { attributes: unknown }) => e.attributes) as Array<{
      kind: string;
      changes: Array<{ field: string; before: unknown; after: unknown }>;
    }>;
    expect(entries.map((e) => e.kind)).toEqual([
      'updated',
      'publicationRefused',
      'publicationRequested',
      'created',
    ]);
    expect(entries[2]!.changes).toEqual([
      { field: 'publicationRequest.description', before: null, after: 'For the front page' },
      { field: 'publicationRequest.status', before: null, after: 'pending' },
    ]);
    expect(entries[1]!.changes).toEqual([
      { field: 'publicationRequest.refuseReason', before: null, after: 'Add a picture' },
      { field: 'publicationRequest.status', before: 'pending', after: 'refused' },
    ]);

    // the request's own history, read from its item's stream
    const own = await app.admin('GET', `/publication-requests/${requestId}/history?minPosition=${position}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const requestEntries = own.body.data.map((e: { attributes: unknown }) => e.attributes) as Array<{
      kind: string;
      changes: Array<{ field: string; before: unknown; after: unknown }>;
    }>;
    expect(requestEntries.map((e) => e.kind)).toEqual(['publicationRefused', 'publicationRequested']);
    expect(requestEntries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'pending', after: 'refused' },
        { field: 'refuseReason', before: null, after: 'Add a picture' },
      ]),
    );
    // as it was when submitted
    const revision = (own.body.data[1].attributes as { revision: string }).revision;
    const asSubmitted = await app.admin('GET', `/publication-requests/${requestId}/history/${revision}`);
    expect(asSubmitted.body.data.attributes).toMatchObject({
      status: 'pending',
      description: 'For the front page',
    });
    // a request that is not there has no history
    expect((await app.admin('GET', `/publication-requests/${randomUUID()}/history`)).status).toBe(404);
  });
});
