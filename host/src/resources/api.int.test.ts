import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { APP_ADMINS } from '@platform/contracts/resources/access';
import { defineResource } from '@platform/contracts/resources/definition';
import { shortUrlResource } from '@platform/contracts/short-urls/short-url';
import { adminTagResource } from '@platform/contracts/site-settings/lists';
import {
  createUser,
  signIn,
  startAccountsApp,
  type AccountsTestApp,
} from '@platform/tests/support/apps/accounts-app';

/** A record type of the test's own, with every kind of field, relationships and soft deletion. */
const gadgetResource = defineResource({
  type: 'test-gadgets',
  singular: 'test-gadget',
  category: 'testgadget',
  eventPrefix: 'TestGadget',
  module: 'tests',
  menu: { group: 'rental', icon: 'build' },
  attributes: z.object({
    name: z.string().trim().min(1).max(40),
    description: z.string().max(5000).nullable().default(null),
    stock: z.number().int().min(0).default(0),
    priceCents: z.number().int().min(0).nullable().default(null),
    lendable: z.boolean().default(true),
    condition: z.enum(['new', 'used', 'broken']).default('new'),
    availableFrom: z.string().datetime({ offset: true }).nullable().default(null),
    specs: z.record(z.string(), z.string()).default({}),
  }),
  relationships: { owner: { type: 'users' }, tags: { type: 'admin-tags', many: true } },
  softDeletable: true,
  unique: ['name'],
  access: {
    see: APP_ADMINS,
    index: 'signedIn',
    show: 'signedIn',
    create: APP_ADMINS,
    update: APP_ADMINS,
    delete: APP_ADMINS,
    softDelete: APP_ADMINS,
    restore: APP_ADMINS,
  },
  filters: ['condition', 'lendable'],
  search: ['name', 'description'],
  sorts: ['name', 'stock'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});

let app: AccountsTestApp;
beforeAll(async () => {
  app = await startAccountsApp({}, { resources: [shortUrlResource, adminTagResource, gadgetResource] });
});
afterAll(async () => {
  await app.close();
});

const gadget = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => ({
  data: { type: 'test-gadgets', attributes, ...(relationships ? { relationships } : {}) },
});
const pointers = (body: { errors: Array<{ source?: { pointer?: string } }> }) =>
  body.errors.map((e) => e.source?.pointer);

describe('a resource of the catalogue, end to end', () => {
  it('lists a member’s likes as an empty list while no type is likable', async () => {
    await createUser(app, { email: 'liker@example.test' });
    const browser = app.browser();
    await signIn(browser, 'liker@example.test');
    const likes = await browser.call('GET', '/api/v1/likes');
    expect(likes.status).toBe(200);
    expect(likes.body.data).toEqual([]);
  });

  it('creates, lists, finds, updates, soft-deletes, restores and deletes a record', async () => {
    const owner = await createUser(app, { email: 'owner@example.test' });
    const tag = await app.admin('POST', '/admin-tags', {
      data: { type: 'admin-tags', attributes: { name: 'Mobility' } },
    });
    expect(tag.status).toBe(201);
    const created = await app.admin(
      'POST',
      '/test-gadgets',
      gadget(
        {
          name: '  Standing frame ',
          stock: 2,
          specs: { height: '120 cm' },
          availableFrom: '2026-12-01T09:00:00+01:00',
        },
        {
          owner: { data: { type: 'users', id: owner.id } },
          tags: { data: [{ type: 'admin-tags', id: tag.body.data.id }] },
        },
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;

    const found = await app.admin('GET', `/test-gadgets/${id}?minPosition=${created.body.meta.position}`);
    expect(found.status).toBe(200);
    expect(found.body.data.attributes).toMatchObject({
      name: 'Standing frame',
      description: null,
      stock: 2,
      lendable: true,
      condition: 'new',
      availableFrom: '2026-12-01T08:00:00.000Z',
      specs: { height: '120 cm' },
      deletedAt: null,
    });
    expect(found.body.data.relationships.owner.data).toEqual({ type: 'users', id: owner.id });
    expect(found.body.data.relationships.tags.data).toEqual([{ type: 'admin-tags', id: tag.body.data.id }]);
    expect(found.body.data.meta.version).toBe('0');

    const updated = await app.admin(
      'PATCH',
      `/test-gadgets/${id}`,
      { data: { type: 'test-gadgets', id, attributes: { stock: 3, condition: 'used' } } },
      { 'If-Match': '"0"' },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // an update leaves the attributes it does not name as they are (no defaults re-applied)
    const after = await app.admin('GET', `/test-gadgets/${id}?minPosition=${updated.body.meta.position}`);
    expect(after.body.data.attributes).toMatchObject({
      stock: 3,
      condition: 'used',
      lendable: true,
      name: 'Standing frame',
    });

    const list = await app.admin(
      'GET',
      `/test-gadgets?filter[condition]=used&filter[search]=STANDING&sort=-stock`,
    );
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(list.body.meta.total).toBe(1);
    const none = await app.admin('GET', `/test-gadgets?filter[lendable]=false`);
    expect(none.body.data).toEqual([]);

    const softDeleted = await app.admin('POST', `/test-gadgets/${id}/soft-delete`);
    expect(softDeleted.status).toBe(200);
    const hidden = await app.admin('GET', `/test-gadgets?minPosition=${softDeleted.body.meta.position}`);
    expect(hidden.body.data).toEqual([]);
    const trashed = await app.admin('GET', `/test-gadgets?filter[trashed]=only`);
    expect(trashed.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(trashed.body.data[0].attributes.deletedAt).not.toBeNull();
    const refused = await app.admin('PATCH', `/test-gadgets/${id}`, {
      data: { type: 'test-gadgets', id, attributes: { stock: 9 } },
    });
    expect(refused.status).toBe(409);

    const restored = await app.admin('POST', `/test-gadgets/${id}/restore`);
    const back = await app.admin('GET', `/test-gadgets/${id}?minPosition=${restored.body.meta.position}`);
    expect(back.body.data.attributes.deletedAt).toBeNull();

    const deleted = await app.admin('DELETE', `/test-gadgets/${id}`);
    expect(deleted.status).toBe(200);
    const gone = await app.admin('GET', `/test-gadgets/${id}?minPosition=${deleted.body.meta.position}`);
    expect(gone.status).toBe(404);
    // the name is free again once the record is deleted
    const again = await app.admin('POST', '/test-gadgets', gadget({ name: 'Standing frame' }));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('answers bad input with 4xx and pointers, never 500', async () => {
    const unknown = await app.admin('POST', '/test-gadgets', gadget({ name: 'A', colour: 'red' }));
    expect(unknown.status).toBe(422);
    expect(pointers(unknown.body)).toContain('/data/attributes');
    const wrongType = await app.admin('POST', '/test-gadgets', gadget({ name: 'B', stock: 'many' }));
    expect(wrongType.status).toBe(422);
    expect(pointers(wrongType.body)).toEqual(['/data/attributes/stock']);
    const tooLong = await app.admin('POST', '/test-gadgets', gadget({ name: 'x'.repeat(41) }));
    expect(tooLong.status).toBe(422);
    expect(pointers(tooLong.body)).toEqual(['/data/attributes/name']);
    const missing = await app.admin('POST', '/test-gadgets', gadget({}));
    expect(pointers(missing.body)).toEqual(['/data/attributes/name']);
    const badEnum = await app.admin('POST', '/test-gadgets', gadget({ name: 'C', condition: 'shiny' }));
    expect(pointers(badEnum.body)).toEqual(['/data/attributes/condition']);
    const ghost = await app.admin(
      'POST',
      '/test-gadgets',
      gadget(
        { name: 'D' },
        { owner: { data: { type: 'users', id: '0a000000-0000-4000-8000-0000000000ff' } } },
      ),
    );
    expect(ghost.status).toBe(422);
    expect(pointers(ghost.body)).toEqual(['/data/relationships/owner/data/id']);
    const wrongTarget = await app.admin(
      'POST',
      '/test-gadgets',
      gadget(
        { name: 'E' },
        { owner: { data: { type: 'organizations', id: '0a000000-0000-4000-8000-0000000000ff' } } },
      ),
    );
    expect(wrongTarget.status).toBe(422);
    const badFilter = await app.admin('GET', '/test-gadgets?filter[stock]=1');
    expect(badFilter.status).toBe(400);
    const badSort = await app.admin('GET', '/test-gadgets?sort=description');
    expect(badSort.status).toBe(400);
    const badId = await app.admin('GET', '/test-gadgets/not-a-uuid');
    expect(badId.status).toBe(404);
    const raw = await fetch(app.url('/api/v1/test-gadgets'), {
      method: 'POST',
      headers: {
        Authorization: 'Bearer test-admin-token-0123456789abcdef',
        'Content-Type': 'application/vnd.api+json',
      },
      body: '{"data":',
    });
    expect(raw.status).toBe(400);
  });

  it('refuses a taken unique value (409 on its field) and a stale version (409), even when racing', async () => {
    const first = await app.admin('POST', '/app-short-urls', {
      data: { type: 'app-short-urls', attributes: { token: 'fair', url: '/about' } },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const taken = await app.admin('POST', '/app-short-urls', {
      data: { type: 'app-short-urls', attributes: { token: 'fair', url: '/contact' } },
    });
    expect(taken.status).toBe(409);
    expect(pointers(taken.body)).toEqual(['/data/attributes/token']);

    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.admin('POST', '/app-short-urls', {
          data: { type: 'app-short-urls', attributes: { token: 'race', url: `/r${i}` } },
        }),
      ),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(7);

    const id = first.body.data.id as string;
    const change = (url: string, version: string) =>
      app.admin(
        'PATCH',
        `/app-short-urls/${id}`,
        { data: { type: 'app-short-urls', id, attributes: { url } } },
        { 'If-Match': `"${version}"` },
      );
    expect((await change('/one', '0')).status).toBe(200);
    const stale = await change('/two', '0');
    expect(stale.status).toBe(409);
  });

  it('lets only those the definition allows act, and hides soft-deleted records from the others', async () => {
    await createUser(app, { email: 'member@example.test' });
    const member = app.browser();
    expect((await signIn(member, 'member@example.test', 'correct horse battery')).status).toBe(200);
    const refused = await member.call('POST', '/api/v1/test-gadgets', { body: gadget({ name: 'Nope' }) });
    expect(refused.status).toBe(403);
    const anonymous = await fetch(app.url('/api/v1/test-gadgets'));
    expect(anonymous.status).toBe(401);

    const created = await app.admin('POST', '/test-gadgets', gadget({ name: 'Walker' }));
    const id = created.body.data.id as string;
    const seen = await member.call(
      'GET',
      `/api/v1/test-gadgets/${id}?minPosition=${created.body.meta.position}`,
    );
    expect(seen.status).toBe(200);
    const softDeleted = await app.admin('POST', `/test-gadgets/${id}/soft-delete`);
    const position = softDeleted.body.meta.position as string;
    expect((await member.call('GET', `/api/v1/test-gadgets/${id}?minPosition=${position}`)).status).toBe(404);
    expect((await app.admin('GET', `/test-gadgets/${id}`)).status).toBe(200);
    expect((await member.call('GET', '/api/v1/test-gadgets?filter[trashed]=with')).status).toBe(400);
    const exists = await member.call('GET', `/api/v1/services/publishables/test-gadgets/${id}`);
    expect(exists.body.data.exists).toBe(false);
    const existsForAdmin = await app.admin('GET', `/services/publishables/test-gadgets/${id}`);
    expect(existsForAdmin.body.data.exists).toBe(true);
    expect((await member.call('GET', `/api/v1/test-gadgets/${id}/history`)).status).toBe(403);
  });

  it('shows the history of a record, newest first, and the record as it was at any entry', async () => {
    const created = await app.admin('POST', '/app-short-urls', {
      data: { type: 'app-short-urls', attributes: { token: 'history', url: '/first', name: 'First' } },
    });
    const id = created.body.data.id as string;
    await app.admin('PATCH', `/app-short-urls/${id}`, {
      data: { type: 'app-short-urls', id, attributes: { url: '/second', token: 'history-2' } },
    });
    const history = await app.admin('GET', `/app-short-urls/${id}/history`);
    expect(history.status).toBe(200);
    const entries = history.body.data.map((e: { attributes: unknown }) => e.attributes);
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['updated', 'created']);
    expect(entries[0].changes).toEqual([
      { field: 'token', before: 'history', after: 'history-2' },
      { field: 'url', before: '/first', after: '/second' },
    ]);
    expect(entries[1].changes).toContainEqual({ field: 'name', before: null, after: 'First' });
    expect(entries[0].actor).toMatchObject({ userId: expect.any(String), impersonatorId: null });

    const asItWas = await app.admin('GET', `/app-short-urls/${id}/history/0`);
    expect(asItWas.body.data.attributes).toEqual({ token: 'history', url: '/first', name: 'First' });
    expect(asItWas.body.data.meta).toMatchObject({ revision: '0', exists: true });
    expect((await app.admin('GET', `/app-short-urls/${id}/history/7`)).status).toBe(404);
    expect((await app.admin('GET', `/app-short-urls/${id}/history/x`)).status).toBe(400);

    // the old token was released by the change
    const reuse = await app.admin('POST', '/app-short-urls', {
      data: { type: 'app-short-urls', attributes: { token: 'history', url: '/third' } },
    });
    expect(reuse.status).toBe(201);
  });
});
