import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsTestApp, type Answer, type CmsTestApp } from '@platform/tests/support/apps/cms-test-app';

// Redirections are a resource of the catalogue (contracts/src/redirections/redirection.ts): the generic routes,
// with the from path claimed among the page paths and the app environment marked as updated on every save.
let app: CmsTestApp;
beforeAll(async () => {
  app = await startCmsTestApp();
});
afterAll(async () => {
  await app.close();
});

const redirection = (attributes: Record<string, unknown>, id?: string) => ({
  data: { type: 'app-redirections', ...(id ? { id } : {}), attributes },
});
const create = (attributes: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('POST', '/app-redirections', { body: redirection(attributes), headers });
const update = (id: string, attributes: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('PATCH', `/app-redirections/${id}`, { body: redirection(attributes, id), headers });

function expectError(answer: Answer, status: number, match: Record<string, unknown> = {}) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errors[0]).toMatchObject({ status: String(status), ...match });
}
const environmentRevision = async (position: string) =>
  Number((await app.read('/app-environment', { position })).body.meta.revision);

describe('app-redirections', () => {
  it('creates a redirection with normalised paths and a default display name, listed and found', async () => {
    const answer = await create({ fromPath: '//old-page/', toPath: '/new-page' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { id } = answer.body.data;
    const found = await app.read(`/app-redirections/${id}`, {
      position: answer.body.meta.position,
      as: 'anonymous',
    });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data).toMatchObject({
      type: 'app-redirections',
      id,
      attributes: {
        name: null,
        displayName: 'Redirection to /new-page',
        fromPath: '/old-page',
        toPath: '/new-page',
      },
      meta: { version: '0' },
    });
    const list = await app.read('/app-redirections?filter[fromPath]=/old-page', { as: 'anonymous' });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(list.body.meta.total).toBe(1);
  });

  it('refuses a from path already used by a redirection or by a page (409 on fromPath)', async () => {
    expectError(await create({ fromPath: '/old-page', toPath: '/elsewhere' }), 409, {
      code: 'conflict.duplicate_path',
      source: { pointer: '/data/attributes/fromPath' },
    });
    const page = await app.call('POST', '/app-pages', {
      body: { data: { type: 'app-pages', attributes: { path: '/taken', title: 'Taken' } } },
    });
    expect(page.status).toBe(201);
    expectError(await create({ fromPath: '/taken/', toPath: '/x' }), 409, {
      code: 'conflict.duplicate_path',
    });
    // and the other way round: a page may not take a redirection's path
    const onRedirection = await app.call('POST', '/app-pages', {
      body: { data: { type: 'app-pages', attributes: { path: '/old-page', title: 'Clash' } } },
    });
    expectError(onRedirection, 409, { code: 'conflict.duplicate_path' });
  });

  it('moves a redirection to another path: the new one is claimed, the old one freed', async () => {
    const made = await create({ name: 'Moving', fromPath: '/moving-a', toPath: '/x' });
    const { id } = made.body.data;
    expectError(await update(id, { fromPath: '/taken' }), 409, {
      code: 'conflict.duplicate_path',
      source: { pointer: '/data/attributes/fromPath' },
    });
    const moved = await update(id, { fromPath: '/moving-b/' }, { 'If-Match': '"0"' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.meta.version).toBe('1');
    const found = await app.read(`/app-redirections/${id}`, { position: moved.body.meta.position });
    expect(found.body.data.attributes).toMatchObject({ fromPath: '/moving-b', name: 'Moving' });
    const reused = await create({ fromPath: '/moving-a', toPath: '/y' });
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);
    expectError(await create({ fromPath: '/moving-b', toPath: '/y' }), 409, {
      code: 'conflict.duplicate_path',
    });
  });

  it('deletes a redirection, frees its path, and records each save and delete as an environment update', async () => {
    const made = await create({ name: 'Temporary', fromPath: '/temp', toPath: '/x' });
    const afterCreate = await environmentRevision(made.body.meta.position);
    const renamed = await update(made.body.data.id, { name: 'Renamed' });
    expect(await environmentRevision(renamed.body.meta.position)).toBe(afterCreate + 1);
    const deleted = await app.call('DELETE', `/app-redirections/${made.body.data.id}`);
    expect(deleted.status).toBe(200);
    expect(await environmentRevision(deleted.body.meta.position)).toBe(afterCreate + 2);
    // read at the deletion's position: the redirections' read model may be a moment behind the environment's
    expectError(
      await app.read(`/app-redirections/${made.body.data.id}`, { position: deleted.body.meta.position }),
      404,
    );
    const reused = await create({ fromPath: '/temp', toPath: '/y' });
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);
    expectError(await app.call('DELETE', `/app-redirections/${made.body.data.id}`), 404);
  });

  it('answers a retried create with the first answer', async () => {
    const headers = { 'Idempotency-Key': `redirection-${randomUUID()}` };
    const first = await create({ fromPath: '/once', toPath: '/twice' }, headers);
    const again = await create({ fromPath: '/once', toPath: '/twice' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  describe('bad inputs get their 4xx, never a 500', () => {
    it.each([
      [{ fromPath: '/loop', toPath: '/loop/' }, '/data/attributes/toPath'],
      [{ fromPath: '/a b', toPath: '/x' }, '/data/attributes/fromPath'],
      [{ fromPath: 'https://example.org/a', toPath: '/x' }, '/data/attributes/fromPath'],
      [{ fromPath: '/a', toPath: 'javascript:alert(1)' }, '/data/attributes/toPath'],
      [{ toPath: '/x' }, '/data/attributes/fromPath'],
      [{ fromPath: '/a', toPath: '/x', name: 'x'.repeat(256) }, '/data/attributes/name'],
      [{ fromPath: '/a', toPath: '/x', name: 3 }, '/data/attributes/name'],
      [{ fromPath: '/a', toPath: '/x', extra: 1 }, '/data/attributes'],
    ])('%j', async (attributes, pointer) => {
      expectError(await create(attributes), 422, { source: { pointer } });
    });

    it('an update that would loop, a stale version, an unknown attribute', async () => {
      const made = await create({ fromPath: '/checked', toPath: '/x' });
      const { id } = made.body.data;
      expectError(await update(id, { toPath: '/checked?again=1' }), 422, {
        source: { pointer: '/data/attributes/toPath' },
      });
      expectError(await update(id, { fromPath: '/x' }), 422, {
        source: { pointer: '/data/attributes/toPath' },
      });
      expectError(await update(id, { name: 'Late' }, { 'If-Match': '"7"' }), 409, {
        code: 'conflict.wrong_expected_version',
      });
      expectError(await update(id, { colour: 'red' }), 422, { source: { pointer: '/data/attributes' } });
      // nothing was claimed by the refused updates
      expect((await create({ fromPath: '/x', toPath: '/checked' })).status).toBe(201);
    });

    it('malformed JSON, missing token, unknown ids, bad list parameters', async () => {
      expectError(await app.call('POST', '/app-redirections', { raw: '[' }), 400);
      const anonymous = await app.call('POST', '/app-redirections', {
        body: redirection({ fromPath: '/a', toPath: '/b' }),
        as: 'anonymous',
      });
      expectError(anonymous, 401);
      expectError(await app.call('DELETE', `/app-redirections/${randomUUID()}`), 404);
      expectError(await app.call('DELETE', '/app-redirections/nope'), 404);
      expectError(await update(randomUUID(), { name: 'Nobody' }), 404);
      expectError(await app.read('/app-redirections/nope'), 404);
      expectError(await app.read('/app-redirections?filter[unknown]=1'), 400);
      expectError(await app.read('/app-redirections?page[size]=0'), 400);
      expectError(await app.read('/app-redirections?sort=secret'), 400);
    });
  });
});
