import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { accessLevelResource } from '@platform/contracts/accounts/reference-lists';
import { commentResource } from '@platform/contracts/content/comment';
import { reportResource } from '@platform/contracts/content/report';
import { APP_ADMINS } from '@platform/contracts/resources/access';
import { defineResource } from '@platform/contracts/resources/definition';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, FUTURE, PAST, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/** A post members comment on and report: publishable and soft-deletable, so comments can be disabled. */
const postResource = defineResource({
  type: 'test-posts',
  singular: 'test-post',
  category: 'testpost',
  eventPrefix: 'TestPost',
  module: 'tests',
  menu: { group: 'community', icon: 'article' },
  attributes: z.object({ title: z.string().trim().min(1).max(120) }),
  traits: { publishable: true, commentable: true, reportable: true },
  softDeletable: true,
  access: {
    see: APP_ADMINS,
    index: 'everyone',
    show: 'everyone',
    create: APP_ADMINS,
    update: APP_ADMINS,
    softDelete: APP_ADMINS,
    restore: APP_ADMINS,
    delete: APP_ADMINS,
  },
  title: 'title',
});

let app: AccountsTestApp;
let alice: Person;
let bruno: Person;
let admin: Person;

beforeAll(async () => {
  app = await startAccountsApp(
    {},
    { resources: [accessLevelResource, postResource, commentResource, reportResource] },
  );
  alice = await person(app, 'alice@comments.example', { firstName: 'Alice', lastName: 'Martin' });
  bruno = await person(app, 'bruno@comments.example');
  admin = await person(app, 'admin@comments.example', { roles: ['admin'] });
});
afterAll(async () => {
  await app.close();
});

const ok = (answer: Answer, status = 201) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};

async function post(attributes: Record<string, unknown> = {}, level?: string) {
  return ok(
    await app.admin(
      'POST',
      '/test-posts',
      doc(
        'test-posts',
        { title: 'Ramp plans', publishedAt: PAST, ...attributes },
        level ? { accessLevel: { data: { type: 'access-levels', id: level } } } : undefined,
      ),
    ),
  );
}

const on = (id: string, type = 'test-posts') => ({ commentable: { data: { type, id } } });
const comment = (who: Person, content: string, relationships: Record<string, unknown>) =>
  who.browser.call('POST', '/api/v1/comments', { body: doc('comments', { content }, relationships) });
const read = (who: Person | null, path: string) =>
  (who ? who.browser : app.browser()).call('GET', `/api/v1${path}`);

