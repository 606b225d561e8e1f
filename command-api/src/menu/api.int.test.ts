import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsTestApp, type Answer, type CmsTestApp } from '@platform/tests/support/apps/cms-test-app';

let app: CmsTestApp;
beforeAll(async () => {
  app = await startCmsTestApp();
});
afterAll(async () => {
  await app.close();
});

const item = (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => ({
  data: { type: 'app-menu-items', attributes, relationships },
});
const parent = (id: string | null) => ({ parent: { data: id ? { type: 'app-menu-items', id } : null } });
const page = (id: string) => ({ page: { data: { type: 'app-pages', id } } });

async function created(answer: Answer): Promise<{ id: string; position: string; version: string }> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id, ...answer.body.meta };
}
const createItem = async (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
  created(await app.call('POST', '/app-menu-items', { body: item(attributes, relationships) }));
const createPage = async (attributes: Record<string, unknown>) =>
  created(await app.call('POST', '/app-pages', { body: { data: { type: 'app-pages', attributes } } }));

type Node = { name: string; children: Node[] };
const names = (nodes: Node[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.name, names(n.children)] : n.name));

function expectError(answer: Answer, status: number, match: Record<string, unknown> = {}) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errors[0]).toMatchObject({ status: String(status), ...match });
}

describe('app-menu-items commands and the app menu', () => {
  let about: string;
  let members: string;
  let root: string;
  let last: string;

  it('builds a tree whose children are nested in position order, with page links resolved', async () => {
    about = (await createPage({ path: '/about-us', title: 'About' })).id;
    members = (await createPage({ path: '/members', title: 'Members', requiresAuth: true })).id;
    root = (await createItem({ name: 'Community' })).id;
    await createItem({ name: 'About' }, { ...parent(root), ...page(about) });
    await createItem({ name: 'First', position: 0 }, parent(root));
    last = (await createItem({ name: 'Blog', url: 'https://blog.example.org', blank: true })).position;
    const menu = await app.read('/services/app-menu', { position: last, as: 'anonymous' });
    expect(menu.status).toBe(200);
    expect(names(menu.body.data)).toEqual([['Community', ['First', 'About']], 'Blog']);
    const aboutNode = menu.body.data[0].children[1];
    expect(aboutNode).toMatchObject({ pageId: about, href: '/about-us', url: null, blank: false });
    expect(menu.body.data[1]).toMatchObject({ href: 'https://blog.example.org', blank: true });
  });

  it('hides an item requiring auth from an anonymous caller and shows it to the bootstrap admin', async () => {
    const { position } = await createItem({ name: 'Intranet', requiresAuth: true, url: '/intranet' });
    const anonymous = await app.read('/services/app-menu', { position, as: 'anonymous' });
    expect(names(anonymous.body.data)).not.toContain('Intranet');
    const admin = await app.read('/services/app-menu', { position });
    expect(names(admin.body.data)).toContain('Intranet');
  });

  it('hides items whose page, access level or roles the caller lacks, and a hidden parent hides its branch', async () => {
    await createItem({ name: 'Members area' }, page(members));
    await createItem({ name: 'Level 2', accessLevel: 'member_level_2' });
    await createItem({ name: 'Rental admins', roles: ['rental_admin'] });
    const hidden = await createItem({ name: 'Private group', requiresAuth: true });
    const { position } = await createItem({ name: 'Inside private' }, parent(hidden.id));
    const anonymous = await app.read('/services/app-menu', { position, as: 'anonymous' });
    const flat = JSON.stringify(anonymous.body.data);
    for (const name of ['Members area', 'Level 2', 'Rental admins', 'Private group', 'Inside private']) {
      expect(flat).not.toContain(name);
    }
    const admin = await app.read('/services/app-menu', { position });
    expect(names(admin.body.data)).toEqual(
      expect.arrayContaining(['Members area', ['Private group', ['Inside private']]]),
    );
    // the resource list filters the same way for anonymous callers
    const list = await app.read('/app-menu-items?page[size]=100', { as: 'anonymous' });
    expect(list.body.data.map((r: { attributes: { name: string } }) => r.attributes.name)).not.toContain(
      'Inside private',
    );
  });

  it('moves an item (reordering siblings), refuses cycles, and records that the environment was updated', async () => {
    const a = await createItem({ name: 'A' });
    const before = await app.read('/app-environment', { position: a.position });
    const revision = Number(before.body.meta.revision);
    const b = await createItem({ name: 'B' }, parent(a.id));
    const cycle = await app.call('POST', `/app-menu-items/${a.id}/move`, { body: { parent: b.id } });
    expectError(cycle, 422, { code: 'validation.invalid', source: { pointer: '/parent' } });
    const moved = await app.call('POST', `/app-menu-items/${b.id}/move`, {
      body: { parent: null, position: 0 },
    });
    expect(moved.status).toBe(200);
    const menu = await app.read('/services/app-menu', { position: moved.body.meta.position });
    expect(menu.body.data[0].name).toBe('B');
    const after = await app.read('/app-environment', { position: moved.body.meta.position });
    expect(Number(after.body.meta.revision)).toBe(revision + 2);
  });

  it('updates with If-Match on the item version, and refuses a stale one', async () => {
    const x = await createItem({ name: 'X' });
    await createItem({ name: 'Unrelated' }); // another item's change does not make X stale
    const ok = await app.call('PATCH', `/app-menu-items/${x.id}`, {
      body: { data: { type: 'app-menu-items', id: x.id, attributes: { name: 'X2', color: 'primary' } } },
      headers: { 'If-Match': `"${x.version}"` },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stale = await app.call('PATCH', `/app-menu-items/${x.id}`, {
      body: { data: { type: 'app-menu-items', attributes: { name: 'X3' } } },
      headers: { 'If-Match': `"${x.version}"` },
    });
    expectError(stale, 409, { code: 'conflict.wrong_expected_version' });
    const found = await app.read(`/app-menu-items/${x.id}`, { position: ok.body.meta.position });
    expect(found.body.data).toMatchObject({
      attributes: { name: 'X2', color: 'primary' },
      meta: { version: ok.body.meta.version },
    });
  });

  it('deletes a parent with its children', async () => {
    const group = await createItem({ name: 'Group' });
    const child = await createItem({ name: 'Child' }, parent(group.id));
    const deleted = await app.call('DELETE', `/app-menu-items/${group.id}`);
    expect(deleted.status).toBe(200);
    const gone = await app.read(`/app-menu-items/${child.id}`, { position: deleted.body.meta.position });
    expectError(gone, 404, { code: 'not_found' });
  });

  it('lists and finds app-menu-items with their children and parent included', async () => {
    const found = await app.read(`/app-menu-items/${root}?include=children,parent`, { position: last });
    expect(found.status).toBe(200);
    expect(found.body.data.relationships.children.data).toHaveLength(2);
    expect(
      found.body.included.map((r: { attributes: { name: string } }) => r.attributes.name).sort(),
    ).toEqual(['About', 'First']);
    const tops = await app.read('/app-menu-items?filter[parent]=null&include=children');
    expect(tops.status).toBe(200);
    expect(
      tops.body.data.every(
        (r: { relationships: { parent: { data: null } } }) => r.relationships.parent.data === null,
      ),
    ).toBe(true);
    expect(tops.body.meta.total).toBe(tops.body.data.length);
  });

  it('answers a retried create (same Idempotency-Key) with the first answer, adding nothing', async () => {
    const headers = { 'Idempotency-Key': `menu-retry-${randomUUID()}` };
    const first = await app.call('POST', '/app-menu-items', { body: item({ name: 'Once' }), headers });
    const again = await app.call('POST', '/app-menu-items', { body: item({ name: 'Once' }), headers });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const menu = await app.read('/services/app-menu', { position: again.body.meta.position });
    expect(names(menu.body.data).filter((n) => n === 'Once')).toHaveLength(1);
  });

  describe('bad inputs get their 4xx, never a 500', () => {
    const unknown = randomUUID();
    it.each([
      [
        'an unknown parent',
        () => item({ name: 'x' }, parent(unknown)),
        422,
        '/data/relationships/parent/data',
      ],
      [
        'a page and a url at once',
        () => item({ name: 'x', url: '/x' }, page(about)),
        422,
        '/data/attributes/url',
      ],
      ['an unknown page', () => item({ name: 'x' }, page(unknown)), 422, '/data/relationships/page/data'],
      ['a missing name', () => item({}), 422, '/data/attributes/name'],
      [
        'a javascript: url',
        () => item({ name: 'x', url: 'javascript:alert(1)' }),
        422,
        '/data/attributes/url',
      ],
      ['an unknown role', () => item({ name: 'x', roles: ['root'] }), 422, '/data/attributes/roles/0'],
      ['a position past the end', () => item({ name: 'x', position: 999 }), 422, '/data/attributes/position'],
      ['an unknown attribute', () => item({ name: 'x', nmae: 'y' }), 422, '/data/attributes'],
      [
        'the wrong type',
        () => ({ data: { type: 'app-pages', attributes: { name: 'x' } } }),
        422,
        '/data/type',
      ],
    ])('%s', async (_label, body, status, pointer) => {
      const answer = await app.call('POST', '/app-menu-items', { body: body() });
      expectError(answer, status, { source: { pointer } });
    });

    it('malformed JSON', async () => {
      expectError(await app.call('POST', '/app-menu-items', { raw: '{"data": {' }), 400, {
        code: 'validation.malformed_json',
      });
    });

    it('a missing or wrong token', async () => {
      expectError(
        await app.call('POST', '/app-menu-items', { body: item({ name: 'x' }), as: 'anonymous' }),
        401,
      );
      const wrong = await app.call('GET', '/services/app-menu', {
        as: 'anonymous',
        headers: { Authorization: 'Bearer nope' },
      });
      expectError(wrong, 401);
    });

    it('unknown ids, in every route', async () => {
      const doc = { data: { type: 'app-menu-items', attributes: { name: 'x' } } };
      expectError(await app.call('PATCH', `/app-menu-items/${unknown}`, { body: doc }), 404);
      expectError(await app.call('DELETE', `/app-menu-items/${unknown}`), 404);
      expectError(await app.call('POST', `/app-menu-items/${unknown}/move`, { body: { parent: null } }), 404);
      expectError(await app.call('DELETE', '/app-menu-items/not-a-uuid'), 404);
      expectError(await app.read(`/app-menu-items/${unknown}`), 404);
      expectError(await app.read('/app-menu-items/not-a-uuid'), 404);
    });

    it('a bad move body, If-Match and query parameters', async () => {
      expectError(await app.call('POST', `/app-menu-items/${root}/move`, { body: { parent: 'x' } }), 422, {
        source: { pointer: '/parent' },
      });
      expectError(
        await app.call('POST', `/app-menu-items/${root}/move`, { body: { parent: null, position: 99 } }),
        422,
        {
          source: { pointer: '/position' },
        },
      );
      const doc = { data: { type: 'app-menu-items', attributes: { name: 'x' } } };
      expectError(
        await app.call('PATCH', `/app-menu-items/${root}`, { body: doc, headers: { 'If-Match': 'abc' } }),
        422,
      );
      expectError(await app.read('/app-menu-items?filter[parent]=nope'), 400);
      expectError(await app.read('/app-menu-items?include=page'), 400);
      expectError(await app.read('/app-menu-items?sort=secret'), 400);
    });
  });
});
