import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCmsTestApp, type Answer, type CmsTestApp } from '@platform/query-api/testing/cms-test-app';

let app: CmsTestApp;
beforeAll(async () => {
  app = await startCmsTestApp();
});
afterAll(async () => {
  await app.close();
});

const redirection = (attributes: Record<string, unknown>) => ({
  data: { type: 'app-redirections', attributes },
});
const create = (attributes: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.call('POST', '/app-redirections', { body: redirection(attributes), headers });

function expectError(answer: Answer, status: number, match: Record<string, unknown> = {}) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.errors[0]).toMatchObject({ status: String(status), ...match });
}

describe('app-redirections', () => {
  it('creates a redirection with normalised paths and a default display name, listed and found', async () => {
    const answer = await create({ fromPath: '//old-page/', toPath: '/new-page' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { id } = answer.body.data;
    const found = await app.read(`/app-redirections/${id}`, {
      position: answer.body.meta.position,
      as: 'anonymous',
    });
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
    const list = await app.read('/app-redirections?filter[fromPath]=/old-page');
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
  });

  it('deletes a redirection, frees its path, and records both saves as environment updates', async () => {
    const made = await create({ name: 'Temporary', fromPath: '/temp', toPath: '/x' });
    const before = await app.read('/app-environment', { position: made.body.meta.position });
    expect(before.body.meta.stale).toBeUndefined();
    const deleted = await app.call('DELETE', `/app-redirections/${made.body.data.id}`);
    expect(deleted.status).toBe(200);
    const env = await app.read('/app-environment', { position: deleted.body.meta.position });
    expect(Number(env.body.meta.revision)).toBe(Number(before.body.meta.revision) + 1);
    expectError(await app.read(`/app-redirections/${made.body.data.id}`), 404);
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
      [{ fromPath: '/a', toPath: '/x', extra: 1 }, '/data/attributes'],
    ])('%j', async (attributes, pointer) => {
      expectError(await create(attributes), 422, { source: { pointer } });
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
      expectError(await app.read('/app-redirections/nope'), 404);
      expectError(await app.read('/app-redirections?filter[unknown]=1'), 400);
      expectError(await app.read('/app-redirections?page[size]=0'), 400);
    });
  });
});