describe('comments on a commentable record', () => {
  it('counts the comments on create, soft delete and restore, and shows the author', async () => {
    const { id } = await post();
    const first = ok(await comment(alice, '  Where are the plans?  ', on(id)));
    ok(await comment(bruno, 'On the wiki.', on(id)));

    const shown = await read(
      bruno,
      `/comments/${first.id}?include=commentable&minPosition=${first.position}`,
    );
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.attributes).toMatchObject({
      content: 'Where are the plans?',
      authorName: 'Alice Martin',
    });
    expect(shown.body.data.relationships.commentable.data).toEqual({ type: 'test-posts', id });
    expect(shown.body.data.relationships.createdBy.data).toEqual({ type: 'users', id: alice.id });
    expect(shown.body.included).toEqual([expect.objectContaining({ type: 'test-posts', id })]);

    const count = async (position: string) => {
      const answer = await read(alice, `/test-posts/${id}?minPosition=${position}`);
      expect(answer.status).toBe(200);
      return answer.body.data.attributes;
    };
    const second = ok(await comment(alice, 'Thanks!', on(id)));
    expect(await count(second.position)).toMatchObject({
      commentsCount: 3,
      hasComments: true,
      canComment: true,
    });
    expect(
      (await read(null, `/test-posts/${id}?minPosition=${second.position}`)).body.data.attributes.canComment,
    ).toBe(false);

    const hidden = ok(await alice.browser.call('POST', `/api/v1/comments/${second.id}/soft-delete`), 200);
    expect((await count(hidden.position)).commentsCount).toBe(2);
    // soft-deleting twice records nothing and counts nothing twice
    const again = ok(await alice.browser.call('POST', `/api/v1/comments/${second.id}/soft-delete`), 200);
    expect((await count(again.position)).commentsCount).toBe(2);
    // the author may not restore: administrators do
    expect((await alice.browser.call('POST', `/api/v1/comments/${second.id}/restore`)).status).toBe(403);
    const back = ok(await admin.browser.call('POST', `/api/v1/comments/${second.id}/restore`), 200);
    expect((await count(back.position)).commentsCount).toBe(3);
    const gone = ok(await admin.browser.call('DELETE', `/api/v1/comments/${second.id}`), 200);
    expect((await count(gone.position)).commentsCount).toBe(2);
  });

  it('shows a comment of the platform itself (no account) as anonymous', async () => {
    const { id } = await post();
    const created = ok(await app.admin('POST', '/comments', doc('comments', { content: 'Welcome' }, on(id))));
    const shown = await read(alice, `/comments/${created.id}?minPosition=${created.position}`);
    expect(shown.body.data.attributes.authorName).toBe('anonymous');
    expect(shown.body.data.relationships.createdBy.data).toBeNull();
  });

  it('keeps a reply on the record of the comment it answers', async () => {
    const one = await post();
    const other = await post();
    const parent = ok(await comment(alice, 'First', on(one.id)));
    const reply = (target: string) =>
      comment(bruno, 'Reply', {
        ...on(target),
        parentComment: { data: { type: 'comments', id: parent.id } },
      });
    const elsewhere = await reply(other.id);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(422);
    expect(pointers(elsewhere)).toEqual(['/data/relationships/parentComment']);
    const answered = ok(await reply(one.id));
    const replies = await read(
      alice,
      `/comments?filter[parentComment]=${parent.id}&minPosition=${answered.position}`,
    );
    expect(replies.body.data.map((c: { id: string }) => c.id)).toEqual([answered.id]);
    // a comment stays on its record
    const moved = await bruno.browser.call('PATCH', `/api/v1/comments/${answered.id}`, {
      body: { data: { type: 'comments', id: answered.id, relationships: on(other.id) } },
    });
    expect(moved.status).toBe(422);
    expect(pointers(moved)).toEqual(['/data/relationships/commentable']);
  });

  it('refuses a comment where comments are disabled: unpublished, hasComments false, soft-deleted', async () => {
    const draft = await post({ publishedAt: null });
    const later = await post({ publishedAt: FUTURE });
    const closed = await post({ hasComments: false });
    const trashed = await post();
    ok(await app.admin('POST', `/test-posts/${trashed.id}/soft-delete`), 200);
    for (const target of [draft, later, closed, trashed]) {
      // the administrator may read every one of them, so the answer is that comments are disabled
      const refused = await comment(admin, 'Hello', on(target.id));
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'validation.comments_disabled',
        source: { pointer: '/data/relationships/commentable' },
      });
    }
    // read once the projection has the record (its creation's position), not before
    const byMember = await read(alice, `/test-posts/${closed.id}?minPosition=${closed.position}`);
    expect(byMember.body.data.attributes).toMatchObject({ hasComments: false, canComment: false });
    // a member who cannot read the draft is told there is no such record, as its find answers 404
    const hidden = await comment(alice, 'Hello', on(draft.id));
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors[0]).toMatchObject({
      code: 'validation.invalid',
      source: { pointer: '/data/relationships/commentable/data/id' },
    });
  });

  it('refuses a target of another type, a missing target, a missing relationship and a visitor', async () => {
    const wrongType = await comment(alice, 'Hi', on('member_level_1', 'access-levels'));
    expect(wrongType.status, JSON.stringify(wrongType.body)).toBe(422);
    expect(pointers(wrongType)[0]).toMatch(/^\/data\/relationships\/commentable/);
    const missing = await comment(alice, 'Hi', on('5b6c0d2e-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(422);
    expect(pointers(missing)).toEqual(['/data/relationships/commentable/data/id']);
    const none = await comment(alice, 'Hi', {});
    expect(none.status).toBe(422);
    expect(none.body.errors[0]).toMatchObject({
      code: 'validation.required',
      source: { pointer: '/data/relationships/commentable' },
    });
    const { id } = await post();
    expect((await comment(alice, ' ', on(id))).status).toBe(422);
    expect((await comment(alice, 'x'.repeat(5001), on(id))).status).toBe(422);
    const visitor = await app.browser().call('POST', '/api/v1/comments', {
      body: doc('comments', { content: 'Hi' }, on(id)),
    });
    expect(visitor.status).toBe(401);
  });

  it('filters comments by their record and hides those of records the reader cannot read', async () => {
    const open = await post();
    const high = await post({}, 'member_level_2');
    const mine = ok(await comment(admin, 'Open one', on(open.id)));
    const secret = ok(await comment(admin, 'Level two', on(high.id)));
    const at = `minPosition=${secret.position}`;
    const listed = await read(alice, `/comments?filter[commentable]=test-posts:${open.id}&${at}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    // the comment on a record above the member's level is neither listed nor found
    const other = await read(alice, `/comments?filter[commentable]=test-posts:${high.id}&${at}`);
    expect(other.body.data).toEqual([]);
    expect((await read(alice, `/comments/${secret.id}?${at}`)).status).toBe(404);
    expect((await read(admin, `/comments/${secret.id}?${at}`)).status).toBe(200);
    const bad = await read(alice, `/comments?filter[commentable]=access-levels:contact`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe('filter[commentable]');
  });

  it('lets the author edit their comment, and no other member', async () => {
    const { id } = await post();
    const created = ok(await comment(alice, 'Typo', on(id)));
    const edit = (who: Person) =>
      who.browser.call('PATCH', `/api/v1/comments/${created.id}`, {
        body: { data: { type: 'comments', id: created.id, attributes: { content: 'Fixed' } } },
      });
    expect((await edit(bruno)).status).toBe(403);
    expect((await bruno.browser.call('POST', `/api/v1/comments/${created.id}/soft-delete`)).status).toBe(403);
    const edited = ok(await edit(alice), 200);
    const shown = await read(bruno, `/comments/${created.id}?minPosition=${edited.position}`);
    expect(shown.body.data.attributes.content).toBe('Fixed');
    // each reader is told whether they may edit and delete it (the thread offers the buttons by these)
    const flags = async (who: Person | null) => {
      const list = await read(
        who,
        `/comments?filter[commentable]=test-posts:${id}&minPosition=${edited.position}`,
      );
      const { canEdit, canDelete } = list.body.data[0].attributes;
      return { canEdit, canDelete };
    };
    expect(await flags(alice)).toEqual({ canEdit: true, canDelete: true });
    expect(await flags(bruno)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(null)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(admin)).toEqual({ canEdit: true, canDelete: true });
    // the comment's history, its record named as it was written
    const history = await read(admin, `/comments/${created.id}/history?minPosition=${edited.position}`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(JSON.stringify(history.body)).toContain(id);
    // its author deletes it: gone from the record's thread
    const removed = ok(await alice.browser.call('POST', `/api/v1/comments/${created.id}/soft-delete`), 200);
    const after = await read(
      bruno,
      `/comments?filter[commentable]=test-posts:${id}&minPosition=${removed.position}`,
    );
    expect(after.body.data).toEqual([]);
  });
});

describe('reports of reportable records', () => {
  it('are made by members and listed by administrators only', async () => {
    const { id } = await post();
    const reported = await comment(bruno, 'Buy now!', on(id));
    const spam = ok(reported);
    const report = (
      who: Person,
      relationships: Record<string, unknown>,
      attributes: Record<string, unknown> = {},
    ) =>
      who.browser.call('POST', '/api/v1/reports', {
        body: doc('reports', { reason: 'spam', details: 'Advertising', ...attributes }, relationships),
      });
    const made = ok(await report(alice, { reportable: { data: { type: 'comments', id: spam.id } } }));
    ok(
      await report(
        alice,
        { reportable: { data: { type: 'test-posts', id } } },
        { reason: 'other', url: 'https://example.org/p' },
      ),
    );
    const badReason = await report(
      alice,
      { reportable: { data: { type: 'test-posts', id } } },
      { reason: 'boring' },
    );
    expect(badReason.status).toBe(422);
    expect(pointers(badReason)).toEqual(['/data/attributes/reason']);
    const notReportable = await report(alice, {
      reportable: { data: { type: 'access-levels', id: 'contact' } },
    });
    expect(notReportable.status).toBe(422);
    expect(
      (
        await app.browser().call('POST', '/api/v1/reports', {
          body: doc('reports', { reason: 'spam' }, { reportable: { data: { type: 'test-posts', id } } }),
        })
      ).status,
    ).toBe(401);

    expect((await read(alice, `/reports?minPosition=${made.position}`)).status).toBe(403);
    expect((await read(alice, `/reports/${made.id}?minPosition=${made.position}`)).status).toBe(403);
    const listed = await read(
      admin,
      `/reports?filter[reportable]=comments:${spam.id}&minPosition=${made.position}`,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      id: made.id,
      attributes: { reason: 'spam', details: 'Advertising' },
      relationships: { reportable: { data: { type: 'comments', id: spam.id } } },
    });
    expect((await alice.browser.call('DELETE', `/api/v1/reports/${made.id}`)).status).toBe(403);
    ok(await admin.browser.call('DELETE', `/api/v1/reports/${made.id}`), 200);
  });
});

describe('the reports queue: a moderator resolves a report', () => {
  const report = async (who: Person, type: string, id: string) =>
    ok(
      await who.browser.call('POST', '/api/v1/reports', {
        body: doc('reports', { reason: 'spam' }, { reportable: { data: { type, id } } }),
      }),
    );
  const resolve = (who: Person | null, id: string, attributes: Record<string, unknown>, key?: string) =>
    (who ? who.browser : app.browser()).call('POST', `/api/v1/services/reports/${id}/resolve`, {
      body: { data: { type: 'reports', attributes } },
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    });

  it('dismisses a report: the record stays, the report says how and when, and its history tells who', async () => {
    const { id } = await post();
    const kept = ok(await comment(bruno, 'A fair question', on(id)));
    const made = await report(alice, 'comments', kept.id);
    const done = ok(await resolve(admin, made.id, { resolution: 'dismissed', note: ' Fair comment ' }), 200);

    const shown = await read(admin, `/reports/${made.id}?minPosition=${done.position}`);
    expect(shown.body.data.attributes).toMatchObject({ resolution: 'dismissed' });
    expect(Date.parse(shown.body.data.attributes.resolvedAt as string)).not.toBeNaN();
    expect((await read(bruno, `/comments/${kept.id}?minPosition=${done.position}`)).status).toBe(200);

    const history = await read(admin, `/reports/${made.id}/history?minPosition=${done.position}`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const step = (history.body.data as Array<{ attributes: Record<string, unknown> }>).find(
      (entry) => entry.attributes.kind === 'reportResolved',
    );
    expect(step?.attributes).toMatchObject({ actor: { userId: admin.id } });

    // resolved once: a second resolution is 409, and changes nothing
    const again = await resolve(admin, made.id, { resolution: 'removed' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.report_resolved');
    expect((await read(bruno, `/comments/${kept.id}?minPosition=${done.position}`)).status).toBe(200);
  });

  it('removes the reported record: soft-deleted by the moderator, once, and read so at the answer’s position', async () => {
    const { id } = await post();
    const spam = ok(await comment(bruno, 'Buy now!', on(id)));
    const made = await report(alice, 'comments', spam.id);
    const key = `resolve-${made.id}`;
    const done = ok(await resolve(admin, made.id, { resolution: 'removed' }, key), 200);

    const gone = await read(bruno, `/comments/${spam.id}?minPosition=${done.position}`);
    expect(gone.status).toBe(404);
    const counted = await read(alice, `/test-posts/${id}?minPosition=${done.position}`);
    expect(counted.body.data.attributes.commentsCount).toBe(0);
    const history = await read(admin, `/comments/${spam.id}/history?minPosition=${done.position}`);
    const removal = (history.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
      (entry) => entry.attributes.kind === 'softDeleted',
    );
    expect(removal).toHaveLength(1);
    expect(removal[0]!.attributes).toMatchObject({ actor: { userId: admin.id } });

    // the same request sent again (its key replayed) appends nothing more, on either stream
    const replay = ok(await resolve(admin, made.id, { resolution: 'removed' }, key), 200);
    expect(replay.position).toBe(done.position);
    // an administrator can undo the removal by restoring the record
    const back = ok(await admin.browser.call('POST', `/api/v1/comments/${spam.id}/restore`), 200);
    expect((await read(bruno, `/comments/${spam.id}?minPosition=${back.position}`)).status).toBe(200);
  });

  it('lists the reports still waiting apart from the resolved ones (filter[resolved], a computed column)', async () => {
    const { id } = await post();
    const target = ok(await comment(bruno, 'Twice reported', on(id)));
    const first = await report(alice, 'comments', target.id);
    const second = await report(admin, 'comments', target.id);
    const done = ok(await resolve(admin, first.id, { resolution: 'dismissed' }), 200);
    const ids = async (resolved: string) => {
      const listed = await read(
        admin,
        `/reports?filter[reportable]=comments:${target.id}&filter[resolved]=${resolved}&minPosition=${done.position}`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return (listed.body.data as Array<{ id: string }>).map((r) => r.id);
    };
    expect(await ids('false')).toEqual([second.id]);
    expect(await ids('true')).toEqual([first.id]);
    const bad = await read(admin, `/reports?filter[resolved]=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe('filter[resolved]');
  });

  it('is the moderators’ only: a visitor 401, a member 403; bad input 422 on its pointer; unknown 404', async () => {
    const { id } = await post();
    const made = await report(alice, 'test-posts', id);
    expect((await resolve(null, made.id, { resolution: 'dismissed' })).status).toBe(401);
    const byMember = await resolve(alice, made.id, { resolution: 'dismissed' });
    expect(byMember.status).toBe(403);

    const badResolution = await resolve(admin, made.id, { resolution: 'ignored' });
    expect(badResolution.status).toBe(422);
    expect(pointers(badResolution)).toEqual(['/data/attributes/resolution']);
    const longNote = await resolve(admin, made.id, { resolution: 'dismissed', note: 'x'.repeat(2001) });
    expect(longNote.status).toBe(422);
    expect(pointers(longNote)).toEqual(['/data/attributes/note']);
    expect(
      (await resolve(admin, '00000000-0000-4000-8000-000000000000', { resolution: 'dismissed' })).status,
    ).toBe(404);
    expect((await resolve(admin, 'not-a-uuid', { resolution: 'dismissed' })).status).toBe(404);

    // none of those resolved it
    const shown = await read(admin, `/reports/${made.id}?minPosition=${made.position}`);
    expect(shown.body.data.attributes).toMatchObject({ resolution: null, resolvedAt: null });
  });
});
