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
  layerTestResources,
  many,
  one,
  PAST,
  person,
  pointers,
} from '@platform/tests/support/layer-test-types';

/**
 * The hooks of the resource layer (a derived, claimed slug; a reactor that notifies the owner), field-level
 * access, row rules on reads and writes, and the soft-deleted view of those who may restore.
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
const ok = (answer: Answer): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.meta.position as string;
};
const story = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
  doc('test-stories', attributes, relationships);
const patch = (
  browser: Browser,
  type: string,
  id: string,
  attributes: Record<string, unknown>,
  rels?: object,
) => browser.call('PATCH', `/api/v1/${type}/${id}`, { body: doc(type, attributes, rels as never, id) });

describe('hooks', () => {
  it('derives the slug from the name on create and on rename, and claims it', async () => {
    const writer = await person(app, 'slug-writer@example.test');
    const other = await person(app, 'slug-other@example.test');
    const first = created(
      await writer.browser.call('POST', '/api/v1/test-stories', {
        body: story({ name: 'Slugtest Rising Tide', publishedAt: PAST }),
      }),
    );
    const read = await app.admin('GET', `/test-stories/${first.id}?minPosition=${first.position}`);
    expect(read.body.data.attributes.slug).toBe('slugtest-rising-tide');

    // another record whose name makes the same slug: 409 on the slug, nothing stored
    const taken = await other.browser.call('POST', '/api/v1/test-stories', {
      body: story({ name: 'slugtest  rising tide!' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({
      code: 'conflict.duplicate_value',
      source: { pointer: '/data/attributes/slug' },
    });
    // the slug is derived, never written
    const written = await other.browser.call('POST', '/api/v1/test-stories', {
      body: story({ name: 'Slugtest chosen', slug: 'chosen' }),
    });
    expect(written.status).toBe(403);
    expect(pointers(written)).toEqual(['/data/attributes/slug']);

    // a rename derives the slug again and frees the old one; a change leaving the name keeps it
    const renamed = await patch(writer.browser, 'test-stories', first.id, { name: 'Slugtest Low Tide' });
    const after = await app.admin('GET', `/test-stories/${first.id}?minPosition=${ok(renamed)}`);
    expect(after.body.data.attributes.slug).toBe('slugtest-low-tide');
    const kept = await patch(writer.browser, 'test-stories', first.id, { publishedAt: null });
    const still = await app.admin('GET', `/test-stories/${first.id}?minPosition=${ok(kept)}`);
    expect(still.body.data.attributes.slug).toBe('slugtest-low-tide');
    const second = await other.browser.call('POST', '/api/v1/test-stories', {
      body: story({ name: 'slugtest  rising tide!' }),
    });
    const { id: secondId, position } = created(second);
    const secondRead = await app.admin('GET', `/test-stories/${secondId}?minPosition=${position}`);
    expect(secondRead.body.data.attributes.slug).toBe('slugtest-rising-tide');
    // renaming onto a taken slug is refused as well, and leaves the record as it was
    const clash = await patch(writer.browser, 'test-stories', first.id, { name: 'Slugtest Rising Tide' });
    expect(clash.status).toBe(409);
    expect(pointers(clash)).toEqual(['/data/attributes/slug']);
    const unchanged = await app.admin('GET', `/test-stories/${first.id}`);
    expect(unchanged.body.data.attributes).toMatchObject({
      name: 'Slugtest Low Tide',
      slug: 'slugtest-low-tide',
    });
  });

  it('notifies the owner a story is written for, once, with its link', async () => {
    const writer = await person(app, 'notify-writer@example.test');
    const owner = await person(app, 'notify-owner@example.test');
    const written = created(
      await writer.browser.call('POST', '/api/v1/test-stories', {
        body: story({ name: 'Notifytest gift' }, { owner: one('users', owner.id) }),
      }),
    );
    const mine = await owner.browser.call('GET', `/api/v1/notifications?minPosition=${written.position}`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.map((n: { attributes: unknown }) => n.attributes)).toEqual([
      expect.objectContaining({
        notificationType: 'test-story-written',
        message: 'Notifytest gift was written for you',
        actionUrl: '/stories/notifytest-gift',
        readAt: null,
      }),
    ]);
    expect(mine.body.data[0].relationships.user).toEqual(one('users', owner.id));
    // the writer is told nothing; a change is no new story
    const theirs = await writer.browser.call('GET', `/api/v1/notifications?minPosition=${written.position}`);
    expect(theirs.body.data).toEqual([]);
    const renamed = await patch(writer.browser, 'test-stories', written.id, {
      name: 'Notifytest gift, wrapped',
    });
    const again = await owner.browser.call('GET', `/api/v1/notifications?minPosition=${ok(renamed)}`);
    expect(again.body.meta.total).toBe(1);
  });
});

describe('field access', () => {
  it('shows and lets write adminOnlyNote to administrators only, in documents and history', async () => {
    const appAdmin = await person(app, 'note-app-admin@example.test', { roles: ['app_admin'] });
    const author = await person(app, 'note-author@example.test');
    const written = created(
      await app.admin(
        'POST',
        '/test-stories',
        story({ name: 'Notetest', publishedAt: PAST, adminOnlyNote: 'Keep' }),
      ),
    );
    const path = `/test-stories/${written.id}?minPosition=${written.position}`;
    const admins = await app.admin('GET', path);
    expect(admins.body.data.attributes.adminOnlyNote).toBe('Keep');
    for (const viewer of [appAdmin.browser, author.browser, app.browser()]) {
      const found = await viewer.call('GET', `/api/v1${path}`);
      expect(found.status).toBe(200);
      expect(found.body.data.attributes).not.toHaveProperty('adminOnlyNote');
      expect(found.body.data.attributes.name).toBe('Notetest');
      const listed = await viewer.call('GET', '/api/v1/test-stories?filter[search]=Notetest');
      expect(listed.body.data[0].attributes).not.toHaveProperty('adminOnlyNote');
    }

    // writing it: 403 on the attribute, nothing appended
    const byAppAdmin = await patch(appAdmin.browser, 'test-stories', written.id, { adminOnlyNote: 'Mine' });
    expect(byAppAdmin.status).toBe(403);
    expect(pointers(byAppAdmin)).toEqual(['/data/attributes/adminOnlyNote']);
    const own = created(
      await author.browser.call('POST', '/api/v1/test-stories', { body: story({ name: 'Notetest own' }) }),
    );
    const byAuthor = await patch(author.browser, 'test-stories', own.id, {
      name: 'Notetest own 2',
      adminOnlyNote: 'x',
    });
    expect(byAuthor.status).toBe(403);
    expect(pointers(byAuthor)).toEqual(['/data/attributes/adminOnlyNote']);
    const onCreate = await author.browser.call('POST', '/api/v1/test-stories', {
      body: story({ name: 'Notetest sneaky', adminOnlyNote: null }),
    });
    expect(onCreate.status).toBe(403);
    expect(pointers(onCreate)).toEqual(['/data/attributes/adminOnlyNote']);
    const after = await app.admin('GET', `/test-stories/${written.id}`);
    expect(after.body.data.attributes.adminOnlyNote).toBe('Keep');
    expect(after.body.data.meta.version).toBe('0');
    const ownAfter = await app.admin('GET', `/test-stories/${own.id}?minPosition=${own.position}`);
    expect(ownAfter.body.data.attributes.name).toBe('Notetest own');
    expect((await app.admin('GET', '/test-stories?filter[search]=sneaky')).body.data).toEqual([]);

    // an administrator changes it; the history shows the change to them only
    const changed = await app.admin('PATCH', `/test-stories/${written.id}`, {
      data: {
        type: 'test-stories',
        id: written.id,
        attributes: { adminOnlyNote: 'Keep safe', name: 'Notetest 2' },
      },
    });
    ok(changed);
    const adminHistory = await app.admin('GET', `/test-stories/${written.id}/history`);
    expect(adminHistory.body.data[0].attributes.changes).toEqual([
      { field: 'adminOnlyNote', before: 'Keep', after: 'Keep safe' },
      { field: 'name', before: 'Notetest', after: 'Notetest 2' },
      { field: 'slug', before: 'notetest', after: 'notetest-2' },
    ]);
    const history = await appAdmin.browser.call('GET', `/api/v1/test-stories/${written.id}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const fields = history.body.data.flatMap((e: { attributes: { changes: Array<{ field: string }> } }) =>
      e.attributes.changes.map((c) => c.field),
    );
    expect(fields).toContain('name');
    expect(fields).not.toContain('adminOnlyNote');
    expect(JSON.stringify(history.body)).not.toContain('Keep');
    const asItWas = await appAdmin.browser.call('GET', `/api/v1/test-stories/${written.id}/history/0`);
    expect(asItWas.body.data.attributes.name).toBe('Notetest');
    expect(asItWas.body.data.attributes).not.toHaveProperty('adminOnlyNote');
    const adminAsItWas = await app.admin('GET', `/test-stories/${written.id}/history/0`);
    expect(adminAsItWas.body.data.attributes.adminOnlyNote).toBe('Keep');
    // members do not see the history at all
    expect((await author.browser.call('GET', `/api/v1/test-stories/${own.id}/history`)).status).toBe(403);
  });
});

describe('row rules', () => {
  it('lets owners and members read their diaries only, and owners change them', async () => {
    const alice = await person(app, 'row-alice@example.test');
    const bob = await person(app, 'row-bob@example.test');
    const carol = await person(app, 'row-carol@example.test');
    const appAdmin = await person(app, 'row-app-admin@example.test', { roles: ['app_admin'] });
    const diary = (who: typeof alice, name: string, members: string[]) =>
      who.browser.call('POST', '/api/v1/test-diaries', {
        body: doc('test-diaries', { name }, { owner: one('users', who.id), members: many('users', members) }),
      });
    const shared = created(await diary(alice, 'Alice and Bob', [bob.id]));
    const secret = created(await diary(carol, 'Carol alone', []));
    const at = secret.position;
    const list = async (browser: Browser, position = at) => {
      const answer = await browser.call('GET', `/api/v1/test-diaries?minPosition=${position}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return ids(answer);
    };
    expect(await list(alice.browser)).toEqual([shared.id]);
    expect(await list(bob.browser)).toEqual([shared.id]);
    expect(await list(carol.browser)).toEqual([secret.id]);
    expect(await list(appAdmin.browser)).toEqual(expect.arrayContaining([shared.id, secret.id]));
    expect(ids(await app.admin('GET', '/test-diaries'))).toEqual(
      expect.arrayContaining([shared.id, secret.id]),
    );
    expect((await app.browser().call('GET', '/api/v1/test-diaries')).status).toBe(401);
    const find = async (browser: Browser, id: string) =>
      (await browser.call('GET', `/api/v1/test-diaries/${id}`)).status;
    expect(await find(alice.browser, secret.id)).toBe(404);
    expect(await find(bob.browser, secret.id)).toBe(404);
    expect(await find(carol.browser, shared.id)).toBe(404);
    expect(await find(bob.browser, shared.id)).toBe(200);
    expect(await find(appAdmin.browser, secret.id)).toBe(200);
    // includes go through the rule too: a member listed reads the owner's name
    const withOwner = await bob.browser.call(
      'GET',
      `/api/v1/test-diaries/${shared.id}?include=owner,members`,
    );
    expect(withOwner.body.included.map((r: { id: string }) => r.id).sort()).toEqual(
      [alice.id, bob.id].sort(),
    );

    // writes: the owner (and application administrators) change a diary; a member or a stranger may not
    expect((await patch(bob.browser, 'test-diaries', shared.id, { name: 'Bob was here' })).status).toBe(403);
    expect((await patch(carol.browser, 'test-diaries', shared.id, { name: 'Carol was here' })).status).toBe(
      403,
    );
    expect((await alice.browser.call('DELETE', `/api/v1/test-diaries/${shared.id}`)).status).toBe(403);
    ok(await patch(appAdmin.browser, 'test-diaries', secret.id, { name: 'Carol, reviewed' }));
    const moved = await patch(
      alice.browser,
      'test-diaries',
      shared.id,
      { name: 'Alice and Carol' },
      {
        members: many('users', [carol.id]),
      },
    );
    const position = ok(moved);
    expect(await list(bob.browser, position)).toEqual([]);
    expect((await list(carol.browser, position)).sort()).toEqual([shared.id, secret.id].sort());
  });

  it('lets the author soft-delete a story, and only those who may restore see and restore it', async () => {
    const author = await person(app, 'trash-author@example.test');
    const other = await person(app, 'trash-other@example.test');
    const appAdmin = await person(app, 'trash-app-admin@example.test', { roles: ['app_admin'] });
    const { id } = created(
      await author.browser.call('POST', '/api/v1/test-stories', {
        body: story({ name: 'Trashtest story', publishedAt: PAST }),
      }),
    );
    expect((await other.browser.call('POST', `/api/v1/test-stories/${id}/soft-delete`)).status).toBe(403);
    const position = ok(await author.browser.call('POST', `/api/v1/test-stories/${id}/soft-delete`));
    expect(
      (await author.browser.call('GET', `/api/v1/test-stories/${id}?minPosition=${position}`)).status,
    ).toBe(404);
    expect((await author.browser.call('GET', '/api/v1/test-stories?filter[trashed]=only')).status).toBe(400);
    expect((await author.browser.call('POST', `/api/v1/test-stories/${id}/restore`)).status).toBe(403);
    const trashed = await appAdmin.browser.call(
      'GET',
      '/api/v1/test-stories?filter[trashed]=only&filter[search]=Trashtest',
    );
    expect(ids(trashed)).toEqual([id]);
    ok(await appAdmin.browser.call('POST', `/api/v1/test-stories/${id}/restore`));
  });

  it('lets an application administrator soft-delete, list, find and restore a coupon', async () => {
    const appAdmin = await person(app, 'coupon-app-admin@example.test', { roles: ['app_admin'] });
    const member = await person(app, 'coupon-member@example.test');
    const coupon = created(
      await app.admin('POST', '/coupons', doc('coupons', { name: 'Trashtest coupon', amount: 500 })),
    );
    const call = (method: string, path: string) => appAdmin.browser.call(method, `/api/v1${path}`);
    const deleted = await call('POST', `/coupons/${coupon.id}/soft-delete?minPosition=${coupon.position}`);
    const position = ok(deleted);
    const trashed = await call('GET', `/coupons?filter[trashed]=only&minPosition=${position}`);
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(200);
    expect(ids(trashed)).toContain(coupon.id);
    expect(ids(await call('GET', '/coupons'))).not.toContain(coupon.id);
    expect(ids(await call('GET', '/coupons?filter[trashed]=with'))).toContain(coupon.id);
    const found = await call('GET', `/coupons/${coupon.id}`);
    expect(found.status).toBe(200);
    expect(found.body.data.attributes.deletedAt).not.toBeNull();
    expect((await call('GET', `/services/publishables/coupons/${coupon.id}`)).body.data.exists).toBe(true);
    // a member sees none of it
    expect((await member.browser.call('GET', `/api/v1/coupons/${coupon.id}`)).status).toBe(404);
    expect((await member.browser.call('GET', '/api/v1/coupons?filter[trashed]=only')).status).toBe(400);
    const existsForMember = await member.browser.call(
      'GET',
      `/api/v1/services/publishables/coupons/${coupon.id}`,
    );
    expect(existsForMember.body.data.exists).toBe(false);
    expect((await member.browser.call('POST', `/api/v1/coupons/${coupon.id}/restore`)).status).toBe(403);
    const restored = await call('POST', `/coupons/${coupon.id}/restore`);
    const back = await member.browser.call('GET', `/api/v1/coupons/${coupon.id}?minPosition=${ok(restored)}`);
    expect(back.status).toBe(200);
    expect(back.body.data.attributes.deletedAt).toBeNull();
  });
});
